/**
 * Writing to a Mnema log that is the open document (mnemaWrite.ts, logSteps.ts): what the
 * page previews is what it appends — the person's op, its cascade and the re-derivation,
 * or imported records and what they derive — signed with the device key and appended to
 * the text with a new head; the result reads back as a verified log in the state the
 * command line's path gives. A log this device may not write to, a plan that is not the
 * one made, and a log that moved are refused with the reason, and nothing is written.
 */
import type { AnalysisPatch } from '../../../src/core/analysis/analysisPatch.ts';
import * as ed from '@noble/ed25519';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { claimSummaries } from '../../../src/core/mnema/claimSummary.ts';
import { planLogStep } from '../../../src/core/mnema/logSteps.ts';
import type { MnemaOp } from '../../../src/core/mnema/mnemaBodies.ts';
import { readMnemaDocument } from '../../../src/core/mnema/mnemaDocument.ts';
import { ChainWriter, mnemaLogText } from '../../../src/core/mnema/mnemaLog.ts';
import { previewLogAction } from '../../../src/core/mnema/mnemaPreview.ts';
import type { LogWrite } from '../../../src/core/mnema/mnemaWrite.ts';
import { bytesToSign, committedText, documentSession, HELPED_WRITE_OPS, planMembers, signLogWrite } from '../../../src/core/mnema/mnemaWrite.ts';
import { signEach } from '../../../src/core/oplog/bytesSigner.ts';
import { BUILTIN_DERIVERS } from '../../../src/core/mnema/builtinDerivers.ts';
import { runDerivation } from '../../../src/core/mnema/derivationEngine.ts';
import { DerivationGraph } from '../../../src/core/mnema/derivationGraph.ts';
import type { DeviceKey } from '../../../src/core/oplog/deviceKey.ts';
import { generateDeviceKey } from '../../../src/core/oplog/deviceKey.ts';
import { headBytes, headOf, type SignedHead } from '../../../src/core/oplog/logHead.ts';
import type { SignedOperation } from '../../../src/core/oplog/operation.ts';
import { membersOf } from '../../../src/core/oplog/sessionMembers.ts';
import { sampleRecords } from '../../support/mnemaCorpus.ts';
import { badSignatures } from '../../../src/core/oplog/webCryptoSignatures.ts';
import { createValidationApi } from '../../../workers/validationApi.ts';
import { applyChanges } from '../../../src/core/text/textReplica.ts';
import { testLog, weekly } from '../../support/mnemaLogs.ts';

const me = generateDeviceKey(new Uint8Array(32).fill(7));
const stranger = generateDeviceKey(new Uint8Array(32).fill(9));
const GYM_TUE = 'routine.weekly|gym|tue|morning';
const GYM_PREF = 'preference.time_of_day|gym|morning';

const signBytes = (key: DeviceKey, bytes: Uint8Array) => bytesToHex(ed.sign(bytes, hexToBytes(key.secretKey)));

/** A write signed as the page signs it. */
function signed(write: LogWrite, key: DeviceKey): { ops: MnemaOp[]; head: SignedHead } {
  return { ops: write.ops.map((op) => ({ ...op, sig: signBytes(key, bytesToSign(op)) })), head: { ...write.head, sig: signBytes(key, headBytes(write.head)) } };
}

/** A verified log's text written by `key`: six Tuesday gym mornings (and six Saturday yoga mornings, `withYoga`), derived. */
function gymLogText(key: DeviceKey, withYoga = false): string {
  const session = withYoga ? 'mnema-shared' : 'mnema-gym';
  const graph = new DerivationGraph();
  const writer = new ChainWriter(
    session,
    null,
    key.author,
    (bytes) => signBytes(key, bytes),
    () => '2026-01-01T00:00:00.000Z',
  );
  const log = testLog();
  const days = [...weekly(log, 'Gym', 6), ...(withYoga ? weekly(log, 'Yoga', 6, '2025-03-08', '09:00') : [])];
  for (const d of days) graph.add(writer.write(d.body, 'import'));
  runDerivation(graph, BUILTIN_DERIVERS, writer);
  const ops = graph.ops as unknown as SignedOperation[];
  const head = headOf({ applied: ops, session, members: membersOf(ops).list() }, key.author, '2026-01-01T00:00:00.000Z')!;
  return mnemaLogText(graph.ops, { ...head, sig: signBytes(key, headBytes(head)) });
}

