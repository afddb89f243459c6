/**
 * Quick fixes carried on CLAIR diagnostics: applying a fix's edits to the text must make
 * the diagnostic it repairs go away (and not trade it for another one).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseClair } from '../../src/core/clair/parser.ts';
import { validateClair } from '../../src/core/clair/validateClair.ts';
import type { Diagnostic, TextEdit } from '../../src/core/text/diagnostic.ts';

const doc = (...lines: string[]) => lines.join('\n');
const validate = (text: string): Diagnostic[] => validateClair(parseClair(text));

/**
 * Applies edits given in 1-based line/column coordinates (end exclusive). Lines end at
 * LF, CRLF or CR, as the parser reads them; edits are applied back to front.
 */
function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\n') lineStarts.push(i + 1);
    else if (text[i] === '\r') {
      if (text[i + 1] === '\n') i++;
      lineStarts.push(i + 1);
    }
  }
  const offset = (line: number, column: number) => {
    const start = lineStarts[line - 1];
    if (start === undefined) throw new Error(`line ${line} is outside the text`);
    return start + column - 1;
  };
  const resolved = edits.map((e) => ({ from: offset(e.range.line, e.range.column), to: offset(e.range.endLine, e.range.endColumn), text: e.text })).sort((a, b) => b.from - a.from);
  let out = text;
  for (const { from, to, text: replacement } of resolved) {
    expect(to).toBeGreaterThanOrEqual(from);
    out = out.slice(0, from) + replacement + out.slice(to);
  }
  return out;
}

function only(ds: readonly Diagnostic[], code: string): Diagnostic {
  const found = ds.filter((d) => d.code === code);
  expect(found, `exactly one ${code}`).toHaveLength(1);
  return found[0]!;
}

function fixOf(d: Diagnostic): readonly TextEdit[] {
  expect(d.fixes, `${d.code} carries a fix`).toBeDefined();
  expect(d.fixes!.length).toBeGreaterThanOrEqual(1);
  return d.fixes![0]!.edits;
}

describe('applyEdits (the helper itself)', () => {
  it('replaces, inserts and handles CRLF', () => {
    const r = (line: number, column: number, endColumn: number) => ({ line, column, endLine: line, endColumn });
    expect(applyEdits('ab\ncd', [{ range: r(2, 2, 3), text: 'X' }])).toBe('ab\ncX');
    expect(applyEdits('ab\r\ncd', [{ range: r(2, 1, 1), text: '>' }])).toBe('ab\r\n>cd');
    expect(
      applyEdits('ab\rcd\nef', [
        { range: r(3, 1, 3), text: 'Z' },
        { range: r(1, 1, 2), text: 'Y' },
      ]),
    ).toBe('Yb\rcd\nZ');
  });
});

describe('lob-discount fix: set the confidence to the bound', () => {
  const cases: { name: string; text: string; line: number; becomes: string }[] = [
    { name: '.95 under .9 at L1 → .81', text: doc('b1 .9 L0 @self "x"', 'b2 .95 L1 @self <b1 "y"'), line: 2, becomes: 'b2 .81 L1 @self <b1 "y"' },
    { name: 'two levels up → .6561', text: doc('b1 .9 L0 @self "x"', 'b2 .7 L2 @self <b1 "y"'), line: 2, becomes: 'b2 .6561 L2 @self <b1 "y"' },
    { name: 'via naming', text: doc('b1 .5 L0 @self "x"', 'b2 .3 L1 @self "about b1"'), line: 2, becomes: 'b2 .25 L1 @self "about b1"' },
    { name: 'keeps the 0. style', text: doc('b1 0.9 L0 @self "x"', 'b2 0.95 L1 @self <b1 "y"'), line: 2, becomes: 'b2 0.81 L1 @self <b1 "y"' },
    { name: 'an inexact square (.7² = .48999…) rounds down', text: doc('b1 .7 L0 @self "x"', 'b2 .5 L1 @self <b1 "y"'), line: 2, becomes: 'b2 .49 L1 @self <b1 "y"' },
    { name: 'a bound below 1e-4 becomes 0', text: doc('b1 .009 L0 @self "x"', 'b2 .5 L1 @self <b1 "y"'), line: 2, becomes: 'b2 0 L1 @self <b1 "y"' },
    {
      name: 'the tightest of several lower beliefs',
      text: doc('b1 .9 L0 @self "x"', 'b2 .6 L0 @self "y"', 'b3 .9 L1 @self <b1,b2 "z"'),
      line: 3,
      becomes: 'b3 .36 L1 @self <b1,b2 "z"',
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const before = validate(c.text).filter((d) => d.range.line === c.line);
      const lob = before.filter((d) => d.code === 'lob-discount');
      expect(lob.length).toBeGreaterThanOrEqual(1);
      for (const d of lob) {
        const fixed = applyEdits(c.text, fixOf(d));
        expect(fixed.split('\n')[c.line - 1]).toBe(c.becomes);
        const after = validate(fixed).filter((x) => x.range.line === c.line);
        expect(after.map((x) => x.code)).not.toContain('lob-discount');
        expect(after.map((x) => x.code)).not.toContain('exceeds-derivation-bound');
      }
    });
  }
});

