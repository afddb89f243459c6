/**
 * docs/contract.md §2 as an independent model: random documents are generated as structured
 * lines (so the model knows what each line says without parsing it), printed, and the
 * validator's set of (line, code, severity) is compared with what the model derives
 * directly from the rules' wording.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseClair } from '../../src/core/clair/parser.ts';
import { validateClair } from '../../src/core/clair/validateClair.ts';

interface BeliefLine {
  readonly kind: 'belief';
  readonly id: string;
  readonly conf: string;
  readonly level: number | null;
  readonly source: string;
  readonly refs: readonly string[];
  readonly words: readonly string[];
}
interface BrokenLine {
  readonly kind: 'broken';
  /** Well-formed or not; `null` for prose that starts with a capital. */
  readonly id: string | null;
  readonly form: number;
}
interface OtherLine {
  readonly kind: 'comment' | 'blank';
}
type Line = BeliefLine | BrokenLine | OtherLine;

const IDS = ['b1', 'b2', 'b3', 'b4', 'a', 'c'];
const ID_RE = /^[a-z][a-z0-9_]*$/;

const beliefLine: fc.Arbitrary<BeliefLine> = fc.record({
  kind: fc.constant('belief' as const),
  id: fc.constantFrom(...IDS),
  conf: fc.constantFrom('0', '.3', '.5', '.7', '.81', '.82', '.9', '1', '.25', '.0625', '.6561', '1.2', '-0.1'),
  level: fc.option(fc.integer({ min: 0, max: 3 }), { freq: 5 }),
  source: fc.constantFrom('self', 'user', 'file:x', 'web'),
  refs: fc.array(fc.constantFrom(...IDS, 'b9', 'B1', '2x'), { maxLength: 3 }),
  words: fc.array(fc.constantFrom(...IDS, 'b9', 'b10', 'xb1', 'B2', 'b1_', 'the', 'and'), { maxLength: 4 }),
});
const brokenLine: fc.Arbitrary<BrokenLine> = fc.record({
  kind: fc.constant('broken' as const),
  id: fc.constantFrom(...IDS, 'Bad', null),
  form: fc.nat(4),
});
const line: fc.Arbitrary<Line> = fc.oneof(
  { weight: 8, arbitrary: beliefLine },
  { weight: 2, arbitrary: brokenLine },
  { weight: 1, arbitrary: fc.constantFrom<OtherLine>({ kind: 'comment' }, { kind: 'blank' }) },
);

function render(l: Line): string {
  switch (l.kind) {
    case 'blank':
      return '';
    case 'comment':
      return '; a comment <b1 "x';
    case 'broken': {
      if (l.id === null) return 'Here is the rest of my plan: b1 .5 L0 @self "x"';
      return [`${l.id} .5 L0 @self <b1 "unterminated`, `${l.id} 1. L0 @self "bad number"`, `${l.id} .5 L0 @self <b1, "trailing comma"`, `${l.id}`, `${l.id} .9 L1 @self <b2 ?[] "no condition"`][
        l.form
      ]!;
    }
    case 'belief': {
      const parts = [l.id, l.conf];
      if (l.level !== null) parts.push(`L${l.level}`);
      parts.push(`@${l.source}`);
      if (l.refs.length > 0) parts.push('<' + l.refs.join(','));
      parts.push(`"${l.words.join(' (')}"`);
      return parts.join(' ');
    }
  }
}

