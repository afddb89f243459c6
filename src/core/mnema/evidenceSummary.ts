/**
 * One line saying what an evidence record is, per source (§8: `built_from` summaries
 * come only from the record itself — nothing else is read).
 */
import type { EvidenceBody, JsonObject } from './mnemaBodies.ts';

const text = (x: unknown): string | null => (typeof x === 'string' && x.trim() !== '' ? x.trim() : null);
/** `2025-05-27 07:00` from an ISO instant as written. */
const when = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`.trim();

const SUMMARIZERS: Readonly<Record<string, (p: JsonObject, observedAt: string) => string>> = {
  calendar: (p, at) => {
    const where = text(p.location) ? ` at ${text(p.location)}` : '';
    if (p.all_day === true) {
      const days = typeof p.duration_minutes === 'number' ? Math.round(p.duration_minutes / 1440) : 1;
      return `Event '${text(p.summary) ?? 'untitled'}' ${at.slice(0, 10)} (all day${days > 1 ? `, ${days} days` : ''})${where}`;
    }
    const minutes = typeof p.duration_minutes === 'number' ? ` (${p.duration_minutes}m)` : '';
    return `Event '${text(p.summary) ?? 'untitled'}' ${when(at)}${minutes}${where}`;
  },
  notes: (p, at) => `Note '${text(p.title) ?? text(p.path) ?? 'untitled'}' ${at.slice(0, 10)}`,
  photos: (p, at) => {
    const gps = p.gps as { lat?: unknown; lon?: unknown } | undefined;
    const where = gps && typeof gps.lat === 'number' && typeof gps.lon === 'number' ? ` at ${gps.lat.toFixed(3)},${gps.lon.toFixed(3)}` : '';
    // A time not from DateTimeOriginal says where it came from (an edit's ModifyDate is weaker evidence).
    const from = text(p.time_from) ? ` (time from ${text(p.time_from)})` : '';
    return `Photo ${text(p.file) ?? ''} ${when(at)}${from}${where}`.replace(/\s+/g, ' ');
  },
};

export function summarizeEvidence(body: EvidenceBody): string {
  const own = SUMMARIZERS[body.source];
  if (own) return own(body.payload, body.observed_at);
  const title = text(body.payload.title) ?? text(body.payload.summary) ?? text(body.payload.name);
  return `${body.source} record${title ? ` '${title}'` : ''} ${when(body.observed_at)}`;
}
