/**
 * Graph-level checks of docs/contract.md §2: unknown-ref, cycle, level-order, meta-level,
 * lob-discount and exceeds-derivation-bound. Only beliefs that parsed and are the
 * first definition of their id take part (plus beliefs with a malformed id, for their
 * own references); broken lines and duplicates take part in none. One extension: the
 * spec's bootstrap case, a belief about its own beliefs that names none (selfReference.ts).
 */
import type { Diagnostic } from '../text/diagnostic.ts';
import type { SourceRange } from '../text/sourceRange.ts';
import { lineRange } from '../text/sourceRange.ts';
import type { ClairBelief } from './ast.ts';
import { columnOf, ID_PATTERN, levelOf, uniqueJustifications } from './ast.ts';
import { closestId } from './closestId.ts';
import { BOUND_TOLERANCE, lobDiscount } from './confidenceAlgebra.ts';
import { namedBeliefs } from './namedBeliefs.ts';
import { selfReference } from './selfReference.ts';
import { levelName } from './writtenNumbers.ts';
import { stronglyConnected } from './stronglyConnected.ts';
import type { ClairSymbols } from './symbols.ts';

/** An upper bound some check put on a belief's confidence, for the quick fix. */
export interface ConfidenceBound {
  readonly belief: ClairBelief;
  readonly bound: number;
}

export function checkGraph(symbols: ClairSymbols, out: Diagnostic[], bounds: ConfidenceBound[]): void {
  const { beliefs } = symbols;
  // Primary beliefs first, so index i < primary.length is row i of the justifier table.
  const participants = [...symbols.primary, ...symbols.malformed];

  checkUnknownRefs(participants, symbols, out);
  checkCycles(symbols, out);

  const exists = (id: string) => beliefs.has(id);
  const { primary } = symbols;
  const { offsets, targets, complete: resolved } = symbols.justifiers;
  for (let i = 0; i < participants.length; i++) {
    const b = participants[i]!;
    const levelB = levelOf(b);
    const conf = b.confidence.value;
    const justifiers = uniqueJustifications(b);

    // Justifiers, in the order written; the product is multiplied left to right. A
    // primary belief reads them from the justifier table, without looking ids up again.
    let product = 1;
    let complete = true;
    if (i < primary.length) {
      complete = resolved[i] === 1;
      for (let k = offsets[i]!; k < offsets[i + 1]!; k++) {
        const a = primary[targets[k]!]!;
        product *= a.confidence.value;
        relate(b, levelB, a, null, out, bounds);
      }
    } else {
      for (const j of justifiers) {
        const a = beliefs.get(j.value);
        if (!a) {
          complete = false;
          continue;
        }
        product *= a.confidence.value;
        relate(b, levelB, a, null, out, bounds);
      }
    }

    // Named beliefs, each checked once at its first mention; one already a justifier was
    // checked above.
    const mentions = namedBeliefs(b, exists);
    for (let m = 0; m < mentions.length; m++) {
      const named = mentions[m]!;
      if (mentions.findIndex((x) => x.id === named.id) !== m) continue;
      const a = beliefs.get(named.id)!;
      const levelA = levelOf(a);
      if (levelB <= levelA) {
        out.push({
          severity: 'error',
          code: 'meta-level',
          message: `${b.id.value} (${levelName(b.level)}) speaks about ${a.id.value} (${levelName(a.level)}) and must sit at a higher level than it`,
          range: named.range,
          subject: b.id.value,
        });
      }
      if (!justifiers.some((j) => j.value === named.id)) relate(b, levelB, a, named.range, out, bounds);
    }

    // The spec's bootstrap case: content about the reasoner's own beliefs that names none
    // is about the beliefs it rests on. Only where the naming rule above found nothing.
    if (mentions.length === 0 && justifiers.length > 0) checkSelfReference(b, levelB, justifiers, beliefs, out);

    // Out-of-range confidences can multiply past the largest double: no bound then.
    if (justifiers.length > 0 && complete && Number.isFinite(product) && conf > product + BOUND_TOLERANCE) {
      bounds.push({ belief: b, bound: product });
      out.push({
        severity: 'warning',
        code: 'exceeds-derivation-bound',
        message: `${b.id.value}'s confidence ${b.confidence.text} is above the product of its justifiers' confidences, ${formatNumber(product)}`,
        range: b.confidenceRange,
        subject: b.id.value,
      });
    }
  }
}

/**
 * The meta-belief constraint for a belief that speaks of its own beliefs or reliability
 * (selfReference.ts) without naming any: one `meta-level` on the phrase when it is not
 * above every belief it rests on.
 */
