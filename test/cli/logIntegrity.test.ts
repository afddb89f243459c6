/**
 * The command line on logs that are not what they claim (issue 12): another key's ops
 * chained on, another session's log appended, a log cut short or run past its head.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { extend, headFor, logLines, NINE_TEXT, ownerLog, refute, strangerKey } from '../../fuzz/generators/signedLogs.ts';
import { hasStackTrace, runWarrant } from './support/runWarrant.ts';

const dir = mkdtempSync(join(tmpdir(), 'warrant-log-integrity-'));
const path = (name: string) => join(dir, name);
const log = ownerLog(100);
const head = headFor(log);

beforeAll(() => {
  writeFileSync(path('nine.clair'), NINE_TEXT);
  writeFileSync(path('whole.jsonl'), logLines(log, head).join('\n') + '\n');
  const lines = logLines(log, head);
  writeFileSync(path('cut.jsonl'), [...lines.slice(0, 97), lines[100]].join('\n') + '\n');
  const more = extend({ session: 'session:a', last: log[99]! }, [refute('b9')]);
  writeFileSync(path('past.jsonl'), [...lines.slice(0, 100), ...logLines(more, null), lines[100]].join('\n') + '\n');
  const forged = extend({ session: 'session:a', last: log[99]! }, [refute('b1'), refute('b2'), refute('b3'), refute('b4'), refute('b5')], strangerKey);
  writeFileSync(path('forged.jsonl'), [...logLines(log, null), ...logLines(forged, null)].join('\n') + '\n');
  writeFileSync(path('two-sessions.jsonl'), [...logLines(ownerLog(5, 'session:a'), null), ...logLines(ownerLog(5, 'session:b'), null)].join('\n') + '\n');
});

describe('warrant explain --ops on a log that is not whole', () => {
  it('a whole log with its head: exit 0, nothing on stderr', async () => {
    const r = await runWarrant(['explain', path('nine.clair'), 'b9', '--json', '--ops', path('whole.jsonl')]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('a log cut short before its head: exit 1, the line says where it ends', async () => {
    const r = await runWarrant(['explain', path('nine.clair'), 'b9', '--json', '--ops', path('cut.jsonl')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('the log ends at seq 97; its head says 100');
    expect(hasStackTrace(r.stderr)).toBe(false);
  });

  it('a log run past its head: exit 1, the extra op set aside', async () => {
    const r = await runWarrant(['export', path('nine.clair'), '--to', 'oplog', '--ops', path('past.jsonl')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/op 101 \(b3:[0-9a-f]{64}\) set aside: past-head/);
    expect(r.stderr).toContain('the log runs past its head');
    // What goes out is the log up to its head, without a head that no longer holds… or with it: it is whole.
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(100);
  });

  it('five ops by another key: each named with its reason, the states unchanged', async () => {
    const [plain, forged] = await Promise.all([
      runWarrant(['explain', path('nine.clair'), 'b1', '--json', '--ops', path('whole.jsonl')]),
      runWarrant(['explain', path('nine.clair'), 'b1', '--json', '--ops', path('forged.jsonl')]),
    ]);
    expect(forged.stderr).toMatch(/op 101 \(b3:[0-9a-f]{64}\) set aside: not-a-member: signed by ed25519:[0-9a-f]{64}, which is not a member of session session:a/);
    expect(forged.stderr.match(/set aside: /g)).toHaveLength(5);
    expect(forged.stderr).toMatch(/op 102 \(b3:[0-9a-f]{64}\) set aside: missing-parent: parent b3:[0-9a-f]{64} was set aside/);
    expect(JSON.parse(forged.stdout).claim.state).toBe(JSON.parse(plain.stdout).claim.state);
  });

  it('another session’s log appended: its ops set aside as another session’s', async () => {
    const r = await runWarrant(['explain', path('nine.clair'), 'b1', '--ops', path('two-sessions.jsonl')]);
    expect(r.stderr.match(/set aside: other-session: the op belongs to session session:b, the log to session:a/g)).toHaveLength(5);
  });
});
