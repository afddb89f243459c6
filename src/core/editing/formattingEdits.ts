/**
 * Format document as edits: the printer's canonical text applied line by line, so the
 * cursor, undo history and unchanged lines stay where they were (a whole-text
 * replacement would move every marker and bookmark).
 */
import type { TextEdit } from '../text/diagnostic.ts';

export function formattingEdits(before: string, after: string): TextEdit[] {
  if (before === after) return [];
  const oldLines = before.split(/\r?\n/);
  const newLines = after.split('\n');
  if (newLines[newLines.length - 1] === '') newLines.pop();
  // A final newline ends the last line rather than starting an empty one.
  if (oldLines.length > 1 && oldLines[oldLines.length - 1] === '') oldLines.pop();
  const oldCount = oldLines.length;
  const endOf = (line: number) => oldLines[line - 1]!.length + 1;
  const edits: TextEdit[] = [];
  const common = Math.min(oldCount, newLines.length);
  for (let i = 0; i < common; i++) {
    const line = i + 1;
    if (oldLines[i] !== newLines[i]) edits.push({ range: { line, column: 1, endLine: line, endColumn: endOf(line) }, text: newLines[i]! });
  }
  if (newLines.length < oldCount) {
    // Lines the printer dropped (trailing blanks): removed, keeping one newline.
    const lastKept = Math.max(1, newLines.length);
    edits.push({ range: { line: lastKept, column: endOf(lastKept), endLine: oldCount, endColumn: endOf(oldCount) }, text: newLines.length === 0 ? '' : '\n' });
  } else if (newLines.length > oldCount) {
    edits.push({ range: { line: oldCount, column: endOf(oldCount), endLine: oldCount, endColumn: endOf(oldCount) }, text: '\n' + newLines.slice(oldCount).join('\n') });
  }
  return edits;
}
