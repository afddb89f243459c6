/**
 * The quick fix for a near-duplicate belief: merge it into the belief it repeats.
 * Deletes the repeating belief's line and points everything that referred to it at the
 * kept belief — justification lists (`<id`), mentions in content strings, and words in
 * invalidation strings. A justification list never ends up naming an id twice or its
 * own belief: the list is rewritten whole, deduplicated, without the belief itself
 * (and dropped when nothing is left). Broken lines are left alone.
 */
import type { DiagnosticFix, TextEdit } from '../text/diagnostic.ts';
import type { SourceRange } from '../text/sourceRange.ts';
import { lineRange } from '../text/sourceRange.ts';
import type { ClairBelief, ClairDocument, ClairString } from './ast.ts';
import { columnOf } from './ast.ts';
import { namedBeliefs } from './namedBeliefs.ts';
import type { ClairSymbols } from './symbols.ts';

/** The fix merging `drop` into `keep`; null when either is not a primary belief or they are one. */
export function mergeBeliefFix(doc: ClairDocument, symbols: ClairSymbols, drop: string, keep: string): DiagnosticFix | null {
  return mergeBeliefFixes(doc, symbols, [{ drop, keep }]).get(drop) ?? null;
}

/**
 * The fixes of several merges, each on its own (a fix is applied alone), found in one
 * pass over the document: a 10k-belief trace with many near-duplicates costs one scan,
 * not one per finding. Keyed by the id dropped.
 */
export function mergeBeliefFixes(doc: ClairDocument, symbols: ClairSymbols, merges: readonly { readonly drop: string; readonly keep: string }[]): Map<string, DiagnosticFix> {
  const keepOf = new Map<string, ClairBelief>();
  const edits = new Map<string, TextEdit[]>();
  for (const { drop, keep } of merges) {
    const dropped = symbols.beliefs.get(drop);
    const kept = symbols.beliefs.get(keep);
    if (!dropped || !kept || dropped === kept || keepOf.has(drop)) continue;
    keepOf.set(drop, kept);
    edits.set(drop, [deleteLine(doc, dropped.line)]);
  }
  if (keepOf.size === 0) return new Map();
  const isDropped = (id: string) => keepOf.has(id);
  for (const l of doc.lines) {
    if (l.kind !== 'belief') continue;
    const b = l.belief;
    for (const drop of new Set(b.justifications.map((j) => j.value))) {
      const kept = keepOf.get(drop);
      // The dropped belief's own line goes whole.
      if (!kept || symbols.beliefs.get(drop)!.line === b.line) continue;
      edits.get(drop)!.push(rewriteJustifications(doc, b, drop, kept.id.value));
    }
    for (const m of namedBeliefs(b, isDropped)) {
      const kept = keepOf.get(m.id)!;
      // Renaming inside the kept belief would make it name itself.
      if (b !== kept && symbols.beliefs.get(m.id)!.line !== b.line) edits.get(m.id)!.push({ range: m.range, text: kept.id.value });
    }
    for (const s of b.invalidations) {
      for (const w of wordsIn(s, b.line)) {
        const kept = keepOf.get(w.word);
        if (kept && b !== kept && symbols.beliefs.get(w.word)!.line !== b.line) edits.get(w.word)!.push({ range: w.range, text: kept.id.value });
      }
    }
  }
  const fixes = new Map<string, DiagnosticFix>();
  for (const [drop, list] of edits) {
    const keep = keepOf.get(drop)!.id.value;
    list.sort((a, b) => a.range.line - b.range.line || a.range.column - b.range.column);
    fixes.set(drop, { title: `Merge into ${keep} (delete ${drop}, point its references at ${keep})`, edits: list });
  }
  return fixes;
}

function lineText(doc: ClairDocument, line: number): string {
  return doc.text.slice(doc.bounds.starts[line - 1]!, doc.bounds.ends[line - 1]!);
}

/** The whole line with its line break (the previous line's break for the last line). */
function deleteLine(doc: ClairDocument, line: number): TextEdit {
  const count = doc.bounds.starts.length;
  if (line < count) return { range: { line, column: 1, endLine: line + 1, endColumn: 1 }, text: '' };
  const end = lineText(doc, line).length + 1;
  if (line === 1) return { range: lineRange(1, 1, end), text: '' };
  const previousEnd = lineText(doc, line - 1).length + 1;
  return { range: { line: line - 1, column: previousEnd, endLine: line, endColumn: end }, text: '' };
}

/**
 * The edit replacing b's justification groups (`<a,b <c`) with one rewritten list, for
 * a belief whose justifications name `drop`.
 */
function rewriteJustifications(doc: ClairDocument, b: ClairBelief, drop: string, keep: string): TextEdit {
  const js = b.justifications;
  const ids: string[] = [];
  for (const j of js) {
    const id = j.value === drop ? keep : j.value;
    if (id !== b.id.value && !ids.includes(id)) ids.push(id);
  }
  const text = lineText(doc, b.line);
  // The `<` opening the first group: the first justification's column, back over spaces.
  let start = js[0]!.range.column - 1;
  while (start > 1 && text[start - 1] !== '<') start--;
  const end = js[js.length - 1]!.range.endColumn;
  if (ids.length > 0) return { range: lineRange(b.line, start, end), text: `<${ids.join(',')}` };
  // Nothing left: drop the groups and the separator before them.
  while (start > 1 && /[ \t]/.test(text[start - 2]!)) start--;
  return { range: lineRange(b.line, start, end), text: '' };
}

/** Every whole word (a run of [A-Za-z0-9_]) inside a quoted string, with its range. */
function wordsIn(s: ClairString, line: number): { word: string; range: SourceRange }[] {
  const out: { word: string; range: SourceRange }[] = [];
  for (const m of s.value.matchAll(/[A-Za-z0-9_]+/g)) {
    const at = m.index;
    out.push({ word: m[0], range: lineRange(line, columnOf(s, at), columnOf(s, at + m[0].length - 1) + 1) });
  }
  return out;
}
