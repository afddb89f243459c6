/** The History panel's plain words for a log. */
import { describe, expect, it } from 'vitest';
import { describeOperations } from '../../src/app/history/describeOperations.ts';
import { generateDeviceKey } from '../../src/core/oplog/deviceKey.ts';
import type { OperationBody, SignedOperation } from '../../src/core/oplog/operation.ts';
import { appendSigned } from '../../src/core/oplog/signOperation.ts';

const key = generateDeviceKey(new Uint8Array(32).fill(31));

/** A signed trigger and its invalidations (these unsigned: the panel reads bodies only, and signing 62k would take a minute). */
function log(first: OperationBody, invalidated: readonly string[]): SignedOperation[] {
  const trigger = appendSigned({ session: 's', last: null }, first, key, { at: '2026-01-01T00:00:00.000Z' });
  return [
    trigger,
    ...invalidated.map(
      (target, i): SignedOperation => ({
        ...trigger,
        seq: i + 2,
        id: `b3:${(i + 1).toString(16).padStart(64, '0')}`,
        source: 'engine',
        body: { kind: 'claim_invalidation', target, cause: trigger.id },
      }),
    ),
  ];
}

describe('describeOperations', () => {
  const refute: OperationBody = { kind: 'claim_refutation', target: 'b2', revision: null };

  it.each([
    [[], 'you refuted b2'],
    [['b4', 'b6', 'b7'], 'you refuted b2 → b4, b6, b7 invalidated'],
    [['b4', 'b6', 'b7', 'b8'], 'you refuted b2 → b4, b6, b7, b8 invalidated'],
    [Array.from({ length: 62_000 }, (_, i) => `b${i + 3}`), 'you refuted b2 → b3, b4, b5, b6 and 61996 more invalidated'],
  ])('folds what an op invalidated into its line (%#)', (invalidated, text) => {
    const entries = describeOperations(log(refute, invalidated as string[]));
    expect(entries.map((e) => e.text)).toEqual([text]);
  });
});

describe('describeOperations: an acceptance into the session world', () => {
  it('says which proposal was accepted, and by which proof', () => {
    const body: OperationBody = {
      kind: 'proposal_acceptance',
      proposal_id: 'fp_heir',
      proposal_hash: `b3:${'a'.repeat(64)}`,
      proposal: { proposalId: 'fp_heir' },
      mode: 'entailment',
      verdict: 'entailed',
      solver: 'z3',
    };
    expect(describeOperations(log(body, [])).map((e) => e.text)).toEqual(['you accepted proposal fp_heir into the world (entailed, z3)']);
  });
});
