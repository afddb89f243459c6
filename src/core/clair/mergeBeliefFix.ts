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
  const dropped = symbols.beliefs.get(drop);
  const kept = symbols.beliefs.get(keep);
  if (!dropped || !kept || dropped === kept) return null;
  const edits: TextEdit[] = [deleteLine(doc, dropped.line)];
  for (const l of doc.lines) {
    if (l.kind !== 'belief' || l.line === dropped.line) continue;
    const b = l.belief;
    const list = rewriteJustifications(doc, b, drop, keep);
    if (list) edits.push(list);
    // Renaming inside the kept belief would make it name itself.
    if (b === kept) continue;
    for (const m of namedBeliefs(b, (id) => id === drop)) edits.push({ range: m.range, text: keep });
    for (const s of b.invalidations) for (const range of wordRanges(s, drop, b.line)) edits.push({ range, text: keep });
  }
  edits.sort((a, b) => a.range.line - b.range.line || a.range.column - b.range.column);
  return { title: `Merge into ${keep} (delete ${drop}, point its references at ${keep})`, edits };
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
 * The edit replacing b's justification groups (`<a,b <c`) with one rewritten list, when
 * b's justifications name `drop`.
 */
function rewriteJustifications(doc: ClairDocument, b: ClairBelief, drop: string, keep: string): TextEdit | null {
  const js = b.justifications;
  if (!js.some((j) => j.value === drop)) return null;
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

/** Ranges of `word` as a whole word (runs of [A-Za-z0-9_]) inside a quoted string. */
function wordRanges(s: ClairString, word: string, line: number): SourceRange[] {
  const out: SourceRange[] = [];
  const v = s.value;
  let from = 0;
  for (;;) {
    const i = v.indexOf(word, from);
    if (i < 0) return out;
    from = i + word.length;
    if (isWordChar(v[i - 1]) || isWordChar(v[from])) continue;
    out.push(lineRange(line, columnOf(s, i), columnOf(s, from - 1) + 1));
  }
}

function isWordChar(c: string | undefined): boolean {
  return c !== undefined && /[A-Za-z0-9_]/.test(c);
}
