/** Device keys, signing, verification and replay of a session's log. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateDeviceKey } from '../../../src/core/oplog/deviceKey.ts';
import { opIdOf, textHash } from '../../../src/core/oplog/opId.ts';
import type { OperationBody, SignedOperation } from '../../../src/core/oplog/operation.ts';
import { replayLog } from '../../../src/core/oplog/replayLog.ts';
import { analyzeDocument } from '../../../src/core/analysis/analyzeDocument.ts';
import { buildDependencyIndex } from '../../../src/core/oplog/dependencyIndex.ts';
import { foldSession } from '../../../src/core/session/sessionModel.ts';
import type { LogTip } from '../../../src/core/oplog/signOperation.ts';
import { appendSigned, nextOperation, signOperation } from '../../../src/core/oplog/signOperation.ts';
import { verifyOperation } from '../../../src/core/oplog/verifyOperation.ts';

const key = generateDeviceKey(new Uint8Array(32).fill(7));
const other = generateDeviceKey(new Uint8Array(32).fill(9));
const AT = '2026-01-01T00:00:00.000Z';

/** A chain of signed ops with the given bodies. */
function chain(bodies: readonly OperationBody[], session = 's1', signer = key): SignedOperation[] {
  const out: SignedOperation[] = [];
  let tip: LogTip = { session, last: null };
  for (const body of bodies) {
    const op = appendSigned(tip, body, signer, { at: AT });
    out.push(op);
    tip = { session, last: op };
  }
  return out;
}

const revision: OperationBody = { kind: 'revision', text_hash: textHash('b1 1 L0 @user "x"'), language: 'clair', length: 17 };
/** What stands once a replayed log is folded over a trace of b1…b9 (each resting on the one before). */
const NINE = buildDependencyIndex(analyzeDocument(Array.from({ length: 9 }, (_, i) => `b${i + 1} .9 L0 @self ${i > 0 ? `<b${i} ` : ''}"s${i + 1}"`).join('\n'), 'clair', 1).graph);
const standingOf = (state: { applied: readonly SignedOperation[] }) => foldSession(NINE, state.applied).standing;
const refute = (target: string): OperationBody => ({ kind: 'claim_refutation', target, revision: null });
const correct = (target: string, value: number): OperationBody => ({ kind: 'claim_correction', target, value, revision: null });

describe('signing and verification', () => {
  it('ids are the BLAKE3 of the canonical unsigned op, and verify', () => {
    const [op] = chain([revision]);
    expect(op!.id).toMatch(/^b3:[0-9a-f]{64}$/);
    expect(op!.id).toBe(opIdOf(op!));
    expect(verifyOperation(op)).toEqual({ ok: true, op });
    expect(verifyOperation(JSON.parse(JSON.stringify(op)))).toMatchObject({ ok: true });
  });

  it('textHash is BLAKE3 of UTF-8 (the empty string vector)', () => {
    expect(textHash('')).toBe('b3:af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262');
  });

  it('refuses to sign for another author', () => {
    const op = nextOperation({ session: 's', last: null }, revision, other.author, { at: AT });
    expect(() => signOperation(op, key)).toThrow(/author/);
  });

  it('reports each kind of bad op as data', () => {
    const [op] = chain([refute('b1')]);
    const { id: _i, sig: _s, ...unsigned } = op!;
    expect(verifyOperation(unsigned)).toMatchObject({ ok: false, reason: 'unsigned' });
    expect(verifyOperation({ ...op, body: { ...op!.body, target: 'b2' } })).toMatchObject({ ok: false, reason: 'bad-id' });
    const forged = signOperation({ ...unsigned, author: other.author }, other);
    expect(verifyOperation({ ...forged, author: key.author })).toMatchObject({ ok: false, reason: 'bad-id' });
    expect(verifyOperation({ ...forged, sig: op!.sig })).toMatchObject({ ok: false, reason: 'bad-signature' });
    expect(verifyOperation({ ...op, author: 'someone' })).toMatchObject({ ok: false, reason: 'bad-author' });
    const malformed: unknown[] = [
      null,
      3,
      [],
      {},
      { ...op, v: 2 },
      { ...op, extra: 1 },
      { ...op, seq: 0 },
      { ...op, seq: 1.5 },
      { ...op, body: { kind: 'nope' } },
      { ...op, body: { ...op!.body, extra: true } },
      { ...op, body: { kind: 'claim_correction', target: 'b1', value: 2, revision: null } },
      { ...op, body: { kind: 'claim_correction', target: 'b1', value: 'x', revision: null } },
      { ...op, body: { kind: 'withdrawal', target: 'b1', withdraws: 'b3:zz' } },
      { ...op, parent: 'b3:' + '0'.repeat(64) },
      { ...op, sig: 'AB' },
      { ...op, source: 'elsewhere' },
    ];
    for (const m of malformed) expect(verifyOperation(m)).toMatchObject({ ok: false, reason: 'malformed' });
  });
});

