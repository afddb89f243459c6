/**
 * The log's own steps the page offers beside the person's actions on one claim: bring
 * evidence in (import, then derive) and run the derivers. Each is planned on the
 * document's log exactly as the command line's `warrant import` and `warrant derive`
 * would run it (mnemaSession.ts), and described in words before anything is written.
 */
import type { EvidenceRecord } from './importers/evidenceRecord.ts';
import type { MnemaDocument } from './mnemaDocument.ts';
import type { PendingReview } from './mnemaCascade.ts';
import type { MnemaSession, ServedClaim } from './mnemaSession.ts';
import type { LogWrite, PlannedWrite } from './mnemaWrite.ts';
import { planDerive, planImport } from './mnemaWrite.ts';

export type LogStep = { readonly kind: 'derive' } | { readonly kind: 'import'; readonly records: readonly EvidenceRecord[]; readonly problems: readonly string[] };

/** A key the step would change: how it is served before and after. */
export interface KeyChange {
  readonly key: string;
  readonly before: ServedClaim | null;
  readonly after: ServedClaim | null;
}

export interface LogStepPlan {
  readonly step: LogStep['kind'];
  /** The step in words: what it appends and what it changes. */
  readonly summary: string;
  /** Why nothing can be written (problems with their places, a log this device may not write to…). */
  readonly refusal: string | null;
  readonly problems: readonly string[];
  readonly write: LogWrite | null;
  readonly changes: readonly KeyChange[];
  readonly invalidated: readonly string[];
  readonly pending: readonly PendingReview[];
  readonly imported: number;
  readonly already: number;
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** `step` planned on the document's log in `author`'s name. */
export function planLogStep(doc: MnemaDocument, session: MnemaSession, step: LogStep, author: string): LogStepPlan {
  if (step.kind === 'import' && step.problems.length > 0) {
    // The summary says what happened, the refusal why (each once: the panel shows both).
    const refusal = `${plural(step.problems.length, 'problem')} in the files, each below with its place: fix them and import again`;
    return { step: step.kind, summary: 'nothing imported', refusal, problems: step.problems, write: null, changes: [], invalidated: [], pending: [], imported: 0, already: 0 };
  }
  const planned: PlannedWrite = step.kind === 'import' ? planImport(doc, session, step.records, author) : planDerive(doc, session, author);
  const { preview } = planned;
  const changes = Object.entries(preview.changes)
    .map(([key, c]) => ({ key, before: c.before, after: c.after }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const derived = changes.filter((c) => c.before === null).length;
  const moved = changes.filter((c) => c.before !== null && c.after !== null && c.before.state === c.after.state && c.before.confidence !== c.after.confidence).length;
  const fell = changes.filter((c) => c.before !== null && c.after !== null && c.before.state === 'active' && c.after.state !== 'active').length;
  const parts: string[] = [];
  if (step.kind === 'import') {
    const notes = [
      planned.already ? `${planned.already} already in the log` : '',
      planned.replaced ? `${planned.replaced} replacing an older version` : '',
      planned.deleted ? `${plural(planned.deleted, 'held record')} deleted at the source, retracted` : '',
    ].filter((x) => x !== '');
    parts.push(`${plural(planned.imported ?? 0, 'record')} to import${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`);
  }
  if (derived > 0) parts.push(`derives ${plural(derived, 'new claim')}`);
  if (moved > 0) parts.push(`${plural(moved, 'confidence')} ${moved === 1 ? 'moves' : 'move'}`);
  if (fell > 0) parts.push(`${plural(fell, 'claim')} ${fell === 1 ? 'falls' : 'fall'}`);
  if (preview.pending.length > 0) parts.push(`${plural(preview.pending.length, 'item')} to review`);
  const summary =
    preview.plan.length === 0 ? (step.kind === 'import' ? `${parts[0]}; nothing to append` : 'nothing new to derive') : `${parts.join(' · ')} — ${plural(preview.plan.length, 'op')} to append`;
  return {
    step: step.kind,
    summary,
    refusal: planned.refusal,
    problems: [],
    write: planned.write,
    changes,
    invalidated: preview.invalidated,
    pending: preview.pending,
    imported: planned.imported ?? 0,
    already: planned.already ?? 0,
  };
}