const states = (text: string) => {
  const doc = readMnemaDocument(text, { checkSignature: (sig, message, key) => ed.verify(sig, message, key) });
  return { doc, served: claimSummaries(doc.derivation) };
};

describe('committing an action to a Mnema document', () => {
  it('appends exactly the previewed ops and a new head: the log reads back verified, in the state the preview showed', () => {
    const text = gymLogText(me);
    const doc = readMnemaDocument(text);
    const p = previewLogAction(doc, { kind: 'refute', target: GYM_TUE, source: 'graph' }, me.author);
    expect(p.refusal).toBeNull();
    expect(p.write!.ops.map((op) => op.body.kind)).toEqual(['claim_refutation', 'claim_invalidation']);
    const { ops, head } = signed(p.write!, me);
    const out = committedText(doc, text, ops, head, 'unused');
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    // The old lines are kept byte for byte; only the head line is replaced.
    const oldLines = text.trimEnd().split('\n');
    expect(out.text.startsWith(oldLines.slice(0, -1).join('\n') + '\n')).toBe(true);
    expect(out.text.trimEnd().split('\n')).toHaveLength(oldLines.length + 2);
    // The change the page is sent: the old head line replaced by the new ops and head, nothing before it.
    expect(out.change.offset).toBe(text.trimEnd().lastIndexOf('\n') + 1);
    expect(applyChanges(text, [out.change])).toBe(out.text);
    const after = states(out.text);
    expect(after.doc.diagnostics).toEqual([]);
    expect(after.served[GYM_TUE]!.state).toBe('refuted');
    expect(after.served[GYM_PREF]!.state).toBe('invalidated');
    for (const [key, s] of Object.entries(p.states)) expect(after.served[key]?.state ?? 'retracted').toBe(s);
  });

  it('a correction replaces the payload: served at 1.0 with the person as its basis', () => {
    const text = gymLogText(me);
    const doc = readMnemaDocument(text);
    const payload = { activity: 'swim', label: 'Swim', day: 'tue', part_of_day: 'morning' };
    const p = previewLogAction(doc, { kind: 'correct', target: GYM_TUE, value: 1, payload, source: 'inspector' }, me.author);
    expect(p.refusal).toBeNull();
    const { ops, head } = signed(p.write!, me);
    const out = committedText(doc, text, ops, head, 'unused');
    if (!out.ok) throw new Error(out.message);
    const c = states(out.text).served[GYM_TUE]!;
    expect(c).toMatchObject({ state: 'corrected', confidence: 1, payload, confidence_basis: { source: 'user_correction' } });
    // Without a payload there is nothing to correct to: the reason names the editor.
    expect(previewLogAction(doc, { kind: 'correct', target: GYM_TUE, value: 0.5, source: 'graph' }, me.author).refusal).toMatch(/Correct editor/);
  });

  it('withdrawing a refutation brings the claim back', () => {
    let text = gymLogText(me);
    for (const action of [
      { kind: 'refute', target: GYM_TUE, source: 'graph' },
      { kind: 'withdraw', target: GYM_TUE, source: 'inspector' },
    ] as const) {
      const doc = readMnemaDocument(text);
      const p = previewLogAction(doc, action, me.author);
      expect(p.refusal).toBeNull();
      const { ops, head } = signed(p.write!, me);
      const out = committedText(doc, text, ops, head, 'unused');
      if (!out.ok) throw new Error(out.message);
      text = out.text;
    }
    expect(states(text).served[GYM_TUE]!.state).toBe('active');
  });

  it('refuses what is not the plan, a log that moved, and a device that is not a member — and says why', () => {
    const text = gymLogText(me);
    const doc = readMnemaDocument(text);
    const p = previewLogAction(doc, { kind: 'refute', target: GYM_TUE, source: 'graph' }, me.author);
    const { ops, head } = signed(p.write!, me);
    const altered = ops.map((op, i) => (i === 0 ? { ...op, at: '2030-01-01T00:00:00.000Z' } : op));
    expect(committedText(doc, text, altered, head, 'x')).toMatchObject({ ok: false, message: expect.stringMatching(/not the one planned/) });
    expect(committedText(doc, text, ops, { ...head, count: head.count + 1 }, 'x')).toMatchObject({ ok: false, message: expect.stringMatching(/head does not vouch/) });
    const moved = committedText(doc, text, ops, head, 'x');
    if (!moved.ok) throw new Error(moved.message);
    const later = readMnemaDocument(moved.text);
    expect(committedText(later, moved.text, ops, head, 'x')).toMatchObject({ ok: false, message: expect.stringMatching(/changed since the preview/) });
    // Another device sees the effect but gets no write.
    const theirs = previewLogAction(doc, { kind: 'refute', target: GYM_TUE, source: 'graph' }, stranger.author);
    expect(theirs.write).toBeNull();
    expect(theirs.refusal).toMatch(/not a member/);
    expect(theirs.invalidated).toEqual([GYM_PREF]);
  });

  it('a member admits another device (a team’s join request): only member_addition ops are written, and the new member then writes; a non-member admits nobody', () => {
    const text = gymLogText(me);
    const doc = readMnemaDocument(text);
    const session = documentSession(doc, 'x');
    expect(session.members()).toEqual([me.author]);
    const admitted = planMembers(doc, session, [stranger.author, me.author, stranger.author], me.author);
    expect(admitted.refusal).toBeNull();
    expect(admitted.write!.ops.map((op) => op.body)).toEqual([{ kind: 'member_addition', member: stranger.author }]);
    expect(planMembers(doc, session, [stranger.author], stranger.author)).toMatchObject({ write: null, refusal: expect.stringMatching(/not a member/) });
    const { ops, head } = signed(admitted.write!, me);
    const after = committedText(doc, text, ops, head, 'x');
    if (!after.ok) throw new Error(after.message);
    const { doc: shared } = states(after.text);
    expect(shared.broken).toBe(false);
    expect(documentSession(shared, 'x').members()).toEqual([me.author, stranger.author]);
    // The admitted device writes a refutation of its own; the log still verifies.
    const theirs = previewLogAction(shared, { kind: 'refute', target: GYM_TUE, source: 'graph' }, stranger.author);
    expect(theirs.refusal).toBeNull();
    const signedTheirs = signed(theirs.write!, stranger);
    const written = committedText(shared, after.text, signedTheirs.ops, signedTheirs.head, 'x');
    if (!written.ok) throw new Error(written.message);
    const final = states(written.text);
    expect(final.doc.broken).toBe(false);
    expect(final.served[GYM_TUE]!.state).toBe('refuted');
    // Nobody new to admit: nothing to write.
    expect(planMembers(shared, documentSession(shared, 'x'), [stranger.author], me.author).write).toBeNull();
  });

  it('a log with errors is not written to', () => {
    // The head's signature broken: every op stands, but the log cannot vouch for its end.
    const good = gymLogText(me);
    const at = good.lastIndexOf('"sig":"') + 7;
    const text = good.slice(0, at) + (good[at] === '0' ? '1' : '0') + good.slice(at + 1);
    const doc = readMnemaDocument(text);
    expect(doc.broken).toBe(true);
    expect(previewLogAction(doc, { kind: 'refute', target: GYM_TUE, source: 'graph' }, me.author).refusal).toMatch(/errors/);
  });
});