describe('exceeds-derivation-bound fix: set the confidence to the product', () => {
  it('.75 under .9 × .8 → .72, and the warning goes away', () => {
    const text = doc('b1 .9 L0 @ctx "x"', 'b2 .8 L0 @ctx "y"', 'b3 .75 L0 @self <b1,b2 "z"');
    const d = only(validate(text), 'exceeds-derivation-bound');
    const fixed = applyEdits(text, fixOf(d));
    expect(fixed.split('\n')[2]).toBe('b3 .72 L0 @self <b1,b2 "z"');
    expect(validate(fixed)).toEqual([]);
  });

  it('1.2 under 1 → 1, which also clears confidence-range', () => {
    const text = doc('b1 1 L0 @user "x"', 'b2 1.2 L0 @self <b1 "y"');
    const d = only(validate(text), 'exceeds-derivation-bound');
    const fixed = applyEdits(text, fixOf(d));
    expect(fixed.split('\n')[1]).toBe('b2 1 L0 @self <b1 "y"');
    expect(validate(fixed)).toEqual([]);
  });

  it('the tightest bound wins when lob-discount and the product both apply', () => {
    // Löb bound from b1: .81; product .9 × .85 = .765, tighter.
    const text = doc('b1 .9 L0 @self "x"', 'b2 .85 L1 @self "y"', 'b3 .95 L1 @self <b1,b2 "z"');
    const ds = validate(text);
    const lob = only(ds, 'lob-discount');
    const ex = only(ds, 'exceeds-derivation-bound');
    for (const d of [lob, ex]) {
      const fixed = applyEdits(text, fixOf(d));
      expect(fixed.split('\n')[2]).toBe('b3 .765 L1 @self <b1,b2 "z"');
      expect(validate(fixed)).toEqual([]);
    }
  });

  it('works on a CRLF document', () => {
    const text = 'b1 .9 L0 @ctx "x"\r\nb2 .8 L0 @ctx "y"\r\nb3 .75 L0 @self <b1,b2 "z"\r\n';
    const fixed = applyEdits(text, fixOf(only(validate(text), 'exceeds-derivation-bound')));
    expect(fixed).toBe('b1 .9 L0 @ctx "x"\r\nb2 .8 L0 @ctx "y"\r\nb3 .72 L0 @self <b1,b2 "z"\r\n');
    expect(validate(fixed)).toEqual([]);
  });

  it('for any confidences and levels, applying a bound fix clears lob-discount and exceeds-derivation-bound', () => {
    const conf = fc.integer({ min: 0, max: 10_000 }).map((n) => String(n / 10_000));
    fc.assert(
      fc.property(conf, conf, conf, fc.nat(3), fc.nat(3), fc.nat(3), fc.boolean(), (ca, cb, cc, la, lb, lc, named) => {
        const text = doc(`a1 ${ca} L${la} @self "a"`, `a2 ${cb} L${lb} @self "b"`, `a3 ${cc} L${Math.max(la, lb) + lc} @self <a1${named ? '' : ',a2'} "${named ? 'see a2' : 'z'}"`);
        const line3 = validate(text).filter((d) => d.range.line === 3);
        for (const d of line3) {
          if (d.code !== 'lob-discount' && d.code !== 'exceeds-derivation-bound') continue;
          const fixed = applyEdits(text, fixOf(d));
          const after = validate(fixed)
            .filter((x) => x.range.line === 3)
            .map((x) => x.code);
          expect(after).not.toContain('lob-discount');
          expect(after).not.toContain('exceeds-derivation-bound');
          expect(after).not.toContain('syntax');
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('missing-level fix: insert " L0"', () => {
  const cases: [string, string][] = [
    ['b1 .5 @self "x"', 'b1 .5 L0 @self "x"'],
    ['b1\t.5\t@self "x"', 'b1\t.5 L0\t@self "x"'],
    ['  b1 1 @user:alice "x"  ; note', '  b1 1 L0 @user:alice "x"  ; note'],
  ];
  for (const [before, after] of cases) {
    it(JSON.stringify(before), () => {
      const d = only(validate(before), 'missing-level');
      expect(d.fixes![0]!.edits.map((e) => e.text)).toEqual([' L0']);
      const fixed = applyEdits(before, fixOf(d));
      expect(fixed).toBe(after);
      expect(validate(fixed)).toEqual([]);
    });
  }

  it('on the second line of a document, leaving the first alone', () => {
    const text = doc('b1 .9 L0 @self "x"', 'b2 .5 @self <b1 "y"');
    const fixed = applyEdits(text, fixOf(only(validate(text), 'missing-level')));
    expect(fixed).toBe(doc('b1 .9 L0 @self "x"', 'b2 .5 L0 @self <b1 "y"'));
  });
});

describe('unknown-ref fix: the closest existing id', () => {
  const cases: { name: string; text: string; line: number; proposes: string }[] = [
    { name: 'one digit too many: b11 → b1', text: doc('b1 .5 L0 @self "x"', 'beta .5 L0 @self "y"', 'b2 .5 L0 @self <b11 "z"'), line: 3, proposes: 'b1' },
    { name: 'a dropped letter: bta → beta', text: doc('b1 .5 L0 @self "x"', 'beta .5 L0 @self "y"', 'b2 .1 L0 @self <bta "z"'), line: 3, proposes: 'beta' },
    { name: 'swapped letters: ebta → beta', text: doc('alpha .5 L0 @self "x"', 'beta .5 L0 @self "y"', 'b2 .1 L0 @self <ebta "z"'), line: 3, proposes: 'beta' },
    { name: 'a forward definition', text: doc('b2 .1 L0 @self <cahce "z"', 'cache .5 L0 @self "y"'), line: 1, proposes: 'cache' },
    { name: 'an id defined only by a broken line', text: doc('parser .5 L0 @self "y', 'b2 .1 L0 @self <parsr "z"'), line: 2, proposes: 'parser' },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const d = only(validate(c.text), 'unknown-ref');
      const edits = fixOf(d);
      expect(edits.map((e) => e.text)).toEqual([c.proposes]);
      expect(d.fixes![0]!.title).toContain(c.proposes);
      const fixed = applyEdits(c.text, edits);
      expect(validate(fixed).map((x) => x.code)).not.toContain('unknown-ref');
      expect(fixed.split('\n')[c.line - 1]).toContain(`<${c.proposes} `);
    });
  }

  it('never proposes the belief itself (that would be a self-justification)', () => {
    // b3 is closer to b2 than to b10, but b2 is the belief being fixed.
    const text = doc('b10 .9 L0 @self "x"', 'b2 .1 L0 @self <b3 "y"');
    const d = only(validate(text), 'unknown-ref');
    expect(fixOf(d).map((e) => e.text)).toEqual(['b10']);
    expect(validate(applyEdits(text, fixOf(d)))).toEqual([]);
  });

  it('offers no fix when the only defined id is the belief itself', () => {
    const d = only(validate('b2 .1 L0 @self <b3 "y"'), 'unknown-ref');
    expect(d.fixes ?? []).toEqual([]);
  });

  it('replaces every occurrence of a repeated unknown id, so the diagnostic goes away', () => {
    const text = doc('b1 .9 L0 @self "x"', 'b2 .1 L0 @self <b11,b11 <b11 "y"');
    const d = only(validate(text), 'unknown-ref');
    const fixed = applyEdits(text, fixOf(d));
    expect(fixed.split('\n')[1]).toBe('b2 .1 L0 @self <b1,b1 <b1 "y"');
    expect(validate(fixed)).toEqual([]);
  });

  it('for random typos of a defined id, applying the fix clears every diagnostic', () => {
    const ids = ['alpha', 'beta', 'gamma', 'delta', 'b1', 'b22', 'c333'];
    fc.assert(
      fc.property(fc.constantFrom(...ids), fc.nat(5), fc.constantFrom('x', 'q', '9', '_'), fc.boolean(), (target, at, ch, drop) => {
        const i = at % target.length;
        const typo = drop ? target.slice(0, i) + target.slice(i + 1) : target.slice(0, i) + ch + target.slice(i);
        fc.pre(/^[a-z][a-z0-9_]*$/.test(typo) && !ids.includes(typo) && typo !== 'zz1');
        const text = doc(...ids.map((x) => `${x} .9 L0 @self "x"`), `zz1 .1 L0 @self <${typo},${typo} "y"`);
        const ds = validate(text);
        const d = only(ds, 'unknown-ref');
        const fixed = applyEdits(text, fixOf(d));
        expect(validate(fixed)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('fixes each of two unknown ids on one line independently', () => {
    const text = doc('alpha .9 L0 @self "x"', 'gamma .9 L0 @self "y"', 'b3 .1 L0 @self <alpah,gamam "z"');
    const ds = validate(text).filter((d) => d.code === 'unknown-ref');
    expect(ds).toHaveLength(2);
    const fixed = applyEdits(
      text,
      ds.flatMap((d) => fixOf(d)),
    );
    expect(fixed.split('\n')[2]).toBe('b3 .1 L0 @self <alpha,gamma "z"');
    expect(validate(fixed)).toEqual([]);
  });
});
