/**
 * What the command line remembers between commands on one log file, as one device: the
 * signatures it verified (verifiedLogPrefix.ts) and where its last derivation stood
 * (derivationMemoFile.ts). Each command is checked against a second device that
 * remembers nothing, on a copy of the same file: the same ops appended, the same claims.
 * And what is remembered never lets a changed file through.
 */
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runWarrant } from './support/runWarrant.ts';

let dir = '';
const at = (name: string) => join(dir, name);
/** The device that remembers, and one that starts afresh each time. */
let remembering: Record<string, string> = {};
const fresh = () => ({ WARRANT_KEY_FILE: at('key.json'), WARRANT_STATE_DIR: mkdtempSync(join(tmpdir(), 'warrant-fresh-state-')) });

interface Report {
  appended: { kind: string; identity_key?: string; confidence?: number; cause?: string }[];
  claims: Record<string, unknown>;
}
const report = (stdout: string): Report => JSON.parse(stdout) as Report;
/** What was appended, without the ids and times that differ between two devices' writes (a cause naming an op: that it does). */
const appendedOf = (r: Report) => r.appended.map((a) => [a.kind, a.identity_key, a.confidence, a.cause?.replace(/b3:[0-9a-f]{64}/g, 'OP')]);
/** The claims, without their op ids. */
const claimsOf = (r: Report) => Object.fromEntries(Object.entries(r.claims).map(([k, c]) => [k, { ...(c as object), op: undefined }]));

/** Runs `args` on LOG with the remembering device and on a copy with a fresh one; both reports. */
async function both(args: (log: string) => string[], log: string): Promise<[Report, Report]> {
  const copy = `${log}.copy.jsonl`;
  copyFileSync(log, copy);
  const a = await runWarrant(args(log), { env: remembering });
  const b = await runWarrant(args(copy), { env: fresh() });
  expect(a.stderr).toBe('');
  expect(b.stderr).toBe('');
  expect([a.code, b.code]).toEqual([0, 0]);
  return [report(a.stdout), report(b.stdout)];
}

/** Weekly gym sessions on Tuesday mornings, dated before the sample's newest record (a newer one moves every recency factor: from genesis). */
const gymRecords = (uids: readonly string[]) =>
  uids.map((uid, i) => JSON.stringify({ source: 'calendar', observed_at: `2025-0${3 + (i % 3)}-1${i % 2 === 0 ? 1 : 8}T07:30:00+01:00`, payload: { summary: 'Gym', uid } })).join('\n') + '\n';

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'warrant-mnema-remembered-'));
  remembering = { WARRANT_KEY_FILE: at('key.json'), WARRANT_STATE_DIR: at('state') };
  const imported = await runWarrant(['import', 'samples/mnema/calendar.ics', 'samples/mnema/notes', 'samples/mnema/photos', '--log', at('ada.jsonl')], { env: remembering });
  expect(imported.code).toBe(0);
}, 60_000);

