/**
 * The cascade (§6.2, §6.3) as a table of topologies, portable as a conformance suite: a
 * log built by hand (records and claims with the inputs named), a person's op, and the
 * versions the cascade invalidates in the order it appends them, with the review items it
 * opens. Completeness (chains, diamonds, fans), minimality (unrelated claims untouched),
 * the user-assertion firewall, refuted keys as no-ops, superseded versions, idempotence.
 */
import { describe, expect, it } from 'vitest';
import { applyUserOp } from '../../../src/core/mnema/derivationEngine.ts';
import { DerivationGraph } from '../../../src/core/mnema/derivationGraph.ts';
import { actionBody, type MnemaAction } from '../../../src/core/mnema/mnemaActions.ts';
import type { MnemaOp } from '../../../src/core/mnema/mnemaBodies.ts';
import { cascadeStarts, planCascade } from '../../../src/core/mnema/mnemaCascade.ts';
import { ChainWriter } from '../../../src/core/mnema/mnemaLog.ts';
import { generateDeviceKey } from '../../../src/core/oplog/deviceKey.ts';

const key = generateDeviceKey(new Uint8Array(32).fill(4));

/** A step of a hand-built log: a record `e…`, a claim `NAME <- INPUTS` (a name again: a new version of it), or a person's op on a name. */
type Build = string;

interface Case {
  readonly name: string;
  readonly log: readonly Build[];
  /** The person's op: `retract e1`, `refute a`, `correct a`. */
  readonly act: string;
  /** Versions invalidated, in append order: `name` (latest version) or `name@N` (its Nth version, from 1). */
  readonly invalidated: readonly string[];
  readonly review?: readonly string[];
}

const CASES: readonly Case[] = [
  { name: 'a chain falls whole from its root record', log: ['e1', 'a <- e1', 'b <- a', 'c <- b'], act: 'retract e1', invalidated: ['a', 'b', 'c'] },
  { name: 'a diamond: each claim once, in log order', log: ['e1', 'a <- e1', 'b <- a', 'c <- a', 'd <- b c'], act: 'retract e1', invalidated: ['a', 'b', 'c', 'd'] },
  { name: 'minimal: a claim on other records is untouched', log: ['e1', 'e2', 'a <- e1', 'b <- e2', 'c <- a'], act: 'retract e1', invalidated: ['a', 'c'] },
  { name: 'a refutation invalidates what rests on the refuted claim, not the claim', log: ['e1', 'a <- e1', 'b <- a', 'c <- b'], act: 'refute a', invalidated: ['b', 'c'] },
  { name: 'a correction: what consumed the old payload falls', log: ['e1', 'a <- e1', 'b <- a'], act: 'correct a', invalidated: ['b'] },
  { name: 'the firewall: a corrected claim stops the walk and is listed to review', log: ['e1', 'a <- e1', 'b <- a', 'c <- b', '!correct b'], act: 'retract e1', invalidated: ['a'], review: ['b'] },
  { name: 'a refuted claim stops the walk (its dependents fell when it was refuted)', log: ['e1', 'a <- e1', 'b <- a', 'c <- b', '!refute b'], act: 'retract e1', invalidated: ['a'] },
  {
    name: 'superseded versions resting on the record fall too, and the walk goes through them',
    log: ['e1', 'e2', 'a <- e1', 'b <- a', 'a <- e1 e2'],
    act: 'retract e1',
    invalidated: ['a@1', 'b', 'a'],
  },
  { name: 'a version already invalidated is not invalidated again', log: ['e1', 'e2', 'a <- e1', 'b <- a', '!retract e2', 'c <- e1'], act: 'retract e1', invalidated: ['a', 'b', 'c'] },
  { name: 'a fan: every leaf, in log order', log: ['e1', 'r <- e1', 'x <- r', 'y <- r', 'z <- r'], act: 'refute r', invalidated: ['x', 'y', 'z'] },
];

/** Builds the log of `steps`, then runs `act`; what it invalidated and the review items. */
function run(steps: readonly Build[], act: string): { invalidated: string[]; review: string[]; again: number } {
  const graph = new DerivationGraph();
  const writer = new ChainWriter(
    'topology',
    null,
    key.author,
    () => '0'.repeat(128),
    () => '2026-01-01T00:00:00.000Z',
  );
  const ids = new Map<string, string>();
  const names = new Map<string, string>();
  const append = (op: MnemaOp) => {
    const problem = graph.add(op);
    if (problem) throw new Error(problem);
  };
  let day = 1;
  const person = (text: string) => {
    const [verb, target] = text.split(' ') as [string, string];
    const action: MnemaAction =
      verb === 'retract' ? { kind: 'retract', evidence: ids.get(target)! } : verb === 'refute' ? { kind: 'refute', key: target } : { kind: 'correct', key: target, payload: { by: 'person' } };
    const body = actionBody(graph, action);
    if (!body.ok) throw new Error(body.message);
    return applyUserOp(graph, writer, body.body, 'cli');
  };
  for (const step of steps) {
    if (step.startsWith('!')) {
      person(step.slice(1));
      continue;
    }
    const [name, inputs] = step.split(' <- ') as [string, string | undefined];
    if (inputs === undefined) {
      const op = writer.write({ kind: 'evidence', source: 's', observed_at: `2025-01-${String(day++).padStart(2, '0')}T00:00:00Z`, payload: { name } }, 'import');
      append(op);
      ids.set(name, op.id);
      continue;
    }
    const op = writer.write(
      {
        kind: 'claim',
        claim_type: 'org.test.node',
        identity_key: name,
        subject: 'self',
        payload: { name, version: (graph.keys.get(name)?.versions.length ?? 0) + 1 },
        inputs: inputs.split(' ').map((i) => ({ op_id: ids.get(i)! as `b3:${string}`, role: 'in' })),
        deriver: { name: 'hand', version: '1' },
        confidence: 0.8,
        confidence_basis: { prior: 0.8, factors: [] },
        rationale: 'by hand',
        supersedes: graph.latest(name)?.op.id ?? null,
        valid_at: '2025-01-31T00:00:00Z',
      },
      'engine',
    );
    append(op);
    ids.set(name, op.id);
    names.set(op.id, `${name}@${graph.keys.get(name)!.versions.length}`);
  }
  const applied = person(act);
  const label = (id: string) => {
    const n = names.get(id)!;
    const [k] = n.split('@') as [string];
    return graph.latest(k)!.op.id === id ? k : n;
  };
  const invalidated = applied.appended.flatMap((op) => (op.body.kind === 'claim_invalidation' ? [label(op.body.target_claim)] : []));
  // Idempotence: the same trigger walked again would append nothing.
  const trigger = applied.appended[0]!;
  const again = planCascade(graph, trigger, cascadeStarts(graph, trigger)).invalidations.length;
  return { invalidated, review: applied.pending.map((p) => p.identity_key), again };
}

describe('cascade topologies (§6.2, §6.3)', () => {
  it.each(CASES)('$name', ({ log, act, invalidated, review }) => {
    const got = run(log, act);
    expect(got.invalidated).toEqual(invalidated);
    expect(got.review).toEqual(review ?? []);
    expect(got.again).toBe(0);
  });
});