/** The rules of docs/contract.md §2, applied to the structured lines. */
function model(lines: readonly Line[]): string[] {
  const out = new Set<string>();
  const report = (i: number, code: string, severity = 'error') => out.add(`${i + 1}:${code}:${severity}`);

  // Definitions: the first line to use an id; broken lines with a well-formed id count.
  const defined = new Map<string, number>();
  const primary = new Map<string, BeliefLine>();
  const primaryLine = new Map<string, number>();
  lines.forEach((l, i) => {
    if (l.kind === 'broken') {
      if (l.id !== null && ID_RE.test(l.id) && !defined.has(l.id)) defined.set(l.id, i);
    } else if (l.kind === 'belief' && !defined.has(l.id)) {
      defined.set(l.id, i);
      primary.set(l.id, l);
      primaryLine.set(l.id, i);
    }
  });
  const levelOf = (b: BeliefLine) => b.level ?? 0;
  const confOf = (b: BeliefLine) => Number(b.conf);
  const refsOf = (b: BeliefLine) => [...new Set(b.refs)];

  // Reachability among primary beliefs, for cycles.
  const reaches = (from: string, to: string): boolean => {
    const seen = new Set<string>();
    const stack = refsOf(primary.get(from)!).filter((r) => primary.has(r));
    while (stack.length > 0) {
      const x = stack.pop()!;
      if (x === to) return true;
      if (seen.has(x)) continue;
      seen.add(x);
      for (const r of refsOf(primary.get(x)!)) if (primary.has(r)) stack.push(r);
    }
    return false;
  };

  lines.forEach((l, i) => {
    if (l.kind === 'broken') {
      report(i, 'syntax');
      return;
    }
    if (l.kind !== 'belief') return;
    const isPrimary = primaryLine.get(l.id) === i;
    // Line-level codes, duplicates included.
    if (!isPrimary) report(i, 'duplicate-id');
    if (l.refs.some((r) => !ID_RE.test(r))) report(i, 'invalid-id');
    const c = confOf(l);
    if (c < 0 || c > 1) report(i, 'confidence-range');
    if (!['user', 'ctx', 'self', 'file', 'model'].includes(l.source.split(':')[0]!)) report(i, 'unknown-source');
    if (l.level === null) report(i, 'missing-level', 'warning');
    if (!isPrimary) return;

    // Graph codes.
    const refs = refsOf(l);
    for (const r of refs) if (ID_RE.test(r) && !defined.has(r)) report(i, 'unknown-ref');
    if (reaches(l.id, l.id)) report(i, 'cycle');
    const justifiers = refs.filter((r) => primary.has(r)).map((r) => primary.get(r)!);
    for (const a of justifiers) if (levelOf(a) > levelOf(l)) report(i, 'level-order');
    const content = l.words.join(' (');
    const named = [...new Set(content.match(/[A-Za-z0-9_]+/g) ?? [])].filter((w) => /[0-9]/.test(w) && w !== l.id && primary.has(w)).map((w) => primary.get(w)!);
    for (const a of named) if (levelOf(l) <= levelOf(a)) report(i, 'meta-level');
    for (const a of [...justifiers, ...named]) {
      const k = levelOf(l) - levelOf(a);
      if (k >= 1 && c > confOf(a) ** (2 ** k) + 1e-9) report(i, 'lob-discount');
    }
    if (refs.length > 0 && refs.every((r) => primary.has(r))) {
      const product = refs.reduce((p, r) => p * confOf(primary.get(r)!), 1);
      if (c > product + 1e-9) report(i, 'exceeds-derivation-bound', 'warning');
    }
  });
  return [...out].sort();
}

describe('the validator agrees with a model of contract §2', () => {
  it('for random documents of beliefs, duplicates, broken lines and comments', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 10 }), (lines) => {
        const text = lines.map(render).join('\n');
        const got = [...new Set(validateClair(parseClair(text)).map((d) => `${d.range.line}:${d.code}:${d.severity}`))].sort();
        expect(got).toEqual(model(lines));
      }),
      { numRuns: 3000 },
    );
  });

  it('the model itself reports the contract examples', () => {
    const b = (id: string, conf: string, level: number | null, refs: string[] = [], words: string[] = []): BeliefLine => ({
      kind: 'belief',
      id,
      conf,
      level,
      source: 'self',
      refs,
      words,
    });
    expect(model([b('b1', '.9', 0), b('b2', '.82', 1, ['b1'])])).toEqual(['2:lob-discount:error']);
    expect(model([b('b1', '.9', 0), b('b2', '.81', 1, ['b1'])])).toEqual([]);
    expect(model([b('b1', '.5', 0), b('b2', '.5', 0, [], ['b1'])])).toEqual(['2:meta-level:error']);
    expect(model([b('b1', '.5', 0, ['b1'])])).toEqual(['1:cycle:error']);
    expect(model([{ kind: 'broken', id: 'b1', form: 0 }, b('b1', '.5', null, ['b9'])])).toEqual(['1:syntax:error', '2:duplicate-id:error', '2:missing-level:warning']);
  });
});