describe('importing evidence into a Mnema document', () => {
  it('an empty document becomes the log the command line builds from the same records: evidence, then what it derives', async () => {
    const records = await sampleRecords();
    const empty = readMnemaDocument('');
    const plan = planLogStep(empty, documentSession(empty, 'mnema-new'), { kind: 'import', records, problems: [] }, me.author);
    expect(plan.refusal).toBeNull();
    expect(plan.imported).toBe(records.length);
    expect(plan.summary).toMatch(new RegExp(`^${records.length} records to import · derives \\d+ new claims`));
    const { ops, head } = signed(plan.write!, me);
    const out = committedText(empty, '', ops, head, 'unused');
    if (!out.ok) throw new Error(out.message);
    const after = states(out.text);
    expect(after.doc.diagnostics).toEqual([]);
    // The command line's path: evidence ops in file order, then the engine.
    const cli = testLog();
    for (const r of records) cli.evidence(r.source, r.observed_at, r.payload);
    cli.derive();
    const view = (s: ReturnType<typeof claimSummaries>) => Object.fromEntries(Object.entries(s).map(([k, c]) => [k, [c.state, c.confidence, c.payload]]));
    expect(view(after.served)).toEqual(view(claimSummaries(cli.graph)));
    // Importing the same records again appends nothing.
    const again = planLogStep(after.doc, documentSession(after.doc, 'x'), { kind: 'import', records, problems: [] }, me.author);
    expect(again).toMatchObject({ imported: 0, already: records.length, write: null });
    expect(again.summary).toMatch(/nothing to append/);
  });

  it('a file with problems imports nothing, each problem with its place', () => {
    const empty = readMnemaDocument('');
    const plan = planLogStep(empty, documentSession(empty, 'x'), { kind: 'import', records: [], problems: ['notes/a.md: front matter is not YAML'] }, me.author);
    expect(plan).toMatchObject({ write: null, problems: ['notes/a.md: front matter is not YAML'] });
    expect(plan).toMatchObject({ summary: 'nothing imported', refusal: expect.stringMatching(/^1 problem in the files/) });
  });

  it('derive on a log that is up to date appends nothing', () => {
    const doc = readMnemaDocument(gymLogText(me));
    const plan = planLogStep(doc, documentSession(doc, 'x'), { kind: 'derive' }, me.author);
    expect(plan).toMatchObject({ write: null, summary: 'nothing new to derive', refusal: null });
  });
});

