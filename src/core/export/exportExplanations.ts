/**
 * `export --to explanations`: one explanation record per listed belief, document
 * order, one JSON object per line, then the reintroduction audit computed from the very
 * records written.
 */
import { auditRecords } from '../contradiction/contradictionLedger.ts';
import type { DocumentExplanations } from '../explain/explainDocument.ts';

export function exportExplanations(explained: Pick<DocumentExplanations, 'explainer' | 'ledger'>): string {
  const records = explained.explainer.explainAll();
  const lines = records.map((r) => JSON.stringify(r));
  lines.push(JSON.stringify({ audit: auditRecords(records, explained.ledger) }));
  return lines.join('\n') + '\n';
}
