/**
 * The source Python's `inspect.getsource` gives for a lambda, which compute hashes: the
 * whole lines from the lambda's first line up to the end of the logical line that the
 * tokenizer, starting on that line, finds first (brackets opened before it do not count).
 */
import { lexPython } from '../../python/pyLexer.ts';
import type { SourceRange } from '../../text/sourceRange.ts';
import type { SourceText } from '../text/sourceText.ts';

/** `until`: the last line of the statement holding the lambda (no need to read further). */
export function lambdaSource(source: SourceText, range: SourceRange, until: number): string {
  const rest = source.lines.slice(range.line - 1, Math.max(range.endLine, until));
  const tokens = lexPython(rest.join('\n'));
  const end = tokens.find((t) => t.kind === 'newline' || t.kind === 'end');
  const last = end && end.kind === 'newline' ? end.range.line : rest.length;
  return rest
    .slice(0, last)
    .map((l) => l + '\n')
    .join('');
}
