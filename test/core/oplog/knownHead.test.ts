/**
 * A device that has seen a later head of a session reports a log rolled back to an older
 * state (issue 42, item 7): the one rule (src/core/oplog/knownHead.ts) as a table of
 * readings against what the device knows, and what it remembers after each.
 */
import { describe, expect, it } from 'vitest';
import type { KnownHead } from '../../../src/core/oplog/knownHead.ts';
import { headToRemember, laterKnownHead, rollbackProblem } from '../../../src/core/oplog/knownHead.ts';
import { chainHead, signHead } from '../../../src/core/oplog/logHead.ts';
import type { SignedOperation } from '../../../src/core/oplog/operation.ts';
import type { LogReading } from '../../../src/core/oplog/readLog.ts';
import { readLogValues } from '../../../src/core/oplog/readLog.ts';
import { appendSigned } from '../../../src/core/oplog/signOperation.ts';
import { correct, extend, headFor, ownerKey, ownerLog, refute, revision } from '../../../fuzz/generators/signedLogs.ts';

const log = ownerLog(12);
const upTo = (n: number) => log.slice(0, n);
/** A log read whole with its head (or without one: `head` false). */
const read = (ops: readonly SignedOperation[], head = true): LogReading => readLogValues(head ? [...ops, headFor(ops)] : ops, { allowHeadless: !head });
/** What a device knows after reading `ops` whole. */
const knownAfter = (ops: readonly SignedOperation[]): KnownHead => ({ head: headFor(ops), root: ops[0]!.id });

const known10 = knownAfter(upTo(10));
/** Cut to 9 ops, then a 10th written anew: as long as the known log, without its last op. */
const rewritten = [...upTo(9), ...extend({ session: 'session:a', last: log[8]! }, [correct('b2', 0.25)])];
/** Another history under the same session id: another first op. */
const rival = (n: number) => extend({ session: 'session:a', last: null }, [refute('b1'), ...Array.from({ length: n - 1 }, (_, i) => refute(`b${(i % 8) + 2}`))]);
/** Ops past the known head on a branch that left it: longer, but without the known last op. */
const divergedLonger = [...upTo(9), ...extend({ session: 'session:a', last: log[8]! }, [correct('b2', 0.25), refute('b3'), refute('b4')])];

describe('rollbackProblem: a reading against the head this device knows', () => {
  it.each<[string, KnownHead | null, LogReading, string | null]>([
    ['nothing known of the session', null, read(upTo(4)), null],
    ['the same log again', known10, read(upTo(10)), null],
    ['a longer log that extends it', known10, read(upTo(12)), null],
    [
      'an older genuine head, the log cut to it',
      known10,
      read(upTo(7)),
      'the log holds 7 operations, but this device has seen a head of session session:a with 10 operations: it was rolled back to an older state',
    ],
    ['cut to one op', known10, read(upTo(1)), 'the log holds 1 operation, but this device has seen a head of session session:a with 10 operations: it was rolled back to an older state'],
    ['the head removed, the log whole', known10, read(upTo(10), false), 'the log has no signed head, and this device has seen a head of session session:a with 10 operations; the log holds 10'],
    [
      'the head removed and the last ops dropped',
      known10,
      read(upTo(8), false),
      'the log has no signed head, and this device has seen a head of session session:a with 10 operations; the log holds 8',
    ],
    [
      'cut and rewritten to the same length',
      known10,
      read(rewritten),
      `the log holds 10 operations and this device has seen a head of session session:a with 10 operations, but not the last of them (${log[9]!.id}): it was rolled back and rewritten`,
    ],
    ['another history (another first op) as long', known10, read(rival(10)), null],
    ['another history, shorter', known10, read(rival(4)), 'the log holds 4 operations, but this device has seen a head of session session:a with 10 operations: it was rolled back to an older state'],
    ['a branch that left the known head but goes further', known10, read(divergedLonger), null],
    ['another session', known10, read(ownerLog(3, 'session:b')), null],
    ['an empty log (no session to compare)', known10, readLogValues([]), null],
  ])('%s', (_what, known, reading, message) => {
    const problem = rollbackProblem(known, reading);
    expect(problem).toEqual(message === null ? null : { code: 'rolled-back', severity: 'error', message });
  });

  it('allowed explicitly (--allow-rollback, "Import the older copy"): the same finding, as a warning', () => {
    expect(rollbackProblem(known10, read(upTo(7)), true)).toMatchObject({ code: 'rolled-back', severity: 'warning' });
  });

  it('the command line’s own one-op logs of a text (session cli-…, a fresh `at` each run) are not rollbacks of each other', () => {
    const oneOpLog = (at: string): LogReading => {
      const op = appendSigned({ session: 'cli-0123456789abcdef', last: null }, revision, ownerKey, { at, source: 'cli' });
      return readLogValues([op, signHead(chainHead(op, [ownerKey.author], ownerKey.author, at), ownerKey)]);
    };
    const first = oneOpLog('2026-01-01T00:00:00.000Z');
    const second = oneOpLog('2026-01-01T00:00:01.000Z');
    const known = headToRemember(null, first)!;
    expect(known.head.count).toBe(1);
    expect(rollbackProblem(known, second)).toBeNull();
    expect(rollbackProblem(known, first)).toBeNull();
    // Neither goes further than the other: what is known stays.
    expect(headToRemember(known, second)).toBeNull();
  });
});

describe('headToRemember: what a device keeps after a reading', () => {
  it.each<[string, KnownHead | null, LogReading, number | null]>([
    ['a first whole log of the session', null, read(upTo(10)), 10],
    ['the same log again: nothing new', known10, read(upTo(10)), null],
    ['a longer log that extends it', known10, read(upTo(12)), 12],
    ['an older log (even when allowed): the newer is kept', known10, read(upTo(7)), null],
    ['a log without a head: nothing to keep', null, read(upTo(10), false), null],
    ['a branch that left the known head: not an extension', known10, read(divergedLonger), null],
    ['a log cut short before its head: not whole', null, readLogValues([...upTo(8), headFor(upTo(10))]), null],
    ['another session: its own first head', known10, read(ownerLog(3, 'session:b')), 3],
  ])('%s', (_what, known, reading, count) => {
    const next = headToRemember(known, reading);
    expect(next === null ? null : next.head.count).toBe(count);
    if (next) expect(next.root).toBe(reading.applied[0]!.id);
  });

  it('laterKnownHead: the one counting more ops, the first on a tie', () => {
    const known12 = knownAfter(upTo(12));
    expect(laterKnownHead(known10, known12)).toBe(known12);
    expect(laterKnownHead(known12, known10)).toBe(known12);
    expect(laterKnownHead(null, known10)).toBe(known10);
    expect(laterKnownHead(known10, null)).toBe(known10);
    const again = knownAfter(upTo(10));
    expect(laterKnownHead(known10, again)).toBe(known10);
  });
});
