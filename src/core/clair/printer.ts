/**
 * The CLAIR printer: canonical text with canonical spacing. Belief lines are written as
 * `id conf level @source <a,b ?["x", "y"] "content"  ; comment`; justification groups
 * are merged and repeats dropped; comments, blank lines and lines that do not parse are
 * kept as written (trailing space trimmed), so formatting never loses text.
 * print ∘ parse is a fixpoint: printing a printed document changes nothing.
 */
import type { ClairBelief, ClairDocument, ClairLine } from './ast.ts';
import { uniqueJustifications } from './ast.ts';
import { isSeparator } from './lexer.ts';

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
      return trimSeparators(l.text);
    case 'belief':
      return printBelief(l.belief);
  }
}

export function printBelief(b: ClairBelief): string {
  const parts: string[] = [b.id.value, b.confidence.text];
  // From the digits as written, leading zeros dropped: `L${value}` would print 1e21 as L1e+21.
  if (b.level) parts.push('L' + b.level.text.slice(1).replace(/^0+(?=\d)/, ''));
  parts.push(b.source.reference === null ? `@${b.source.type}` : `@${b.source.type}:${b.source.reference}`);
  const refs = uniqueJustifications(b);
  if (refs.length > 0) parts.push('<' + refs.map((r) => r.value).join(','));
  if (b.invalidations.length > 0) parts.push('?[' + b.invalidations.map((s) => quote(s.value)).join(', ') + ']');
  parts.push(quote(b.content.value));
  let line = parts.join(' ');
  if (b.comment !== null) line += '  ;' + b.comment.trimEnd();
  return line;
}

/**
 * Trims what the lexer skips as space, and nothing else: String.prototype.trim also drops
 * characters the lexer reads as text (U+3000, U+2028, …), which could turn a broken line
 * into a belief, or a junk line into a blank one.
 */
function trimSeparators(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && isSeparator(s[start]!)) start++;
  while (end > start && isSeparator(s[end - 1]!)) end--;
  return s.slice(start, end);
}

/** Quotes a string, escaping `"` and `\` with a backslash. */
export function quote(s: string): string {
  return '"' + s.replace(/[\\"]/g, (c) => '\\' + c) + '"';
}
