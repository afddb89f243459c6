/**
 * JSON Lines records as evidence: each line `{"source", "payload", "observed_at"}` and
 * nothing else. A line that is not one is a problem with its line number.
 */
import type { EvidenceRecord, ImportReading, ImportProblem } from './evidenceRecord.ts';
import type { JsonObject } from '../mnemaBodies.ts';
import { isInstant } from '../instant.ts';

export function readJsonLines(text: string, file: string): ImportReading {
  const records: EvidenceRecord[] = [];
  const problems: ImportProblem[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    const place = `${file}:${i + 1}`;
    let x: unknown;
    try {
      x = JSON.parse(line);
    } catch (e) {
      problems.push({ place, message: `not JSON: ${(e as Error).message}` });
      return;
    }
    if (typeof x !== 'object' || x === null || Array.isArray(x)) return problems.push({ place, message: 'a record is an object {"source", "payload", "observed_at"}' }) && undefined;
    const r = x as Record<string, unknown>;
    const extra = Object.keys(r).find((k) => k !== 'source' && k !== 'payload' && k !== 'observed_at');
    if (extra) return problems.push({ place, message: `unknown field "${extra}" (a record has source, payload and observed_at)` }) && undefined;
    if (typeof r.source !== 'string' || r.source.trim() === '') return problems.push({ place, message: 'source is a non-empty string' }) && undefined;
    if (typeof r.payload !== 'object' || r.payload === null || Array.isArray(r.payload)) return problems.push({ place, message: 'payload is an object' }) && undefined;
    if (!isInstant(r.observed_at)) return problems.push({ place, message: 'observed_at is an ISO 8601 date-time' }) && undefined;
    records.push({ source: r.source, payload: r.payload as JsonObject, observed_at: r.observed_at });
  });
  return { records, problems };
}
