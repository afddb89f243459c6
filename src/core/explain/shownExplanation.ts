/**
 * An explanation record as the inspector shows it: the record with its provenance cut to
 * the first SHOWN_STEPS steps, the text rendered from that cut, and how long the chain
 * really is. A belief at the end of a 60k-step chain has a record of megabytes; moving
 * and drawing that on every keystroke froze the page. The whole record stays one request
 * away (`warrant explain --json`, Export → explanations, the inspector's save button).
 */
import type { ExplanationRecord } from './explainRecord.ts';
import { renderExplanation } from './renderExplanation.ts';

export const SHOWN_STEPS = 200;

export interface ShownExplanation {
  /** The record, with `provenance` holding at most SHOWN_STEPS steps. */
  readonly record: ExplanationRecord;
  readonly text: string;
  /** How many steps the whole provenance has. */
  readonly provenanceSteps: number;
}

export function shownExplanation(record: ExplanationRecord, limit = SHOWN_STEPS): ShownExplanation {
  const total = record.provenance.length;
  const cut = total > limit ? { ...record, provenance: record.provenance.slice(0, limit) } : record;
  return { record: cut, text: renderExplanation(cut, total - cut.provenance.length), provenanceSteps: total };
}
