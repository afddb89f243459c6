/**
 * Who may write to a session, and where its log ends (issue 12): ops of another session
 * or by a non-member are set aside with the reason; a log cut short, run past its head
 * or under a forged head is reported; and any mutation of a signed log is either
 * reported or replays to the very same state.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../src/core/oplog/canonicalJson.ts';
import { verifyHead } from '../../../src/core/oplog/logHead.ts';
import { hasLogErrors, readLogText, readLogValues } from '../../../src/core/oplog/readLog.ts';
import { replayLog } from '../../../src/core/oplog/replayLog.ts';
import { nativeSignatureCheck } from '../../../src/node/nativeSignatureCheck.ts';
import { Rng } from '../../../fuzz/core/rng.ts';
import { applyMutations, baseLog, randomMutation } from '../../../fuzz/generators/logMutations.ts';
import { colleagueKey, correct, extend, headFor, logLines, ownerKey, ownerLog, refute, reported, stateOf, strangerKey } from '../../../fuzz/generators/signedLogs.ts';

describe('members', () => {
  it('five ops signed by a second key and chained onto the session are set aside, naming the op and the reason', () => {
    const log = ownerLog(10);
    const forged = extend({ session: 'session:a', last: log[9]! }, [refute('b1'), refute('b2'), refute('b3'), correct('b4', 0.1), refute('b5')], strangerKey);
    const state = replayLog([...log, ...forged]);
    expect(state.applied.map((o) => o.id)).toEqual(log.map((o) => o.id));
    expect(state.rejected).toHaveLength(5);
    expect(state.rejected[0]).toMatchObject({ index: 10, id: forged[0]!.id, reason: 'not-a-member', detail: expect.stringContaining(strangerKey.author) });
    expect(state.rejected.slice(1).map((r) => r.reason)).toEqual(Array(4).fill('missing-parent'));
    expect(stateOf(state)).toBe(stateOf(replayLog(log)));
  });

  it('a key added by a member may write; one added by a stranger may not', () => {
    const log = ownerLog(3);
    const [add] = extend({ session: 'session:a', last: log[2]! }, [{ kind: 'member_addition', member: colleagueKey.author }]);
    const byColleague = extend({ session: 'session:a', last: add! }, [refute('b7')], colleagueKey);
    const state = replayLog([...log, add, ...byColleague]);
    expect(state.rejected).toEqual([]);
    expect(state.members).toEqual([ownerKey.author, colleagueKey.author]);

    const [selfInvited] = extend({ session: 'session:a', last: log[2]! }, [{ kind: 'member_addition', member: strangerKey.author }], strangerKey);
    expect(replayLog([...log, selfInvited]).rejected).toMatchObject([{ reason: 'not-a-member' }]);
  });

  it('another session’s log appended to this one is set aside op by op', () => {
    const a = ownerLog(6, 'session:a');
    const b = ownerLog(4, 'session:b');
    const state = replayLog([...a, ...b]);
    expect(state.session).toBe('session:a');
    expect(state.applied).toEqual(a);
    expect(state.rejected.map((r) => r.reason)).toEqual(Array(4).fill('other-session'));
    expect(state.rejected[0]!.detail).toBe('the op belongs to session session:b, the log to session:a');
  });

  it('a second first op for the session (a rival log under the same id) is set aside', () => {
    const log = ownerLog(4);
    const rival = extend({ session: 'session:a', last: null }, [refute('b1'), refute('b2')], strangerKey);
    const state = replayLog([...log, ...rival]);
    const rootWins = log[0]!.id < rival[0]!.id;
    // Whichever root sorts first founds the session; the other log is refused, never merged.
    expect(state.applied).toEqual(rootWins ? log : rival);
    expect(state.rejected.some((r) => r.reason === 'second-root')).toBe(true);
  });
});

describe('the signed head', () => {
  const log = ownerLog(100);
  const head = headFor(log);

  it('says where the log ends and who its members are, and verifies', () => {
    expect(head).toMatchObject({ kind: 'head', session: 'session:a', seq: 100, count: 100, op: log[99]!.id, members: [ownerKey.author] });
    expect(verifyHead(JSON.parse(canonicalJson(head)))).toMatchObject({ ok: true });
    const reading = readLogText(logLines(log, head).join('\n'));
    expect(reading.problems).toEqual([]);
    expect(reading.applied).toEqual(log);
  });

  it.each([1, 2, 3, 10, 50, 99])('dropping the last %i op(s) is reported: the log ends before its head', (k) => {
    const lines = logLines(log, head);
    const cut = [...lines.slice(0, 100 - k), lines[100]!];
    const reading = readLogText(cut.join('\n'));
    expect(hasLogErrors(reading)).toBe(true);
    expect(reading.problems).toContainEqual({ code: 'truncated', severity: 'error', message: `the log ends at seq ${100 - k}; its head says 100` });
  });

  it('ops chained past the head are set aside and reported', () => {
    const more = extend({ session: 'session:a', last: log[99]! }, [refute('b9'), refute('b8')]);
    const reading = readLogValues([...log, ...more, head]);
    expect(reading.applied).toEqual(log);
    expect(reading.rejected.map((r) => [r.index, r.reason])).toEqual([
      [100, 'past-head'],
      [101, 'past-head'],
    ]);
    expect(reading.problems.map((p) => p.code)).toEqual(['past-head']);
  });

  it('a head that was edited, signed by a stranger, or names another history is reported', () => {
    const edited = { ...head, seq: 90, count: 90, op: log[89]!.id };
    expect(readLogValues([...log.slice(0, 90), edited]).problems.map((p) => p.code)).toEqual(['bad-head']);
    const strangers = headFor(log.slice(0, 90), strangerKey);
    expect(readLogValues([...log.slice(0, 90), strangers]).problems.map((p) => p.code)).toEqual(['head-not-member']);
    const rewritten = extend({ session: 'session:a', last: log[98]! }, [refute('b2')]);
    expect(readLogValues([...log.slice(0, 99), ...rewritten, head]).problems.map((p) => p.code)).toEqual(['other-history']);
  });

  it('a log without a head is an error (every log Warrant writes carries one); asked for explicitly, a warning', () => {
    const message = 'the log has no signed head, so whether it was cut short cannot be checked';
    const reading = readLogValues(log);
    expect(reading.problems).toEqual([{ code: 'no-head', severity: 'error', message }]);
    expect(hasLogErrors(reading)).toBe(true);
    // The replay is still there: a caller that reports the error may still show what could be read.
    expect(reading.applied).toEqual(log);
    const allowed = readLogValues(log, { allowHeadless: true });
    expect(allowed.problems).toEqual([{ code: 'no-head', severity: 'warning', message }]);
    expect(hasLogErrors(allowed)).toBe(false);
  });

  it('the head removed and the last ops dropped: an error, not a shorter history read in silence', () => {
    const lines = logLines(log, head);
    const reading = readLogText(lines.slice(0, 97).join('\n'));
    expect(reading.problems.map((p) => [p.code, p.severity])).toEqual([['no-head', 'error']]);
    expect(readLogText(lines.slice(0, 97).join('\n'), { allowHeadless: true }).problems.map((p) => p.severity)).toEqual(['warning']);
  });

  it('a log with no ops has no op a head could name: no head is a warning there', () => {
    expect(readLogValues([]).problems).toEqual([{ code: 'no-head', severity: 'warning', message: 'the log has no signed head, so whether it was cut short cannot be checked' }]);
  });
});

describe('mutations of a signed log', () => {
  const base = baseLog(30);
  const baseline = stateOf(readLogText(base.lines.join('\n'), { checkSignature: nativeSignatureCheck }));

  it('every mutation is reported, or replays to the identical state (no silent difference)', () => {
    // The fuzz suite's mutations (fuzz/generators/logMutations.ts), drawn from a seed.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 1, max: 3 }), (seed, count) => {
        const rng = new Rng(seed);
        const mutations = Array.from({ length: count }, () => randomMutation(rng, base.lines.length));
        // Node's ed25519, as the command line checks logs: the JavaScript one is ten times slower.
        const reading = readLogText(applyMutations(base, mutations).join('\n'), { checkSignature: nativeSignatureCheck });
        if (stateOf(reading) !== baseline) expect(reported(reading)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
