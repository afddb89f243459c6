/**
 * A Mnema session as the page will hold it: what it shows, what an action would do
 * before anything is written (the preview changes nothing), and a commit that appends
 * exactly the plan shown — refused when the log moved or an op is not the one planned.
 */
import * as ed from '@noble/ed25519';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { MemoShelf } from '../../../src/core/mnema/derivationMemo.ts';
import { MnemaSession } from '../../../src/core/mnema/mnemaSession.ts';
import { generateDeviceKey } from '../../../src/core/oplog/deviceKey.ts';
import type { UnsignedOperation } from '../../../src/core/oplog/operation.ts';
import { operationBytes } from '../../../src/core/oplog/operationBytes.ts';
import { testLog, weekly } from '../../support/mnemaLogs.ts';

const key = generateDeviceKey(new Uint8Array(32).fill(5));
const GYM_TUE = 'routine.weekly|gym|tue|morning';
const GYM_PREF = 'preference.time_of_day|gym|morning';
const sign = (ops: readonly { readonly id: string }[]) => ops.map((op) => bytesToHex(ed.sign(operationBytes(op as unknown as UnsignedOperation), hexToBytes(key.secretKey))));

let session: MnemaSession;
beforeEach(() => {
  const log = testLog();
  weekly(log, 'Gym', 6);
  log.derive();
  session = new MnemaSession();
  session.open(log.writer.written[0]!.session, log.graph.ops);
});

describe('a Mnema session for the page', () => {
  it('shows evidence and claims with their states and bands, and what rests on what', () => {
    const p = session.projection();
    expect(p.nodes.filter((n) => n.kind === 'evidence')).toHaveLength(6);
    const claims = p.nodes.filter((n) => n.kind === 'claim');
    expect(claims.map((c) => c.label).sort()).toEqual([GYM_PREF, GYM_TUE]);
    expect(claims.every((c) => c.state === 'active' && typeof c.confidence === 'number')).toBe(true);
    const routine = claims.find((c) => c.label === GYM_TUE)!;
    expect(p.edges.filter((e) => e.to === routine.id)).toHaveLength(6);
    expect(p.edges.filter((e) => e.from === routine.id).map((e) => e.role)).toEqual(['routine']);
  });

  it('previews a refutation without writing: what falls, what is re-derived, and the ops a commit would write', () => {
    const before = session.log.length;
    const preview = session.preview({ kind: 'refute', key: GYM_TUE }, key.author);
    expect(preview.refusal).toBeNull();
    expect(preview.invalidated).toEqual([GYM_PREF]);
    expect(preview.changes[GYM_TUE]!.after!.state).toBe('refuted');
    // Nothing else supports the preference: it falls and is not re-derived.
    expect(preview.changes[GYM_PREF]!.after!.state).toBe('invalidated');
    expect(preview.plan.map((op) => op.body.kind)).toEqual(['claim_refutation', 'claim_invalidation']);
    expect(session.log).toHaveLength(before);
    expect(session.preview({ kind: 'refute', key: 'nothing' }, key.author).refusal).toMatch(/no claim has the identity key/);
  });

  it('with a shelf of memos, a plan after a committed write starts from the watermark and plans what a session without one plans', () => {
    const shelf = new MemoShelf();
    const id = session.log[0]!.session;
    const gym = (day: string) => ({ source: 'calendar', observed_at: `${day}T07:00:00+01:00`, payload: { summary: 'Gym', uid: `gym-${day}` } });
    // What a plan writes, its own ops named by their place (their ids hold the time of the rehearsal).
    const shape = (plan: readonly { readonly id: string; readonly body: object }[]) => plan.map(({ body }) => plan.reduce((text, op, i) => text.replaceAll(op.id, `#${i}`), JSON.stringify(body)));
    const first = new MnemaSession(shelf);
    first.open(id, session.log);
    expect(first.preview(null, key.author).plan).toEqual([]);
    expect(first.scoped).toBe(false);
    // A record of a week the log holds: the high-water mark stays.
    const imported = first.previewImport([gym('2025-03-25')], key.author);
    expect(first.scoped).toBe(true);
    const plain = new MnemaSession();
    plain.open(id, session.log);
    expect(shape(imported.plan)).toEqual(shape(plain.previewImport([gym('2025-03-25')], key.author).plan));
    expect(imported.plan.map((op) => op.body.kind)).toEqual(['evidence', 'claim', 'claim']);
    expect(first.commit(imported.plan, sign(imported.plan))).toBeNull();
    // The next version of the log, opened afresh (as the worker does for each version): still from the watermark.
    const next = new MnemaSession(shelf);
    next.open(id, first.log);
    const refuted = next.preview({ kind: 'refute', key: GYM_TUE }, key.author);
    expect(next.scoped).toBe(true);
    const plainNext = new MnemaSession();
    plainNext.open(id, first.log);
    expect(shape(refuted.plan)).toEqual(shape(plainNext.preview({ kind: 'refute', key: GYM_TUE }, key.author).plan));
  });

  it('a preview names each key it invalidates once, though the cascade invalidates several versions of it', () => {
    const log = testLog();
    const events = weekly(log, 'Gym', 5);
    log.evidence('jsonl', '2025-06-30T12:00:00Z', { note: 'anchor' });
    log.derive();
    weekly(log, 'Gym', 1, '2025-04-08');
    log.derive();
    const s = new MnemaSession();
    s.open(log.writer.written[0]!.session, log.graph.ops);
    const preview = s.preview({ kind: 'retract', evidence: events[0]!.id }, key.author);
    expect(preview.plan.filter((op) => op.body.kind === 'claim_invalidation').length).toBeGreaterThan(2);
    expect(preview.invalidated).toEqual([GYM_TUE, GYM_PREF]);
  });

  it('commits exactly the plan, signed; a stale or altered plan is refused', () => {
    const preview = session.preview({ kind: 'correct', key: GYM_TUE, payload: { activity: 'gym', label: 'Swim', day: 'tue', part_of_day: 'morning' } }, key.author);
    const altered = preview.plan.map((op, i) => (i === 0 ? { ...op, at: 'later' } : op));
    expect(session.commit(altered, sign(altered))).toMatch(/not the one planned/);
    expect(session.commit(preview.plan, sign(preview.plan))).toBeNull();
    const shown = session.projection().nodes.find((n) => n.label === GYM_TUE)!;
    expect(shown).toMatchObject({ state: 'corrected', confidence: 1 });
    expect(session.log.at(-1)!.sig).toMatch(/^[0-9a-f]{128}$/);
    // The same plan again: the log has moved.
    expect(session.commit(preview.plan, sign(preview.plan))).toMatch(/changed since the preview/);
  });

  it('rule tables are the person’s derivers: problems with their places, and what they derive previewed', () => {
    expect(session.setRules(['{"name": 1}'])[0]).toContainEqual(expect.objectContaining({ path: 'name', line: 1, column: 10 }));
    session.setRules([
      JSON.stringify({
        name: 'mine',
        version: '1',
        rules: [
          {
            claim_type: 'org.example.gym.regular',
            identity_key: 'org.example.gym.regular',
            payload: {},
            inputs: [{ match: { source: 'calendar', 'payload.summary': 'Gym' }, role: 'visit' }],
            min_inputs: 5,
            prior: 0.5,
          },
        ],
      }),
    ]);
    const preview = session.preview(null, key.author);
    expect(preview.changes['org.example.gym.regular']!.after!.state).toBe('active');
    expect(preview.plan.map((op) => op.body.kind)).toEqual(['claim']);
  });
});
