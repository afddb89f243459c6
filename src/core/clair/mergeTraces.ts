/**
 * Merging two CLAIR traces (spec, "Traces Don't Compose Either": traces that share belief
 * ids merge as the union of their nodes and edges). `warrant merge A B` prints the result.
 *
 * - Beliefs are matched by id. The same id in both traces with the same belief is one
 *   belief; with a different one it is a conflict, reported with both lines, and the
 *   merged trace keeps A's line.
 * - Two lines are the same belief when their confidence (the same number: `.9` is `0.90`),
 *   level (none is L0, as everywhere), source, justifications and invalidations (each as
 *   a set) and content agree. Comments are not part of a belief.
 * - The merged text is A's canonical text whole (its comments and blank lines kept), then
 *   B's beliefs that A lacks, in B's order, each with its own trailing comment. So
 *   merging a trace with itself prints its canonical text, and merging B again adds nothing.
 * - A line that cannot be matched by id — one that does not parse, one reusing an id of
 *   its own file, one whose id is malformed — stops the merge: those lines' diagnostics
 *   are returned instead of a merged trace.
 * The merged trace is not validated here (a justification may now resolve, or a cycle
 * close, across the two): that is `check`'s work.
 */
import type { Diagnostic } from '../text/diagnostic.ts';
import type { ClairBelief, ClairDocument } from './ast.ts';
import { levelOf } from './ast.ts';
import { parseClair } from './parser.ts';
import { printBelief, printClair } from './printer.ts';
import { collectSymbols } from './symbols.ts';
import { validateClair } from './validateClair.ts';

export interface TraceText {
  /** What to call the trace in a conflict (the file name). */
  readonly name: string;
  readonly text: string;
}

/** The parts of a belief two lines can disagree on, in the order a line writes them. */
export const MERGE_FIELDS = ['confidence', 'level', 'source', 'justifications', 'invalidations', 'content'] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

/** One side of a conflict: where the line is, and the line in canonical form. */
export interface ConflictSide {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

export interface MergeConflict {
  readonly id: string;
  /** What differs, in MERGE_FIELDS order. */
  readonly fields: readonly MergeField[];
  readonly a: ConflictSide;
  readonly b: ConflictSide;
}

export interface MergeCounts {
  /** Beliefs of A (all kept). */
  readonly fromA: number;
  /** Beliefs of B that A lacks (appended). */
  readonly added: number;
  /** Beliefs in both, the same. */
  readonly identical: number;
  readonly conflicting: number;
}

export type MergeResult =
  | { readonly merged: string; readonly conflicts: readonly MergeConflict[]; readonly counts: MergeCounts }
  /** Lines that cannot be matched by id; nothing is merged. */
  | { readonly refused: readonly { readonly file: string; readonly diagnostics: readonly Diagnostic[] }[] };

/** Codes of lines whose id cannot be matched: the line does not parse, repeats an id, or its id is malformed. */
const UNMATCHABLE = new Set(['syntax', 'duplicate-id', 'invalid-id']);

export function mergeTraces(a: TraceText, b: TraceText): MergeResult {
  const docA = parseClair(a.text);
  const docB = parseClair(b.text);
  const refused = [unmatchable(a.name, docA), unmatchable(b.name, docB)].filter((r) => r.diagnostics.length > 0);
  if (refused.length > 0) return { refused };

  const beliefsA = collectSymbols(docA).primary;
  const beliefsB = collectSymbols(docB).primary;
  const byId = new Map<string, ClairBelief>(beliefsA.map((x) => [x.id.value, x]));
  const conflicts: MergeConflict[] = [];
  const added: string[] = [];
  let identical = 0;
  for (const nb of beliefsB) {
    const na = byId.get(nb.id.value);
    if (!na) {
      added.push(printBelief(nb));
      continue;
    }
    const fields = differences(na, nb);
    if (fields.length === 0) {
      identical++;
      continue;
    }
    conflicts.push({ id: nb.id.value, fields, a: side(a.name, na), b: side(b.name, nb) });
  }
  const printedA = printClair(docA);
  const merged = added.length === 0 ? printedA : printedA + added.join('\n') + '\n';
  return { merged, conflicts, counts: { fromA: beliefsA.length, added: added.length, identical, conflicting: conflicts.length } };
}

/** The diagnostics of lines whose id cannot be matched (on the line's own id, not a reference). */
function unmatchable(file: string, doc: ClairDocument): { file: string; diagnostics: Diagnostic[] } {
  const symbols = collectSymbols(doc);
  const badLines = new Set<number>();
  for (const l of doc.lines) if (l.kind === 'broken') badLines.add(l.line);
  for (const d of symbols.duplicates) badLines.add(d.line);
  for (const m of symbols.malformed) badLines.add(m.line);
  if (badLines.size === 0) return { file, diagnostics: [] };
  const ownId = new Map<number, ClairBelief>([...symbols.malformed].map((m) => [m.line, m]));
  const diagnostics = validateClair(doc, symbols).filter((d) => {
    if (!badLines.has(d.range.line) || !UNMATCHABLE.has(d.code)) return false;
    // A malformed reference on a well-formed line is merged like any other belief.
    if (d.code !== 'invalid-id') return true;
    const m = ownId.get(d.range.line);
    return m !== undefined && m.id.range.column === d.range.column;
  });
  return { file, diagnostics };
}

function side(file: string, b: ClairBelief): ConflictSide {
  return { file, line: b.line, text: printBelief(b) };
}

function differences(x: ClairBelief, y: ClairBelief): MergeField[] {
  const out: MergeField[] = [];
  if (decimal(x.confidence.text) !== decimal(y.confidence.text)) out.push('confidence');
  if (levelDigits(x) !== levelDigits(y)) out.push('level');
  if (x.source.type !== y.source.type || x.source.reference !== y.source.reference) out.push('source');
  if (
    !sameSet(
      x.justifications.map((j) => j.value),
      y.justifications.map((j) => j.value),
    )
  )
    out.push('justifications');
  if (
    !sameSet(
      x.invalidations.map((s) => s.value),
      y.invalidations.map((s) => s.value),
    )
  )
    out.push('invalidations');
  if (x.content.value !== y.content.value) out.push('content');
  return out;
}

/**
 * A CLAIR number in one spelling, decided on its digits (exact however many there are):
 * `.9`, `0.90` and `00.9` are `0.9`; `-0` is `0`.
 */
function decimal(text: string): string {
  const negative = text.startsWith('-');
  const [whole = '', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const w = whole.replace(/^0+/, '') || '0';
  const f = fraction.replace(/0+$/, '');
  const digits = f ? `${w}.${f}` : w;
  return negative && digits !== '0' ? `-${digits}` : digits;
}

/** The level's digits without leading zeros (exact for levels past a double's integers). */
function levelDigits(b: ClairBelief): string {
  return b.level ? b.level.text.slice(1).replace(/^0+(?=\d)/, '') : String(levelOf(b));
}

function sameSet(x: readonly string[], y: readonly string[]): boolean {
  const sx = new Set(x);
  const sy = new Set(y);
  if (sx.size !== sy.size) return false;
  for (const v of sx) if (!sy.has(v)) return false;
  return true;
}
