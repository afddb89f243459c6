/**
 * The CLAIR printer: canonical text with canonical spacing. Belief lines are written as
 * `id conf level @source <a,b ?["x", "y"] "content"  ; comment`; justification groups
 * are merged and repeats dropped; comments, blank lines and lines that do not parse are
 * kept as written (trailing space trimmed), so formatting never loses text.
 * print ∘ parse is a fixpoint: printing a printed document changes nothing.
 */
import type { ClairBelief, ClairDocument, ClairLine } from './ast.ts';
import { uniqueJustifications } from './ast.ts';

export function printClair(doc: ClairDocument): string {
  const out: string[] = new Array(doc.lines.length);
  for (let i = 0; i < doc.lines.length; i++) out[i] = printLine(doc.lines[i]!);
  // Trailing blank lines collapse to one final newline.
  let end = out.length;
  while (end > 0 && out[end - 1] === '') end--;
  return end === 0 ? '' : out.slice(0, end).join('\n') + '\n';
}

export function printLine(l: ClairLine): string {
  switch (l.kind) {
    case 'blank':
      return '';
    case 'comment':
      return ';' + l.text.trimEnd();
    case 'broken':
      return l.text.trim();
    case 'belief':
      return printBelief(l.belief);
  }
}

export function printBelief(b: ClairBelief): string {
  const parts: string[] = [b.id.value, b.confidence.text];
  if (b.level) parts.push(`L${b.level.value}`);
  parts.push(b.source.reference === null ? `@${b.source.type}` : `@${b.source.type}:${b.source.reference}`);
  const refs = uniqueJustifications(b);
  if (refs.length > 0) parts.push('<' + refs.map((r) => r.value).join(','));
  if (b.invalidations.length > 0) parts.push('?[' + b.invalidations.map((s) => quote(s.value)).join(', ') + ']');
  parts.push(quote(b.content.value));
  let line = parts.join(' ');
  if (b.comment !== null) line += '  ;' + b.comment.trimEnd();
  return line;
}

/** Quotes a string, escaping `"` and `\` with a backslash. */
export function quote(s: string): string {
  return '"' + s.replace(/[\\"]/g, (c) => '\\' + c) + '"';
}