function checkSelfReference(b: ClairBelief, levelB: number, justifiers: readonly { readonly value: string }[], beliefs: ClairSymbols['beliefs'], out: Diagnostic[]): void {
  const below: ClairBelief[] = [];
  for (const j of justifiers) {
    const a = beliefs.get(j.value);
    if (a && levelOf(a) >= levelB) below.push(a);
  }
  if (below.length === 0) return;
  const found = selfReference(b.content.value);
  if (!found) return;
  const shown = below.length > 3 ? below.slice(0, 3).map(describe).join(', ') + ', …' : below.map(describe).join(', ');
  const phrase = b.content.value.slice(found.start, found.end);
  out.push({
    severity: 'error',
    code: 'meta-level',
    message: `${b.id.value} (${levelName(b.level)}) speaks about its own beliefs ("${phrase}") while resting on ${shown}; a belief about beliefs must sit at a higher level than the beliefs it rests on`,
    range: lineRange(b.line, columnOf(b.content, found.start), columnOf(b.content, found.end - 1) + 1),
    subject: b.id.value,
  });
}

function describe(a: ClairBelief): string {
  return `${a.id.value} (${levelName(a.level)})`;
}

/**
 * Level order and the Löb bound of belief B against one belief A it rests on (`named`
 * null) or names (`named` the place of the mention). The place of a justification is
 * looked up only when there is something to report.
 */
function relate(b: ClairBelief, levelB: number, a: ClairBelief, named: SourceRange | null, out: Diagnostic[], bounds: ConfidenceBound[]): void {
  const subject = b.id.value;
  const levelA = levelOf(a);
  const justifies = named === null;
  if (justifies && levelA > levelB) {
    out.push({
      severity: 'error',
      code: 'level-order',
      message: `${subject} (${levelName(b.level)}) is justified by ${a.id.value} at a higher level (${levelName(a.level)})`,
      range: named ?? justificationRange(b, a.id.value),
      subject,
    });
  }
  const k = levelB - levelA;
  if (k < 1) return;
  const bound = lobDiscount(a.confidence.value, k);
  if (!Number.isFinite(bound) || b.confidence.value <= bound + BOUND_TOLERANCE) return;
  bounds.push({ belief: b, bound });
  const power = lobPower(k, b, a);
  out.push({
    severity: 'error',
    code: 'lob-discount',
    message: `${subject} at ${levelName(b.level)} ${justifies ? 'rests on' : 'speaks about'} ${a.id.value} at ${levelName(a.level)}: its confidence ${b.confidence.text} exceeds the Löb bound ${a.confidence.text}${power} = ${formatNumber(bound)}`,
    range: named ?? justificationRange(b, a.id.value),
    subject,
  });
}

/** The exponent 2^k as written in a message; past 2^53 it stays a power (2^2000 is no number to print). */
function lobPower(k: number, b: ClairBelief, a: ClairBelief): string {
  if (k === 1) return '²';
  if (Number.isSafeInteger(2 ** k)) return `^${2 ** k}`;
  if (Number.isSafeInteger(k)) return `^(2^${k})`;
  return `^(2^(${levelName(b.level).slice(1)}−${levelName(a.level).slice(1)}))`;
}

/** Where belief `b` cites `id` (its first mention in the justification list). */
function justificationRange(b: ClairBelief, id: string): SourceRange {
  for (const j of b.justifications) if (j.value === id) return j.range;
  return b.id.range;
}

/** At most this many unknown references get a "did you mean" fix (each scans every id). */
const MAX_REF_SUGGESTIONS = 500;

function checkUnknownRefs(participants: readonly ClairBelief[], symbols: ClairSymbols, out: Diagnostic[]): void {
  let suggestions = 0;
  const { complete } = symbols.justifiers;
  for (let i = 0; i < participants.length; i++) {
    const b = participants[i]!;
    // Primary beliefs whose every justification resolved have nothing to report.
    if (i < complete.length && complete[i]) continue;
    for (const j of uniqueJustifications(b)) {
      if (!ID_PATTERN.test(j.value) || symbols.defined.has(j.value)) continue;
      // Never the belief itself: that fix would trade unknown-ref for a cycle.
      const best = suggestions++ < MAX_REF_SUGGESTIONS ? closestId(j.value, symbols.defined.ids(), b.id.value) : null;
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
  const { primary, defined } = symbols;
  const { offsets, targets } = symbols.justifiers;
  const component = stronglyConnected(offsets, targets);
  const size = new Int32Array(primary.length);
  for (const c of component) size[c]!++;
  // Members of every component of two or more, gathered in one pass.
  const membersOf = new Map<number, string[]>();
  for (let i = 0; i < primary.length; i++) {
    const c = component[i]!;
    if (size[c]! < 2) continue;
    const list = membersOf.get(c);
    if (list) list.push(primary[i]!.id.value);
    else membersOf.set(c, [primary[i]!.id.value]);
  }
  for (let i = 0; i < primary.length; i++) {
    const c = component[i]!;
    let selfLoop = false;
    for (let k = offsets[i]!; k < offsets[i + 1]!; k++) if (targets[k] === i) selfLoop = true;
    if (size[c]! < 2 && !selfLoop) continue;
    const b = primary[i]!;
    const members = membersOf.get(c) ?? [b.id.value];
    const onCycle = uniqueJustifications(b).find((j) => {
      const k = defined.indexOf(j.value);
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
  }
}

/** Up to 6 significant decimals, without trailing zeros: .81, 0.6561, 0.72. */
export function formatNumber(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  return String(Number(x.toPrecision(6)));
}
