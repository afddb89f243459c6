/**
 * Mnema sessions from the command line, run as a user runs them: import the sample
 * corpus, derive, cascade, explain, provenance, calibrate — the JSON shapes the issue
 * pins, exit codes, and bad input refused with its place and nothing written.
 */
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import * as ed from '@noble/ed25519';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { ChainWriter, mnemaLogText } from '../../src/core/mnema/mnemaLog.ts';
import { generateDeviceKey } from '../../src/core/oplog/deviceKey.ts';
import { headOf, signHead } from '../../src/core/oplog/logHead.ts';
import type { SignedOperation } from '../../src/core/oplog/operation.ts';
import { createValidationApi } from '../../workers/validationApi.ts';
import { hasStackTrace, runWarrant } from './support/runWarrant.ts';

let dir = '';
const at = (name: string) => join(dir, name);
let env: Record<string, string> = {};
const run = (args: readonly string[]) => runWarrant(args, { env });
const lines = (path: string) => readFileSync(path, 'utf8').trim().split('\n').length;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'warrant-mnema-'));
  env = { WARRANT_KEY_FILE: at('key.json') };
  const imported = await run(['import', 'samples/mnema/calendar.ics', 'samples/mnema/notes', 'samples/mnema/photos', '--log', at('ada.jsonl')]);
  expect(imported.stderr).toBe('');
  expect(imported.code).toBe(0);
  expect(imported.stdout).toMatch(/79 evidence record\(s\)/);
}, 60_000);