describe('the worker signs a write it planned, with the key of the device that asks', () => {
  it('signs every op and the head with the author’s key; refuses a plan made for another device, and a text edited since', async () => {
    const api = createValidationApi();
    const text = gymLogText(me);
    api.analyze({ version: 1, text, language: 'mnema', baseVersion: null, fileName: 'gym.mnema' });
    const p = previewLogAction(readMnemaDocument(text), { kind: 'refute', target: GYM_TUE, source: 'graph' }, me.author);
    expect(await api.mnemaCommit(1, p.write!, stranger)).toMatchObject({ ok: false, message: expect.stringMatching(/planned for another device/) });
    const out = await api.mnemaCommit(1, p.write!, me);
    expect(out?.ok).toBe(true);
    // The signatures are the author's, as the CLI's reader checks them; and what a page signing them itself would make.
    // Only the change comes back: the text written on with it is the log with the ops appended, its old lines kept.
    expect(out!.ok && out!.change.offset).toBeGreaterThan(0);
    const written = readMnemaDocument(out!.ok ? (applyChanges(text, [out!.change]) ?? '') : '');
    expect(written.broken).toBe(false);
    const added = written.derivation.ops.slice(-p.write!.ops.length);
    expect(await badSignatures(added as unknown as SignedOperation[], null)).toEqual(new Set());
    expect(added).toEqual(signed(p.write!, me).ops);
    // A version the worker no longer holds is not written to (the page plans again).
    expect(await api.mnemaCommit(99, p.write!, me)).toBeNull();
  });

  it('the write it signed becomes the next version of its own copy of the text when the page says so, not sent back', async () => {
    const text = gymLogText(me);
    const p = previewLogAction(readMnemaDocument(text), { kind: 'refute', target: GYM_TUE, source: 'graph' }, me.author);
    const held = async (base: number) => {
      const api = createValidationApi();
      api.setText(1, text);
      api.analyze({ version: 1, text, language: 'mnema', baseVersion: null, fileName: 'gym.mnema' });
      const out = await api.mnemaCommit(1, p.write!, me);
      const next = out?.ok ? (applyChanges(text, [out.change]) ?? '') : '';
      api.takeCommitted(base, 2, next.length);
      return { api, next };
    };
    const { api, next } = await held(1);
    const request = { version: 2, language: 'mnema' as const, baseVersion: null, fileName: 'gym.mnema' };
    const fromHeld = api.analyzeHeldText(request);
    expect(fromHeld).not.toBeNull();
    const untimed = (patch: AnalysisPatch) => ({ ...patch, stats: null });
    const sent = createValidationApi().analyze({ ...request, text: next });
    expect(untimed(fromHeld!)).toEqual(untimed(sent));
    // That version is the refuted log: its explanation reads the refutation.
    expect(JSON.stringify(api.mnemaExplain(2, GYM_TUE))).toMatch(/refut/);
    expect(JSON.stringify(api.mnemaExplain(1, GYM_TUE))).not.toMatch(/refut/);
    // Told of another base version (the editor moved on): the text stays unknown, and the page sends it.
    expect((await held(7)).api.analyzeHeldText(request)).toBeNull();
  });

  it('a long insert crosses in parts that make the whole change, one message each', async () => {
    const text = gymLogText(me);
    const p = previewLogAction(readMnemaDocument(text), { kind: 'refute', target: GYM_TUE, source: 'graph' }, me.author);
    const commit = async (sentPartChars?: number) => {
      const api = createValidationApi(sentPartChars === undefined ? {} : { sentPartChars });
      api.analyze({ version: 1, text, language: 'mnema', baseVersion: null, fileName: 'gym.mnema' });
      return { api, reply: await api.mnemaCommit(1, p.write!, me) };
    };
    const whole = (await commit()).reply;
    expect(whole).toMatchObject({ ok: true });
    expect(whole!.ok && whole!.more).toBeUndefined();
    const { api, reply } = await commit(1000);
    if (!reply?.ok || !whole?.ok) throw new Error('not committed');
    // Each part is whole lines (about 1,000 characters of them).
    const parts = [reply.change.text, ...Array.from({ length: reply.more ?? 0 }, (_, i) => api.committedPart(i + 1) ?? '')];
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every((p) => p.endsWith('\n') && p.length <= 1000)).toBe(true);
    expect({ ...reply.change, text: parts.join('') }).toEqual(whole.change);
    expect(api.committedPart(parts.length)).toBeNull();
    // Once the page has taken it, no part is held.
    api.takeCommitted(1, 2, 0);
    expect(api.committedPart(1)).toBeNull();
  });
});

