/**
 * One person's evidence over two years, deterministic: calendar events (an activity and
 * who came) and, every fifth record, a photo with its place. The built-in derivers find
 * routines, places, relationships and preferences in it, so it is what deriving from
 * scratch is timed on, in Node (mnemaBench.ts) and in the page (browserBench.ts).
 */
import type { EvidenceBody } from '../src/core/mnema/mnemaBodies.ts';
import { mulberry32 } from './seededRandom.ts';

/** The activities and people the records name. */
export const ACTIVITIES = Array.from({ length: 400 }, (_, i) => `Activity ${i}`);
export const PEOPLE = Array.from({ length: 300 }, (_, i) => `Person ${i}`);

export function personalEvidence(n: number): EvidenceBody[] {
  const random = mulberry32(44);
  const t0 = Date.UTC(2024, 0, 1);
  const out: EvidenceBody[] = [];
  for (let i = 0; i < n; i++) {
    const day = new Date(t0 + Math.floor(random() * 730) * 86_400_000).toISOString().slice(0, 10);
    const hour = String(6 + Math.floor(random() * 15)).padStart(2, '0');
    const at = `${day}T${hour}:00:00+01:00`;
    out.push(
      i % 5 === 4
        ? {
            kind: 'evidence',
            source: 'photos',
            observed_at: at,
            payload: { file: `IMG_${i}.jpg`, gps: { lat: 52.5 + Math.floor(random() * 40) / 1000, lon: 13.4 + Math.floor(random() * 40) / 1000 } },
          }
        : {
            kind: 'evidence',
            source: 'calendar',
            observed_at: at,
            payload: { summary: ACTIVITIES[Math.floor(random() * ACTIVITIES.length)]!, attendees: [PEOPLE[Math.floor(random() * PEOPLE.length)]!] },
          },
    );
  }
  return out;
}

/** The same records as a JSON Lines file, `{"source", "payload", "observed_at"}` a line. */
export function personalEvidenceLines(n: number): string {
  return `${personalEvidence(n)
    .map((b) => JSON.stringify({ source: b.source, payload: b.payload, observed_at: b.observed_at }))
    .join('\n')}\n`;
}