describe('warrant derive, cascade, explain, provenance, calibrate', () => {
  it('derive --json: appended in log order, and every identity key with its state, payload, confidence, band and basis', async () => {
    const r = await run(['derive', at('ada.jsonl'), '--out', at('derived.jsonl'), '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      appended: { id: string; kind: string; identity_key: string; confidence?: number }[];
      pending_review: unknown[];
      claims: Record<string, Record<string, unknown>>;
    };
    expect(out.appended.length).toBe(17);
    expect(out.appended.every((a) => a.kind === 'claim' && typeof a.confidence === 'number')).toBe(true);
    expect(out.claims['routine.weekly|gym|tue|morning']).toMatchObject({
      state: 'active',
      claim_type: 'routine.weekly',
      band: 'strong',
      payload: { activity: 'gym', day: 'tue', part_of_day: 'morning' },
    });
    expect(Object.keys(out.claims['routine.weekly|gym|tue|morning']!).sort()).toEqual(['band', 'claim_type', 'confidence', 'confidence_basis', 'op', 'payload', 'state']);
    // Deriving again appends nothing: every candidate equals its active version.
    const again = await run(['derive', at('derived.jsonl'), '--json']);
    expect(JSON.parse(again.stdout).appended).toEqual([]);
  });

  it('cascade --refute: the routine falls, its preference is invalidated and re-derived from what is left; a refuted key never returns', async () => {
    const r = await run(['cascade', at('derived.jsonl'), '--refute', 'routine.weekly|gym|tue|morning', '--out', at('refuted.jsonl'), '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { appended: { kind: string; identity_key: string; cause?: string }[]; claims: Record<string, { state: string }> };
    expect(out.appended.map((a) => `${a.kind} ${a.identity_key}`)).toEqual([
      'claim_refutation routine.weekly|gym|tue|morning',
      'claim_invalidation preference.time_of_day|gym|morning',
      'claim preference.time_of_day|gym|morning',
    ]);
    expect(out.claims['routine.weekly|gym|tue|morning']!.state).toBe('refuted');
    expect(out.claims['preference.time_of_day|gym|morning']!.state).toBe('active');
    // More gym evidence on Tuesdays, then derive: the refuted key stays refuted.
    writeFileSync(
      at('more.jsonl'),
      ['2025-06-03', '2025-06-10', '2025-06-17'].map((d) => JSON.stringify({ source: 'calendar', payload: { summary: 'Gym' }, observed_at: `${d}T07:00:00+02:00` })).join('\n') + '\n',
    );
    copyFileSync(at('refuted.jsonl'), at('more-log.jsonl'));
    expect((await run(['import', at('more.jsonl'), '--log', at('more-log.jsonl')])).code).toBe(0);
    const later = JSON.parse((await run(['derive', at('more-log.jsonl'), '--json'])).stdout) as { appended: { identity_key: string }[]; claims: Record<string, { state: string }> };
    expect(later.appended.map((a) => a.identity_key)).not.toContain('routine.weekly|gym|tue|morning');
    expect(later.claims['routine.weekly|gym|tue|morning']!.state).toBe('refuted');
  });

  it('cascade --correct KEY=PAYLOAD: served at 1.0 with the person’s basis; explain shows the history with every cause', async () => {
    const payload = JSON.stringify({ activity: 'yoga', label: 'Pilates', day: 'sat', part_of_day: 'morning' });
    const r = await run(['cascade', at('derived.jsonl'), '--correct', `routine.weekly|yoga|sat|morning=${payload}`, '--out', at('corrected.jsonl'), '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { claims: Record<string, { state: string; confidence: number; confidence_basis: unknown; payload: Record<string, unknown> }> };
    expect(out.claims['routine.weekly|yoga|sat|morning']).toMatchObject({ state: 'corrected', confidence: 1, confidence_basis: { source: 'user_correction' }, payload: { label: 'Pilates' } });
    expect(out.claims['preference.time_of_day|yoga|morning']!.payload.label).toBe('Pilates');
    const explained = await run(['explain', at('corrected.jsonl'), 'preference.time_of_day|yoga|morning', '--json']);
    expect(explained.code).toBe(0);
    const record = JSON.parse(explained.stdout) as Record<string, unknown> & { history: { event: string; cause?: { kind: string } }[] };
    expect(Object.keys(record)).toEqual(['claim', 'because', 'built_from', 'history', 'user_actions']);
    expect(record.history.map((h) => h.event)).toEqual(['derived', 'invalidated', 're-derived']);
    expect(record.history[1]!.cause!.kind).toBe('claim_correction');
    const tree = await run(['explain', at('corrected.jsonl'), 'routine.weekly|yoga|sat|morning']);
    expect(tree.stdout).toMatch(/^routine\.weekly\|yoga\|sat\|morning {2}\[corrected · certain: your correction\]/);
    expect(tree.stdout).toMatch(/supporting_event {2}calendar {2}Event 'Yoga' 2025-03-08 09:00 \(60m\) at Studio Om/);
  });

  it('a correction the deriver comes to agree with: explain and export --to explanations note it; a deriver that differs is no agreement', async () => {
    const key = 'routine.weekly|gym|tue|morning';
    const derived = JSON.parse((await run(['derive', at('derived.jsonl'), '--json'])).stdout) as { claims: Record<string, { payload: Record<string, unknown> }> };
    const same = JSON.stringify(derived.claims[key]!.payload);
    expect((await run(['cascade', at('derived.jsonl'), '--correct', `${key}=${same}`, '--out', at('confirmed.jsonl')])).code).toBe(0);
    const before = JSON.parse((await run(['explain', at('confirmed.jsonl'), key, '--json'])).stdout) as { because: { rationale: string }[] };
    expect(before.because.some((b) => b.rationale.startsWith('agrees'))).toBe(false);
    writeFileSync(
      at('tuesdays.jsonl'),
      ['2025-06-03', '2025-06-10'].map((d) => JSON.stringify({ source: 'calendar', payload: { summary: 'Gym' }, observed_at: `${d}T07:00:00+02:00` })).join('\n') + '\n',
    );
    expect((await run(['import', at('tuesdays.jsonl'), '--log', at('confirmed.jsonl')])).code).toBe(0);
    const after = JSON.parse((await run(['explain', at('confirmed.jsonl'), key, '--json'])).stdout) as {
      claim: { state: string; confidence: number };
      because: { deriver: { name: string } | null; rationale: string }[];
    };
    expect(after.claim).toMatchObject({ state: 'corrected', confidence: 1 });
    expect(after.because.map((b) => b.deriver?.name ?? 'the person')).toEqual(['routines', 'the person', 'routines']);
    expect(after.because[2]!.rationale).toMatch(/^agrees with the correction, re-derived from evidence newer than it: 15 'Gym' events on tue mornings/);
    const tree = await run(['explain', at('confirmed.jsonl'), key]);
    expect(tree.stdout).toContain('routines 1.1.2: agrees with the correction');
    // The page's inspector reads the same record off the same log (the worker's explanation).
    const api = createValidationApi();
    api.analyze({ version: 1, text: readFileSync(at('confirmed.jsonl'), 'utf8'), language: 'mnema', baseVersion: null, fileName: 'confirmed.mnema' });
    expect(api.mnemaExplain(1, key)?.record).toEqual(after);
    expect(api.mnemaExplain(1, key)?.tree).toBe(tree.stdout);
    const exported = (await run(['export', at('confirmed.jsonl'), '--to', 'explanations'])).stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { identity_key: string; because: unknown[] });
    expect(exported.find((r) => r.identity_key === key)!.because).toEqual(after.because);
    // Without the built-in derivers nothing derives the key: no agreement to note.
    const bare = JSON.parse((await run(['explain', at('confirmed.jsonl'), key, '--json', '--no-builtin'])).stdout) as { because: unknown[] };
    expect(bare.because.length).toBe(2);
  });

  it('provenance --json: depth-first down to evidence, each with its role and deriver', async () => {
    const r = await run(['provenance', at('derived.jsonl'), 'preference.time_of_day|gym|morning', '--json']);
    expect(r.code).toBe(0);
    const steps = JSON.parse(r.stdout) as { depth: number; op_id: string; role: string; deriver: { name: string } | null }[];
    expect(steps[0]).toMatchObject({ depth: 1, role: 'routine', deriver: { name: 'routines', version: '1.1.2' } });
    expect(steps[1]).toMatchObject({ depth: 2, role: 'supporting_event', deriver: null });
    expect(new Set(steps.map((s) => s.op_id)).size).toBe(steps.length);
    expect(Object.keys(steps[0]!)).toEqual(['depth', 'op_id', 'role', 'deriver']);
  });

  it('calibrate: each band within its range ± 0.10 on the sample corpus', async () => {
    const r = await run(['calibrate', at('derived.jsonl'), '--labels', 'samples/mnema/labels.json', '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as { bands: { band: string; pass: boolean; count: number }[]; pass: boolean };
    expect(report.pass).toBe(true);
    expect(report.bands.map((b) => b.band)).toEqual(['speculative', 'probable', 'likely', 'strong']);
  });
});

describe('warrant export of a Mnema log', () => {
  it('explanations: one record per identity key; --claims-only redacts the evidence but keeps the shape', async () => {
    const r = await run(['export', at('derived.jsonl'), '--to', 'explanations']);
    expect(r.code).toBe(0);
    const records = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { identity_key: string; built_from: { redacted: boolean; kind: string | null; summary: string | null }[] });
    expect(records).toHaveLength(17);
    expect(records.every((x) => x.built_from.every((b) => !b.redacted))).toBe(true);
    const redacted = (await run(['export', at('derived.jsonl'), '--to', 'explanations', '--claims-only'])).stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as (typeof records)[number]);
    const routine = redacted.find((x) => x.identity_key === 'routine.weekly|gym|tue|morning')!;
    expect(routine.built_from.every((b) => b.redacted && b.kind === 'evidence' && b.summary === null)).toBe(true);
    // Claims built from claims still name them: the shape of the provenance is shared, its evidence is not.
    const pref = redacted.find((x) => x.identity_key === 'preference.time_of_day|gym|morning')!;
    expect(pref.built_from.every((b) => b.kind === 'claim' && !b.redacted)).toBe(true);
  });
});

describe('a log written elsewhere', () => {
  it('claims this device did not derive, of a type it does not know, open, verify, explain and cascade the same; the basis is relayed verbatim; nothing is written by a non-member', async () => {
    const other = generateDeviceKey(new Uint8Array(32).fill(9));
    const writer = new ChainWriter(
      'elsewhere',
      null,
      other.author,
      (bytes) => bytesToHex(ed.sign(bytes, hexToBytes(other.secretKey))),
      () => '2026-02-02T00:00:00.000Z',
    );
    const e = writer.write({ kind: 'evidence', source: 'com.example.tracker', observed_at: '2025-05-01T06:00:00Z', payload: { steps: 12000 } }, 'import');
    const basis = { prior: 0.2, factors: [{ name: 'streak_days', value: 30, log_odds: 2.1 }], model: 'their own' };
    const streak = writer.write(
      {
        kind: 'claim',
        claim_type: 'com.example.fitness.streak',
        identity_key: 'com.example.fitness.streak|walking',
        subject: 'self',
        payload: { activity: 'walking' },
        inputs: [{ op_id: e.id, role: 'tracker_day' }],
        deriver: { name: 'their-deriver', version: '3.1.0' },
        confidence: 0.77,
        confidence_basis: basis,
        rationale: 'thirty days in a row',
        supersedes: null,
        valid_at: '2025-05-01T06:00:00Z',
      },
      'engine',
    );
    writer.write(
      {
        kind: 'claim',
        claim_type: 'com.example.fitness.habit',
        identity_key: 'com.example.fitness.habit|walking',
        subject: 'self',
        payload: {},
        inputs: [{ op_id: streak.id, role: 'streak' }],
        deriver: { name: 'their-deriver', version: '3.1.0' },
        confidence: 0.6,
        confidence_basis: { prior: 0.6, factors: [] },
        rationale: 'from the streak',
        supersedes: null,
        valid_at: '2025-05-01T06:00:00Z',
      },
      'engine',
    );
    const ops = writer.written as unknown as SignedOperation[];
    const head = signHead(headOf({ applied: ops, session: 'elsewhere', members: [other.author] }, other.author)!, other);
    writeFileSync(at('elsewhere.jsonl'), mnemaLogText(writer.written, head));
    const before = readFileSync(at('elsewhere.jsonl'), 'utf8');

    const explained = JSON.parse((await run(['explain', at('elsewhere.jsonl'), 'com.example.fitness.streak|walking', '--json'])).stdout) as {
      claim: { claim_type: string };
      because: { confidence_basis: unknown }[];
    };
    expect(explained.claim.claim_type).toBe('com.example.fitness.streak');
    expect(explained.because[0]!.confidence_basis).toEqual(basis);
    const r = await run(['cascade', at('elsewhere.jsonl'), '--refute', 'com.example.fitness.streak|walking', '--json', '--no-builtin']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { appended: { kind: string; identity_key: string }[]; claims: Record<string, { state: string; confidence_basis: unknown }> };
    expect(out.appended.map((a) => `${a.kind} ${a.identity_key}`)).toEqual(['claim_refutation com.example.fitness.streak|walking', 'claim_invalidation com.example.fitness.habit|walking']);
    expect(out.claims['com.example.fitness.habit|walking']!.state).toBe('invalidated');
    expect(r.stderr).toMatch(/not a member of session elsewhere, so nothing was written/);
    expect(readFileSync(at('elsewhere.jsonl'), 'utf8')).toBe(before);
    // Nothing to append is nothing refused: no word of membership.
    const quiet = await run(['derive', at('elsewhere.jsonl'), '--no-builtin']);
    expect(quiet).toMatchObject({ code: 0, stderr: '' });
    expect(quiet.stdout).toMatch(/^0 op\(s\) appended/);
  });
});

describe('bad input: a message with its place, exit 1, nothing written', () => {
  it.each([
    [
      'a rule table with an unknown field',
      '{"name":"x","version":"1","rules":[{"claim_type":"com.example.x","identity_key":"k","payload":{},"inputs":[{"match":{"source":"s"},"role":"r"}],"prior":0.5,"colour":"red"}]}',
      /:1:\d+: rules\[0\]\.colour: unknown field "colour"/,
    ],
    [
      'a built-in claim type',
      '{"name":"x","version":"1","rules":[{"claim_type":"routine.weekly","identity_key":"k","payload":{},"inputs":[{"match":{"source":"s"},"role":"r"}],"prior":0.5}]}',
      /claim_type routine\.weekly is a built-in type/,
    ],
    [
      'a factor of nothing known',
      '{"name":"x","version":"1","rules":[{"claim_type":"com.example.x","identity_key":"k","payload":{},"inputs":[{"match":{"source":"s"},"role":"r"}],"prior":0.5,"factors":[{"name":"f","of":"median","w_max":1,"k":1}]}]}',
      /factors\[0\]\.of/,
    ],
    ['not JSON', '{"name":', /not JSON/],
  ])('derive with %s', async (_, rules, message) => {
    writeFileSync(at('rules.json'), rules);
    const before = readFileSync(at('derived.jsonl'), 'utf8');
    const r = await run(['derive', at('derived.jsonl'), '--derivers', at('rules.json')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(message);
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(readFileSync(at('derived.jsonl'), 'utf8')).toBe(before);
  });

  it('importing a source again appends only what is new: the same records are not counted twice', async () => {
    copyFileSync(at('ada.jsonl'), at('again.jsonl'));
    const before = lines(at('again.jsonl'));
    const again = await run(['import', 'samples/mnema/calendar.ics', '--log', at('again.jsonl'), '--json']);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({ appended: [], sources: {}, already: 60, replaced: 0, deleted: 0 });
    // The ops are the same; only the head is signed again.
    expect(lines(at('again.jsonl'))).toBe(before);
  });

  it('malformed evidence: every problem with its line; nothing appended', async () => {
    writeFileSync(at('bad.jsonl'), '{"source":"s","payload":{},"observed_at":"2025-01-01T00:00:00Z"}\n{"source":"s"}\n');
    const before = lines(at('ada.jsonl'));
    const r = await run(['import', at('bad.jsonl'), '--log', at('ada.jsonl')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/bad\.jsonl:2: payload is an object/);
    expect(lines(at('ada.jsonl'))).toBe(before);
  });

  it('an unreadable calendar and a photo without EXIF are refused with their names', async () => {
    writeFileSync(at('broken.ics'), 'BEGIN:VCALENDAR\nthis is not\n');
    writeFileSync(at('blank.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    const r = await run(['import', at('broken.ics'), at('blank.jpg'), '--log', at('new.jsonl')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/broken\.ics: not an iCalendar file/);
    expect(r.stderr).toMatch(/blank\.jpg: /);
  });

  it('rule tables that read each other’s claims in a circle are refused at each rule of the circle, file, line and column; nothing is appended', async () => {
    const rule = (type: string, reads: string) => ({ claim_type: type, identity_key: `${type}|x`, payload: {}, inputs: [{ match: { kind: 'claim', claim_type: reads }, role: 'r' }], prior: 0.5 });
    writeFileSync(at('circle-a.json'), JSON.stringify({ name: 'ca', version: '1.0.0', rules: [rule('org.example.circle.a', 'org.example.circle.b')] }, null, 2));
    writeFileSync(at('circle-b.json'), JSON.stringify({ name: 'cb', version: '1.0.0', rules: [rule('org.example.circle.b', 'org.example.circle.a')] }, null, 2));
    const before = readFileSync(at('ada.jsonl'), 'utf8');
    const r = await run(['derive', at('ada.jsonl'), '--derivers', at('circle-a.json'), '--derivers', at('circle-b.json')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/circle-a\.json:5:5: rules\[0\] \(org\.example\.circle\.a\)/);
    expect(r.stderr).toMatch(/circle-b\.json:5:5: rules\[0\] \(org\.example\.circle\.b\)/);
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(readFileSync(at('ada.jsonl'), 'utf8')).toBe(before);
  });

  it('an input that cannot be read is an I/O error (exit 2, one line, no stack): a missing source, labels or rule table, a folder given as a file', async () => {
    const cases: [string[], RegExp][] = [
      [['import', at('nothere.ics'), '--log', at('io.jsonl')], /^warrant: cannot read .*nothere\.ics: no such file or folder\n$/],
      [['calibrate', at('ada.jsonl'), '--labels', at('nope.json')], /^warrant: cannot read .*nope\.json: no such file\n$/],
      [['calibrate', at('ada.jsonl'), '--labels', dir], /^warrant: cannot read .*: is a directory\n$/],
      [['derive', at('ada.jsonl'), '--derivers', at('nope.json'), '--out', at('io.jsonl')], /^warrant: cannot read .*nope\.json: no such file\n$/],
    ];
    for (const [args, message] of cases) {
      const r = await run(args);
      expect([args[0], r.code, r.stdout]).toEqual([args[0], 2, '']);
      expect(r.stderr).toMatch(message);
      expect(hasStackTrace(r.stderr)).toBe(false);
    }
  });

  it('a log with an op altered is refused (exit 1); an unknown key is a usage error (exit 2)', async () => {
    const text = readFileSync(at('derived.jsonl'), 'utf8').replace('"summary":"Gym"', '"summary":"Gin"');
    writeFileSync(at('tampered.jsonl'), text);
    const r = await run(['derive', at('tampered.jsonl')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/refused: bad-id/);
    const u = await run(['cascade', at('derived.jsonl'), '--refute', 'routine.weekly|nothing', '--out', at('x.jsonl')]);
    expect(u.code).toBe(2);
    expect(u.stderr).toMatch(/no claim has the identity key/);
  });
});