describe('a log the command line has read before', () => {
  it('derive, import, derive, cascade, derive with a rule table: each run as a device that remembers nothing derives the same', async () => {
    const [first, firstFresh] = await both((log) => ['derive', log, '--json'], at('ada.jsonl'));
    expect(first.appended.length).toBeGreaterThan(10);
    expect(appendedOf(first)).toEqual(appendedOf(firstFresh));
    expect(readdirSync(at('state')).sort()).toEqual(expect.arrayContaining(['memos', 'verified']));

    writeFileSync(at('gym.jsonl'), gymRecords(['g1', 'g2', 'g3', 'g4', 'g5']));
    expect((await runWarrant(['import', at('gym.jsonl'), '--log', at('ada.jsonl')], { env: remembering })).code).toBe(0);
    const [afterImport, afterImportFresh] = await both((log) => ['derive', log, '--json'], at('ada.jsonl'));
    expect(afterImport.appended.length).toBeGreaterThan(0);
    expect(appendedOf(afterImport)).toEqual(appendedOf(afterImportFresh));
    expect(claimsOf(afterImport)).toEqual(claimsOf(afterImportFresh));
    // The memo kept stands at the end of the file the run wrote (its ops, then the head line).
    const memos = readdirSync(at('state/memos')).map((f) => JSON.parse(readFileSync(at(`state/memos/${f}`), 'utf8')) as { snapshot: { at: number } });
    expect(memos.map((m) => m.snapshot.at)).toEqual([readFileSync(at('ada.jsonl'), 'utf8').trim().split('\n').length - 1]);

    const [refuted, refutedFresh] = await both((log) => ['cascade', log, '--refute', 'routine.weekly|gym|tue|morning', '--json'], at('ada.jsonl'));
    expect(refuted.appended.some((a) => a.kind === 'claim_invalidation')).toBe(true);
    expect(appendedOf(refuted)).toEqual(appendedOf(refutedFresh));
    expect(claimsOf(refuted)).toEqual(claimsOf(refutedFresh));

    // A rule table, then the same table edited: the memo of the first is not the second's.
    const table = (prior: number) =>
      JSON.stringify({
        name: 'com.example.walks',
        version: '1',
        rules: [
          {
            claim_type: 'com.example.walked',
            identity_key: 'com.example.walked|any',
            payload: {},
            inputs: [{ match: { source: 'photos' }, role: 'photo' }],
            min_inputs: 1,
            prior,
            factors: [{ name: 'photos', of: 'count', w_max: 1.5, k: 0.3 }],
          },
        ],
      });
    writeFileSync(at('rules.json'), table(0.6));
    const [ruled, ruledFresh] = await both((log) => ['derive', log, '--derivers', at('rules.json'), '--json'], at('ada.jsonl'));
    expect(ruled.appended.some((a) => a.identity_key === 'com.example.walked|any')).toBe(true);
    expect(appendedOf(ruled)).toEqual(appendedOf(ruledFresh));
    writeFileSync(at('rules.json'), table(0.8));
    const [edited, editedFresh] = await both((log) => ['derive', log, '--derivers', at('rules.json'), '--json'], at('ada.jsonl'));
    const walked = (r: Report) => r.appended.find((a) => a.identity_key === 'com.example.walked|any')?.confidence ?? 0;
    expect(walked(edited)).toBeGreaterThan(walked(ruled));
    expect(appendedOf(edited)).toEqual(appendedOf(editedFresh));
    expect(claimsOf(edited)).toEqual(claimsOf(editedFresh));
  }, 120_000);

  it('a run that appends nothing leaves the file as it was', async () => {
    const before = readFileSync(at('ada.jsonl'), 'utf8');
    const again = await runWarrant(['derive', at('ada.jsonl'), '--derivers', at('rules.json'), '--json'], { env: remembering });
    expect(again.code).toBe(0);
    expect(report(again.stdout).appended).toEqual([]);
    expect(readFileSync(at('ada.jsonl'), 'utf8')).toBe(before);
  });

  it.each([
    ['a signature of an op verified before, changed', (text: string) => text.replace(/"sig":"([0-9a-f])/, (_, c: string) => `"sig":"${c === '0' ? '1' : '0'}`), /bad-signature|signature/],
    ['the ops verified before cut, the rest kept', (text: string) => text.split('\n').slice(5).join('\n'), /./],
  ])('%s: refused (exit 1), as a device that never read it refuses it', async (_, change, message) => {
    const text = readFileSync(at('ada.jsonl'), 'utf8');
    expect(existsSync(at('state/verified'))).toBe(true);
    const changed = change(text);
    expect(changed).not.toBe(text);
    writeFileSync(at('ada.jsonl.changed'), changed);
    copyFileSync(at('ada.jsonl.changed'), at('ada.jsonl'));
    try {
      const r = await runWarrant(['derive', at('ada.jsonl'), '--json'], { env: remembering });
      const f = await runWarrant(['derive', at('ada.jsonl'), '--json'], { env: fresh() });
      expect(f.code).toBe(1);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(message);
    } finally {
      writeFileSync(at('ada.jsonl'), text);
    }
  });
});
