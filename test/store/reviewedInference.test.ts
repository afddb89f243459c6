/**
 * The page's inference under review decisions (issue 45 item 5), through the real pipeline
 * and store with the workers replaced by the core functions they run: a `review_decision`
 * op appearing in the session's log asks inference again on the IR without the rejected
 * warrant, so the posteriors on screen move to those `warrant review --reject` prints; an op of another kind
 * does not ask again; accepting the warrant again brings the ordinary posteriors back.
 */
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { decisionBody } from '../../src/core/gaia/review/reviewDecisionOps.ts';
import { reviewItems } from '../../src/core/gaia/review/reviewItems.ts';
import type { GaiaIr } from '../../src/core/infer/irInput.ts';
import { generateDeviceKey } from '../../src/core/oplog/deviceKey.ts';
import type { OperationBody, SignedOperation } from '../../src/core/oplog/operation.ts';
import { appendSigned } from '../../src/core/oplog/signOperation.ts';
import { useDocumentStore } from '../../src/store/document/documentStore.ts';
import type { InferenceClient, InferenceReply, InferenceRequest } from '../../src/store/pipeline/inferenceClient.ts';
import { useLifecycleStore } from '../../src/store/session/lifecycleStore.ts';
import { corePipeline, until } from '../support/corePipeline.ts';
import { createInferenceApi } from '../../workers/inferenceApi.ts';

const SAMPLE = readFileSync(new URL('../../public/samples/pendulum_period.py', import.meta.url), 'utf8');
const key = generateDeviceKey(new Uint8Array(32).fill(12));

const api = createInferenceApi();

class CountingInference implements InferenceClient {
  requests: InferenceRequest[] = [];
  async infer(r: InferenceRequest): Promise<InferenceReply> {
    this.requests.push(r);
    // The worker's own API: it applies the decisions to the IR.
    return api.infer(r);
  }
}

const state = () => useDocumentStore.getState();

function append(body: OperationBody): void {
  const log = useLifecycleStore.getState().log;
  const last = log[log.length - 1];
  const op: SignedOperation = appendSigned({ session: 's', last: last ? { seq: last.seq, id: last.id } : null }, body, key, { at: '2026-01-01T00:00:00.000Z' });
  useLifecycleStore.setState({ log: [...log, op] });
}

beforeEach(() => {
  useLifecycleStore.setState({ log: [] });
  useDocumentStore.setState({
    name: 'pendulum_period.py',
    language: 'gaia',
    editorVersion: 0,
    analysis: null,
    index: null,
    views: new Map(),
    posteriors: new Map(),
    inference: null,
    inferenceFailures: [],
    workerError: null,
  });
});

describe('review decisions in the page', () => {
  it('a rejection moves the posteriors; another op does not ask again; accepting restores them', async () => {
    const inference = new CountingInference();
    const pipeline = corePipeline(inference);
    pipeline.edit(SAMPLE);
    await until(() => state().inference?.version === 1, 'inference 1');
    const before = state().posteriors.get('mass_cancels')!;
    expect(before).toBeCloseTo(0.9979, 3);
    const item = reviewItems(state().analysis!.ir as GaiaIr).find((i) => i.action_label.endsWith('::mass_cancels_path'))!;

    append(decisionBody(item, 'rejected'));
    await until(() => inference.requests.length === 2, 'a second inference');
    // The page asks with the package's own IR and the decision; the worker leaves the rejected warrant out.
    const asked = inference.requests[1]!;
    expect((asked.ir as GaiaIr).strategies!.some((s) => s.strategy_id === item.target_id)).toBe(true);
    expect(asked.decisions).toEqual([expect.objectContaining({ decision: 'rejected', target: item.target_id })]);
    await until(() => Math.abs(state().posteriors.get('mass_cancels')! - before) > 0.01, 'posteriors moved');
    expect(state().posteriors.get('mass_cancels')).toBeCloseTo(0.974, 3);

    append({ kind: 'member_addition', member: `ed25519:${'1'.repeat(64)}` });
    await new Promise((r) => setTimeout(r, 50));
    expect(inference.requests).toHaveLength(2);

    append(decisionBody(item, 'accepted'));
    await until(() => inference.requests.length === 3, 'a third inference');
    await until(() => Math.abs(state().posteriors.get('mass_cancels')! - before) < 1e-9, 'posteriors back');
  });
});
