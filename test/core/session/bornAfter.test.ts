/**
 * Issue 43, finding 3: a belief's invalidation comes only from an op recorded after the
 * belief first appeared in the session. A belief typed under a corrected one was written
 * knowing the correction: it is `active`, not "invalidated by claim_correction" with a
 * time before it existed. Driven as the page does (edit, settle, preview, commit), then
 * the same log read as `explain --ops` reads it.
 */
import { describe, expect, it } from 'vitest';
import type { LifecycleState } from '../../../src/core/oplog/lifecycle.ts';
import type { UserAction } from '../../../src/core/oplog/userAction.ts';
import { explainDocument } from '../../../src/core/explain/explainDocument.ts';
import { canonicalBytes } from '../../../src/core/oplog/canonicalJson.ts';
import type { UnsignedOperation } from '../../../src/core/oplog/operation.ts';
import { operationBytes } from '../../../src/core/oplog/operationBytes.ts';
import { checkOperationShape } from '../../../src/core/oplog/operationSchema.ts';
import { analyzeDocument } from '../../../src/core/analysis/analyzeDocument.ts';
import { useLifecycleStore } from '../../../src/store/session/lifecycleStore.ts';
import { openPageSession } from '../../support/pageSession.ts';

const B1 = 'b1 .9 L0 @user "the cache is cold"';
const B2 = 'b2 .8 L0 @self <b1 "warm it first"';
const B9 = 'b9 .6 L0 @self <b1 "measure the warm run"';
const lines = (...ls: string[]) => ls.join('\n') + '\n';

type Step = { readonly edit: string } | { readonly act: UserAction };
const correct = (target: string, value: number): Step => ({ act: { kind: 'correct', target, value, source: 'inspector' } });
const refute = (target: string): Step => ({ act: { kind: 'refute', target, source: 'inspector' } });

interface Case {
  readonly name: string;
  readonly steps: readonly Step[];
  /** Every listed belief's state at the end. */
  readonly states: Readonly<Record<string, LifecycleState>>;
  /** Beliefs whose explanation history must hold no `invalidated` event. */
  readonly neverInvalidated?: readonly string[];
}

const CASES: Case[] = [
  {
    name: 'born after the correction: active',
    steps: [{ edit: lines(B1, B2) }, correct('b1', 0.5), { edit: lines(B1, B2, B9) }],
    states: { b1: 'corrected', b2: 'invalidated', b9: 'active' },
    neverInvalidated: ['b9'],
  },
  {
    name: 'existed before the correction: invalidated',
    steps: [{ edit: lines(B1, B2, B9) }, correct('b1', 0.5)],
    states: { b1: 'corrected', b2: 'invalidated', b9: 'invalidated' },
  },
  {
    name: 'born after, resting on a belief the correction invalidated: active',
    steps: [{ edit: lines(B1, B2) }, correct('b1', 0.5), { edit: lines(B1, B2, 'b10 .5 L0 @self <b2 "so the first run is slow"') }],
    states: { b1: 'corrected', b2: 'invalidated', b10: 'active' },
    neverInvalidated: ['b10'],
  },
  {
    name: 'born after one correction, reached by a later one: invalidated',
    steps: [{ edit: lines(B1, B2) }, correct('b1', 0.5), { edit: lines(B1, B2, B9) }, correct('b1', 0.4)],
    states: { b1: 'corrected', b2: 'invalidated', b9: 'invalidated' },
  },
  {
    name: 'born after a refutation, then the refutation withdrawn and made again: invalidated by the new one',
    steps: [{ edit: lines(B1, B2) }, refute('b1'), { edit: lines(B1, B2, B9) }, { act: { kind: 'withdraw', target: 'b1', source: 'inspector' } }, refute('b1')],
    states: { b1: 'refuted', b2: 'invalidated', b9: 'invalidated' },
  },
  {
    name: 'renamed after the correction (it existed before): keeps its state',
    steps: [{ edit: lines(B1, B2, 'b3 .7 L0 @self <b2 "time it"') }, correct('b1', 0.5), { edit: lines(B1, B2.replace('b2', 'warm'), 'b3 .7 L0 @self <warm "time it"') }],
    states: { b1: 'corrected', warm: 'invalidated', b3: 'invalidated' },
  },
  {
    name: 'born after the correction, then renamed: keeps its state',
    steps: [{ edit: lines(B1, B2) }, correct('b1', 0.5), { edit: lines(B1, B2, B9) }, { edit: lines(B1, B2, B9.replace('b9', 'measure')) }],
    states: { b1: 'corrected', b2: 'invalidated', measure: 'active' },
    neverInvalidated: ['measure'],
  },
  {
    name: 'deleted and typed again after the correction: a new belief, active',
    steps: [{ edit: lines(B1, B2) }, correct('b1', 0.5), { edit: lines(B1) }, { edit: lines(B1, B2) }],
    states: { b1: 'corrected', b2: 'active' },
    neverInvalidated: [],
  },
];

describe('a belief is never invalidated by an op recorded before it appeared', () => {
  it.each(CASES)('$name', async ({ steps, states, neverInvalidated }) => {
    const first = steps[0] as { edit: string };
    const page = await openPageSession(first.edit);
    let text = first.edit;
    for (const step of steps.slice(1)) {
      if ('edit' in step) {
        text = step.edit;
        await page.edit(text);
      } else {
        await page.preview(step.act);
        expect(useLifecycleStore.getState().preview?.refusal ?? null).toBeNull();
        await page.commit();
      }
    }
    // The page's states.
    expect(page.states()).toEqual(states);
    // The same log as `explain --ops` and `export --to explanations --ops` read it.
    const graph = analyzeDocument(text, 'clair', 1).graph;
    const { explainer } = explainDocument({ graph, ops: page.controller.log });
    for (const [id, state] of Object.entries(states)) expect(explainer.explain(id)?.claim.state, id).toBe(state);
    for (const id of neverInvalidated ?? []) {
      const record = explainer.explain(id)!;
      expect(
        record.history.filter((e) => e.event === 'invalidated'),
        id,
      ).toEqual([]);
    }
  });
});

describe('the revision op records appearances in optional fields', () => {
  const envelope = (body: Record<string, unknown>) => ({ v: 1, session: 's', seq: 1, parent: null, at: '2026-01-01T00:00:00Z', source: 'editor', author: `ed25519:${'a'.repeat(64)}`, body });
  const revision = { kind: 'revision', text_hash: `b3:${'0'.repeat(64)}`, language: 'clair', length: 3 };
  it.each([
    ['an old revision, without them', revision, true],
    ['added and renamed', { ...revision, added: ['b9'], renamed: [['b2', 'warm']] }, true],
    ['added not a list of ids', { ...revision, added: [''] }, false],
    ['renamed not pairs', { ...revision, renamed: [['b2']] }, false],
    ['renamed not a list', { ...revision, renamed: 'b2' }, false],
  ] as const)('%s', (_name, body, ok) => {
    expect(checkOperationShape(envelope(body)).ok).toBe(ok);
  });
  it('the bytes signed are canonical JSON, with or without them (an old op keeps its bytes)', () => {
    for (const body of [revision, { ...revision, changed: ['b1'], added: ['b9'], renamed: [['b2', 'warm']] }]) {
      const op = envelope(body) as unknown as UnsignedOperation;
      expect(new TextDecoder().decode(operationBytes(op))).toBe(new TextDecoder().decode(canonicalBytes(op)));
    }
    expect(new TextDecoder().decode(operationBytes(envelope(revision) as unknown as UnsignedOperation))).not.toContain('added');
  });
});