describe('replay', () => {
  it('folds standing ops: later replaces earlier, withdrawal removes', () => {
    const ops = chain([revision, refute('b2'), correct('b2', 0.4), refute('b3')]);
    const withdraw = appendSigned({ session: 's1', last: ops[3]! }, { kind: 'withdrawal', target: 'b3', withdraws: ops[3]!.id }, key, { at: AT });
    const state = replayLog([...ops, withdraw]);
    expect(state.rejected).toEqual([]);
    const doc = analyzeDocument('b1 .9 L0 @user "a"\nb2 .9 L0 @self <b1 "b"\nb3 .9 L0 @self <b2 "c"', 'clair', 1);
    const model = foldSession(buildDependencyIndex(doc.graph), state.applied);
    expect([...model.standing.keys()]).toEqual(['b2']);
    expect(model.standing.get('b2')!.body).toMatchObject({ kind: 'claim_correction', value: 0.4 });
    expect(model.lastRevision).toEqual(ops[0]!.id);
    expect(model.userOps.get('b3')!.map((o) => o.body.kind)).toEqual(['claim_refutation', 'withdrawal']);
  });

  it('sets aside tampered, unsigned, duplicate and orphaned ops, never applying them', () => {
    const ops = chain([revision, refute('b1'), refute('b2'), refute('b3')]);
    // Flip one byte of the body of op 2 (b1 → c1): bad id; its child then has no parent.
    const tampered = { ...ops[1]!, body: { ...ops[1]!.body, target: 'c1' } };
    const state = replayLog([ops[0], tampered, ops[2], ops[3], ops[0]]);
    expect(state.rejected.map((r) => [r.index, r.reason])).toEqual([
      [1, 'bad-id'],
      [2, 'missing-parent'],
      [3, 'missing-parent'],
      [4, 'duplicate'],
    ]);
    expect(state.applied.map((o) => o.id)).toEqual([ops[0]!.id]);
  });

  it('flipping any byte of the signature is reported and the op is not applied', () => {
    const ops = chain([revision, refute('b1')]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 127 }), (at) => {
        const sig = ops[1]!.sig;
        const flipped = sig.slice(0, at) + (sig[at] === '0' ? '1' : '0') + sig.slice(at + 1);
        const state = replayLog([ops[0], { ...ops[1], sig: flipped }]);
        expect(state.rejected).toMatchObject([{ index: 1, reason: 'bad-signature' }]);
      }),
      { numRuns: 40 },
    );
  });

  it('orders forks from two tabs by seq, then id, whatever the arrival order', () => {
    const [root] = chain([revision]);
    const tabA = appendSigned({ session: 's1', last: root! }, correct('b1', 0.2), key, { at: AT });
    const tabB = appendSigned({ session: 's1', last: root! }, correct('b1', 0.7), other, { at: AT });
    const a = replayLog([root, tabA, tabB]);
    const b = replayLog([tabB, tabA, root]);
    const winner = tabA.id > tabB.id ? tabA : tabB;
    expect(standingOf(a).get('b1')!.id).toBe(winner.id);
    expect(standingOf(b).get('b1')!.id).toBe(winner.id);
    expect(a.applied.map((o) => o.id)).toEqual(b.applied.map((o) => o.id));
  });

  it('a withdrawal applied before the op it names (across a fork) keeps that op from standing', () => {
    const [root] = chain([revision]);
    const refutation = appendSigned({ session: 's1', last: root! }, refute('b1'), key, { at: AT });
    const second = appendSigned({ session: 's1', last: refutation }, refute('b9'), key, { at: AT });
    const withdrawal = appendSigned({ session: 's1', last: second }, { kind: 'withdrawal', target: 'b1', withdraws: refutation.id }, key, { at: AT });
    expect(standingOf(replayLog([root, refutation, second, withdrawal])).has('b1')).toBe(false);
  });

  it('a seq that does not follow its parent is set aside', () => {
    const [root] = chain([revision]);
    const skip = signOperation({ ...nextOperation({ session: 's1', last: root! }, refute('b1'), key.author, { at: AT }), seq: 5 }, key);
    expect(replayLog([root, skip]).rejected).toMatchObject([{ reason: 'bad-seq' }]);
  });

  it('an op of another session than the log’s is set aside', () => {
    const [root] = chain([revision], 's1');
    const stray = signOperation({ ...nextOperation({ session: 's2', last: root! }, refute('b1'), key.author, { at: AT }) }, key);
    expect(stray.session).toBe('s2');
    expect(replayLog([root, stray]).rejected).toMatchObject([{ reason: 'other-session', detail: 'the op belongs to session s2, the log to s1' }]);
  });

  it('a chain broken anywhere drops everything after the break, and a fork of three orders by id', () => {
    const main = chain([revision, refute('b1'), refute('b2'), refute('b3')]);
    const forks = [correct('b4', 0.1), correct('b4', 0.2), correct('b4', 0.3)].map((body) => appendSigned({ session: 's1', last: main[3]! }, body, key, { at: AT }));
    const state = replayLog([...forks, main[3], main[0], main[1]]);
    // main[2] is missing: main[3] and the forks on it are orphans.
    expect(state.applied.map((o) => o.id)).toEqual([main[0]!.id, main[1]!.id]);
    expect(state.rejected.map((r) => r.reason)).toEqual(Array(4).fill('missing-parent'));
    const whole = replayLog([...forks, ...main]);
    expect(whole.applied.slice(4).map((o) => o.id)).toEqual(forks.map((o) => o.id).sort());
  });

  it('replay is deterministic: any permutation gives the same state', () => {
    const main = chain([revision, refute('b1'), correct('b2', 0.3), refute('b2'), correct('b3', 0.9)]);
    const fork = appendSigned({ session: 's1', last: main[1]! }, refute('b3'), other, { at: AT });
    const withdraw = appendSigned({ session: 's1', last: main[4]! }, { kind: 'withdrawal', target: 'b1', withdraws: main[1]!.id }, key, { at: AT });
    const bad = { ...main[2]!, sig: main[1]!.sig };
    const all: unknown[] = [...main, fork, withdraw, bad, main[3]];
    const summary = (s: ReturnType<typeof replayLog>) =>
      JSON.stringify({
        applied: s.applied.map((o) => o.id),
        standing: [...standingOf(s)].map(([t, o]) => [t, o.id]).sort(),
        rejected: s.rejected.map((r) => [r.id, r.reason]).sort(),
      });
    const expected = summary(replayLog(all));
    fc.assert(
      fc.property(fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length }), (perm) => {
        expect(summary(replayLog(perm))).toBe(expected);
      }),
      { numRuns: 60 },
    );
  });
});

describe('tampering with the stored text', () => {
  it('changing any one character of a stored op line never gets it applied', () => {
    const ops = chain([revision, correct('b1', 0.25), refute('b2')]);
    const lines = ops.map((op) => JSON.stringify(op));
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 }), fc.nat(), fc.integer({ min: 32, max: 126 }), (which, at, code) => {
        const line = lines[which]!;
        const pos = at % line.length;
        const ch = String.fromCharCode(code);
        if (line[pos] === ch) return;
        let value: unknown;
        try {
          value = JSON.parse(line.slice(0, pos) + ch + line.slice(pos + 1));
        } catch {
          return; // not JSON any more: the log reader sets the line aside
        }
        // The same JSON value (e.g. a flip inside an insignificant spot) is not tampering.
        if (JSON.stringify(value) === JSON.stringify(JSON.parse(line))) return;
        const input = ops.map((op, i) => (i === which ? value : op));
        const state = replayLog(input);
        expect(state.rejected.some((r) => r.index === which)).toBe(true);
        // The ops before it stand; it, and everything chained after it, are set aside.
        expect(state.applied.map((o) => o.id)).toEqual(ops.slice(0, which).map((o) => o.id));
      }),
      { numRuns: 300 },
    );
  });
});
