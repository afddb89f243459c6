/**
 * Plans the page shows hold tickets, and the worker keeps their ops (writeTickets.ts):
 * a ticket takes the write it stands for, a forgotten one is planned again, and an
 * import planned and appended through tickets writes what the plan said.
 */
import { describe, expect, it } from 'vitest';
import type { LogWrite } from '../../../src/core/mnema/mnemaWrite.ts';
import { readMnemaDocument } from '../../../src/core/mnema/mnemaDocument.ts';
import { applyChanges } from '../../../src/core/text/textReplica.ts';
import { WriteShelf, isTicket, opsOf } from '../../../src/core/mnema/writeTickets.ts';
import { generateDeviceKey } from '../../../src/core/oplog/deviceKey.ts';
import { createValidationApi } from '../../../workers/validationApi.ts';

const write = (n: number): LogWrite => ({ ops: Array.from({ length: n }, () => ({}) as LogWrite['ops'][number]), head: {} as LogWrite['head'] });

describe('the shelf of planned writes', () => {
  it('gives a ticket for a write and the same write back for it; a write given whole passes through', () => {
    const shelf = new WriteShelf();
    const w = write(3);
    const ticket = shelf.keep(w);
    expect(ticket).toEqual({ ticket: expect.any(String), ops: 3 });
    expect(shelf.take(ticket)).toBe(w);
    expect(shelf.take(w)).toBe(w);
    expect([isTicket(ticket), isTicket(w), opsOf(ticket), opsOf(w)]).toEqual([true, false, 3, 3]);
  });

  it('forgets the oldest plan past eight, and tickets are never reused', () => {
    const shelf = new WriteShelf();
    const tickets = Array.from({ length: 9 }, (_, i) => shelf.keep(write(i)));
    expect(shelf.take(tickets[0]!)).toBeNull();
    expect(shelf.take(tickets[8]!)?.ops).toHaveLength(8);
    expect(new Set(tickets.map((t) => t.ticket)).size).toBe(9);
  });
});

describe('an import planned and appended in the worker through its ticket', () => {
  it('the page holds a ticket and a count, and Append writes the planned records', async () => {
    const me = generateDeviceKey(new Uint8Array(32).fill(7));
    const api = createValidationApi();
    api.analyze({ version: 1, text: '', language: 'mnema', baseVersion: null, fileName: 'new.mnema' });
    const lines = Array.from({ length: 5 }, (_, i) => JSON.stringify({ source: 'com.example.tracker', payload: { n: i }, observed_at: `2025-03-0${i + 1}T08:00:00Z` }));
    const plan = await api.mnemaImport(1, [{ name: 'tracker.jsonl', bytes: new TextEncoder().encode(`${lines.join('\n')}\n`) }], me.author);
    expect(plan?.write).toEqual({ ticket: expect.any(String), ops: expect.any(Number) });
    expect(plan!.write!.ops).toBeGreaterThanOrEqual(5);
    const out = await api.mnemaCommit(1, plan!.write!, me);
    expect(out?.ok).toBe(true);
    // Only the change comes back; applied to the text written on, it is the log with the records.
    const doc = readMnemaDocument(out?.ok ? (applyChanges('', [out.change]) ?? '') : '');
    expect(doc.broken).toBe(false);
    expect(doc.derivation.evidence.size).toBe(5);
    // A ticket the worker no longer holds: planned again, nothing written.
    expect(await api.mnemaCommit(1, { ticket: 'write-0', ops: 5 }, me)).toMatchObject({ ok: false, moved: true });
  });
});
