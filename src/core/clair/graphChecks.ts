/**
 * Graph-level checks of contract §2: unknown-ref, cycle, level-order, meta-level,
 * lob-discount and exceeds-derivation-bound. Only beliefs that parsed and are the
 * first definition of their id take part (plus beliefs with a malformed id, for their
 * own references); broken lines and duplicates take part in none.
 */
import type { Diagnostic } from '../text/diagnostic.ts';
import type { SourceRange } from '../text/sourceRange.ts';
import type { ClairBelief } from './ast.ts';
import { ID_PATTERN, levelOf, uniqueJustifications } from './ast.ts';
import { closestId } from './closestId.ts';
import { BOUND_TOLERANCE, deriveAll, lobDiscount } from './confidenceAlgebra.ts';
import { namedBeliefs } from './namedBeliefs.ts';
import { stronglyConnected } from './stronglyConnected.ts';
import type { ClairSymbols } from './symbols.ts';

/** An upper bound some check put on a belief's confidence, for the quick fix. */
export interface ConfidenceBound {
  readonly belief: ClairBelief;
  readonly bound: number;
}

export function checkGraph(symbols: ClairSymbols, out: Diagnostic[], bounds: ConfidenceBound[]): void {
  const { beliefs } = symbols;
  const participants = [...symbols.primary, ...symbols.malformed];

  checkUnknownRefs(participants, symbols, out);
  checkCycles(symbols, out);

  for (const b of participants) {
    const subject = b.id.value;
    const levelB = levelOf(b);
    const conf = b.confidence.value;
    const justifiers = uniqueJustifications(b);
    // Each A this belief is justified by or names is checked once, at its first mention.
    const related = new Map<string, { a: ClairBelief; range: SourceRange; justifies: boolean }>();
    for (const j of justifiers) {
      const a = beliefs.get(j.value);
      if (a && !related.has(a.id.value)) related.set(a.id.value, { a, range: j.range, justifies: true });
    }
    const namedOnce = new Set<string>();
    for (const named of namedBeliefs(b, (id) => beliefs.has(id))) {
      if (namedOnce.has(named.id)) continue;
      namedOnce.add(named.id);
      const a = beliefs.get(named.id)!;
      const levelA = levelOf(a);
      if (levelB <= levelA) {
        out.push({
          severity: 'error',
          code: 'meta-level',
          message: `${subject} (L${levelB}) speaks about ${a.id.value} (L${levelA}) and must sit at a higher level than it`,
          range: named.range,
          subject,
        });
      }
      if (!related.has(a.id.value)) related.set(a.id.value, { a, range: named.range, justifies: false });
    }

    for (const { a, range, justifies } of related.values()) {
      const levelA = levelOf(a);
      if (justifies && levelA > levelB) {
        out.push({
          severity: 'error',
          code: 'level-order',
          message: `${subject} (L${levelB}) is justified by ${a.id.value} at a higher level (L${levelA})`,
          range,
          subject,
        });
      }
      const k = levelB - levelA;
      if (k >= 1) {
        const bound = lobDiscount(a.confidence.value, k);
        if (Number.isFinite(bound) && conf > bound + BOUND_TOLERANCE) {
          bounds.push({ belief: b, bound });
          const power = k === 1 ? '²' : `^${2 ** k}`;
          out.push({
            severity: 'error',
            code: 'lob-discount',
            message: `${subject} at L${levelB} ${justifies ? 'rests on' : 'speaks about'} ${a.id.value} at L${levelA}: its confidence ${b.confidence.text} exceeds the Löb bound ${a.confidence.text}${power} = ${formatNumber(bound)}`,
            range,
            subject,
          });
        }
      }
    }

    if (justifiers.length > 0) {
      const values: number[] = [];
      let complete = true;
      for (const j of justifiers) {
        const a = ID_PATTERN.test(j.value) ? beliefs.get(j.value) : undefined;
        if (!a) {
          complete = false;
          break;
        }
        values.push(a.confidence.value);
      }
      if (complete) {
        const product = deriveAll(values);
        if (conf > product + BOUND_TOLERANCE) {
          bounds.push({ belief: b, bound: product });
          out.push({
            severity: 'warning',
            code: 'exceeds-derivation-bound',
            message: `${subject}'s confidence ${b.confidence.text} is above the product of its justifiers' confidences, ${formatNumber(product)}`,
            range: b.confidence.range,
            subject,
          });
        }
      }
    }
  }
}

/** At most this many unknown references get a "did you mean" fix (each scans every id). */
const MAX_REF_SUGGESTIONS = 500;

function checkUnknownRefs(participants: readonly ClairBelief[], symbols: ClairSymbols, out: Diagnostic[]): void {
  let suggestions = 0;
  for (const b of participants) {
    for (const j of uniqueJustifications(b)) {
      if (!ID_PATTERN.test(j.value) || symbols.defined.has(j.value)) continue;
      // Never the belief itself: that fix would trade unknown-ref for a cycle.
      const best = suggestions++ < MAX_REF_SUGGESTIONS ? closestId(j.value, symbols.defined, b.id.value) : null;
      // Every occurrence of the id on the line, or a repeat would keep the diagnostic alive.
      const edits = best ? b.justifications.filter((x) => x.value === j.value).map((x) => ({ range: x.range, text: best })) : [];
      out.push({
        severity: 'error',
        code: 'unknown-ref',
        message: best ? `${j.value} is not defined (did you mean ${best}?)` : `${j.value} is not defined`,
        range: j.range,
        subject: b.id.value,
        ...(best ? { fixes: [{ title: `Change to ${best}`, edits }] } : {}),
      });
    }
  }
}

function checkCycles(symbols: ClairSymbols, out: Diagnostic[]): void {
  const { primary, beliefs } = symbols;
  const index = new Map<string, number>();
  primary.forEach((b, i) => index.set(b.id.value, i));
  const successors: number[][] = primary.map((b) => {
    const next: number[] = [];
    for (const j of uniqueJustifications(b)) {
      const k = beliefs.has(j.value) ? index.get(j.value) : undefined;
      if (k !== undefined) next.push(k);
    }
    return next;
  });
  const component = stronglyConnected(successors);
  const membersOf = new Map<number, string[]>();
  primary.forEach((b, i) => {
    const list = membersOf.get(component[i]!);
    if (list) list.push(b.id.value);
    else membersOf.set(component[i]!, [b.id.value]);
  });
  primary.forEach((b, i) => {
    const c = component[i]!;
    const selfLoop = successors[i]!.includes(i);
    const members = membersOf.get(c)!;
    if (members.length < 2 && !selfLoop) return;
    const onCycle = uniqueJustifications(b).find((j) => {
      const k = index.get(j.value);
      return k !== undefined && component[k] === c;
    });
    const shown = members.length > 6 ? members.slice(0, 6).join(', ') + ', …' : members.join(', ');
    out.push({
      severity: 'error',
      code: 'cycle',
      message: selfLoop && members.length === 1 ? `${b.id.value} justifies itself` : `${b.id.value} is on a justification cycle with ${shown}`,
      range: onCycle ? onCycle.range : b.id.range,
      subject: b.id.value,
    });
  });
}

/** Up to 6 significant decimals, without trailing zeros: .81, 0.6561, 0.72. */
export function formatNumber(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  return String(Number(x.toPrecision(6)));
}
