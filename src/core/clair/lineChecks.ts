/**
 * Line-level checks of docs/contract.md §2: syntax, invalid-id, duplicate-id,
 * confidence-range, unknown-source, missing-level. They look at one line at a time
 * (duplicate-id also needs the symbol table).
 */
import type { Diagnostic } from '../text/diagnostic.ts';
import { lineRange } from '../text/sourceRange.ts';
import type { ClairBelief, ClairDocument } from './ast.ts';
import { ID_PATTERN, SOURCE_TYPES } from './ast.ts';
import type { ClairSymbols } from './symbols.ts';

const KNOWN_SOURCES: ReadonlySet<string> = new Set(SOURCE_TYPES);

export function checkLines(doc: ClairDocument, symbols: ClairSymbols, out: Diagnostic[]): void {
  const duplicates = new Set(symbols.duplicates);
  for (const l of doc.lines) {
    if (l.kind === 'broken') {
      out.push({
        severity: 'error',
        code: 'syntax',
        message: l.message,
        range: l.errorRange,
        ...(l.partial.id ? { subject: l.partial.id.value } : {}),
      });
    } else if (l.kind === 'belief') {
      const b = l.belief;
      if (duplicates.has(b)) {
        const first = symbols.defined.lineOf(b.id.value);
        out.push({
          severity: 'error',
          code: 'duplicate-id',
          message: first !== undefined ? `${b.id.value} is already defined on line ${first}; this line is left out of the graph` : `${b.id.value} is defined twice; this line is left out of the graph`,
          range: b.id.range,
          subject: b.id.value,
        });
      }
      checkBeliefLine(b, out);
    }
  }
}

function checkBeliefLine(b: ClairBelief, out: Diagnostic[]): void {
  const subject = b.id.value;
  if (!ID_PATTERN.test(b.id.value)) {
    out.push({
      severity: 'error',
      code: 'invalid-id',
      message: `"${b.id.value}" is not a valid id: start with a lower-case letter, then use a-z, 0-9 or _`,
      range: b.id.range,
      subject,
    });
  }
  let seenBad: Set<string> | null = null;
  for (const j of b.justifications) {
    if (ID_PATTERN.test(j.value) || seenBad?.has(j.value)) continue;
    (seenBad ??= new Set<string>()).add(j.value);
    out.push({
      severity: 'error',
      code: 'invalid-id',
      message: `"${j.value}" is not a valid belief id: start with a lower-case letter, then use a-z, 0-9 or _`,
      range: j.range,
      subject,
    });
  }
  if (!b.confidence.inRange) {
    out.push({
      severity: 'error',
      code: 'confidence-range',
      message: `confidence ${b.confidence.text} is outside [0,1]`,
      range: b.confidenceRange,
      subject,
    });
  }
  if (!KNOWN_SOURCES.has(b.source.type)) {
    out.push({
      severity: 'error',
      code: 'unknown-source',
      message: `unknown source type "${b.source.type}": use user, ctx, self, file or model`,
      range: b.sourceRange,
      subject,
    });
  }
  if (!b.level) {
    const at = b.confidenceRange.endColumn;
    out.push({
      severity: 'warning',
      code: 'missing-level',
      message: `${subject} has no level and is read as L0`,
      range: b.id.range,
      subject,
      fixes: [{ title: 'Insert level L0', edits: [{ range: lineRange(b.line, at, at), text: ' L0' }] }],
    });
  }
}