describe('two members writing to a shared log at once', () => {
  /** The gym log with yoga too, and `stranger` admitted: two members. */
  function sharedLog(): string {
    const text = gymLogText(me, true);
    const doc = readMnemaDocument(text);
    const admitted = signed(planMembers(doc, documentSession(doc, 'x'), [stranger.author], me.author).write!, me);
    const out = committedText(doc, text, admitted.ops, admitted.head, 'x');
    if (!out.ok) throw new Error(out.message);
    return out.text;
  }
  const YOGA_SAT = 'routine.weekly|yoga|sat|morning';

  /** What a text merge of two writes on `text` makes (each replaced the head line and added lines at the end). */
  function merged(text: string, a: string, b: string): string {
    const base = text.slice(0, text.trimEnd().lastIndexOf('\n') + 1);
    return base + a.slice(base.length) + b.slice(base.length);
  }

  const commit = (text: string, action: Parameters<typeof previewLogAction>[1], key: DeviceKey): string => {
    const doc = readMnemaDocument(text);
    const p = previewLogAction(doc, action, key.author);
    if (!p.write) throw new Error(p.refusal ?? 'nothing to write');
    const s = signed(p.write, key);
    const out = committedText(doc, text, s.ops, s.head, 'x');
    if (!out.ok) throw new Error(out.message);
    // The change the page is sent makes the same text, heads of branches taken out too.
    expect(applyChanges(text, [out.change])).toBe(out.text);
    return out.text;
  };

  it('both writes stand: the log has a head per branch (a warning), both actions hold, and the next write joins the branches under one head', () => {
    const text = sharedLog();
    const mine = commit(text, { kind: 'refute', target: GYM_TUE, source: 'graph' }, me);
    const theirs = commit(text, { kind: 'refute', target: YOGA_SAT, source: 'graph' }, stranger);
    for (const both of [merged(text, mine, theirs), merged(text, theirs, mine)]) {
      const { doc, served } = states(both);
      expect(doc.broken).toBe(false);
      expect(doc.diagnostics.map((d) => `${d.severity} ${d.message}`)).toEqual(['warning 2 members wrote to the log at once: it has a head for each branch, and the next write joins them']);
      expect(served[GYM_TUE]!.state).toBe('refuted');
      expect(served[YOGA_SAT]!.state).toBe('refuted');
      // Either member writes next: one head again, vouching for every op.
      const joined = commit(both, { kind: 'withdraw', target: GYM_TUE, source: 'graph' }, me);
      const after = states(joined);
      expect(after.doc.diagnostics).toEqual([]);
      expect(joined.split('\n').filter((l) => l.includes('"kind":"head"'))).toHaveLength(1);
      expect(after.served[YOGA_SAT]!.state).toBe('refuted');
    }
  });

  it('two cascades reaching one claim at once: the second invalidation has nothing to do (a warning), and the log is read the same', () => {
    const text = sharedLog();
    // Both refute the gym routine: each cascade invalidates the gym preference.
    const mine = commit(text, { kind: 'refute', target: GYM_TUE, source: 'graph' }, me);
    const theirs = commit(text, { kind: 'refute', target: GYM_TUE, source: 'graph' }, stranger);
    const { doc, served } = states(merged(text, mine, theirs));
    expect(doc.broken).toBe(false);
    expect(doc.diagnostics.filter((d) => d.severity === 'warning').map((d) => d.message)).toContainEqual(expect.stringMatching(/has nothing to do: .* is already invalidated/));
    expect(served[GYM_TUE]!.state).toBe('refuted');
    expect(served[GYM_PREF]!.state).toBe('invalidated');
  });

  it('a head that does not vouch for its branch is still an error: an op slipped in beside two heads breaks a count', () => {
    const text = sharedLog();
    const mine = commit(text, { kind: 'refute', target: GYM_TUE, source: 'graph' }, me);
    const theirs = commit(text, { kind: 'refute', target: YOGA_SAT, source: 'graph' }, stranger);
    const both = merged(text, mine, theirs);
    // A third write on the same base, its head dropped: its ops are vouched for by nobody.
    const third = commit(text, { kind: 'refute', target: GYM_PREF, source: 'graph' }, me);
    const base = text.slice(0, text.trimEnd().lastIndexOf('\n') + 1);
    const unvouched = third.slice(base.length).trimEnd().split('\n').slice(0, -1).join('\n') + '\n';
    const { doc } = states(both + unvouched);
    expect(doc.broken).toBe(true);
    expect(doc.diagnostics.map((d) => d.message)).toContainEqual(expect.stringMatching(/head lines; the last one is used/));
  });
});

describe('a long write is signed on two threads', () => {
  /** An import of `n` JSON Lines records into a new log: its write, planned for `me`. */
  function importWrite(n: number): LogWrite {
    const empty = readMnemaDocument('');
    const records = Array.from({ length: n }, (_, i) => ({
      source: 'com.example.tracker',
      payload: { activity: 'Gym', n: i },
      observed_at: `2025-03-${String(1 + (i % 28)).padStart(2, '0')}T07:00:00Z`,
    }));
    return planLogStep(empty, documentSession(empty, 'x'), { kind: 'import', records, problems: [] }, me.author).write!;
  }

  it('half by the helper, the same signatures as one thread makes; a helper that answers short is refused', async () => {
    const write = importWrite(HELPED_WRITE_OPS);
    const alone = await signLogWrite(write, me);
    const shares: number[] = [];
    const helped = await signLogWrite(write, me, async (key, items) => {
      shares.push(items.length);
      return signEach(key, items);
    });
    expect(shares).toEqual([Math.floor(write.ops.length / 2)]);
    expect(helped).toEqual(alone);
    expect(typeof alone === 'string' ? [] : await badSignatures(alone.ops as unknown as SignedOperation[], null)).toEqual(new Set());
    expect(await signLogWrite(write, me, async (key, items) => signEach(key, items.slice(1)))).toMatch(/could not be signed whole/);
    // A short write does not call on the helper.
    const short = importWrite(10);
    await signLogWrite(short, me, async () => {
      throw new Error('asked');
    });
  });
});
