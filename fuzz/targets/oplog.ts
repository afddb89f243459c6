/**
 * The operation log: a signed session log (real ids, signatures and head) mutated —
 * lines dropped, cut off, swapped, copied, byte-flipped; ops of a stranger's key or of
 * another session slipped in; the head's numbers edited — and read as `--ops` reads it.
 * Every mutation must be reported (an op set aside, a line unreadable, a problem with
 * the log) or replay to the very same state; anything else is a silent accept.
 */
import { nativeSignatureCheck } from '../../src/node/nativeSignatureCheck.ts';
import { useWasmBlake3 } from '../../src/core/oplog/blake3Digest.ts';
import { readLogText } from '../../src/core/oplog/readLog.ts';
import { reported, stateOf } from '../generators/signedLogs.ts';
import type { LogMutation } from '../generators/logMutations.ts';
import { applyMutations, baseLog, randomMutation } from '../generators/logMutations.ts';
import type { FuzzTarget, Problem } from '../core/target.ts';
import { problem } from '../core/target.ts';

export interface OplogInput {
  /** Ops in the base log (a revision, then refutations and corrections of nine beliefs). */
  readonly size: number;
  readonly mutations: readonly LogMutation[];
}

const SIZES = [1, 2, 5, 30, 100];
const baselines = new Map<number, string>();

function baseline(size: number): string {
  let state = baselines.get(size);
  if (state === undefined) {
    state = stateOf(readLogText(baseLog(size).lines.join('\n'), { checkSignature: nativeSignatureCheck }));
    baselines.set(size, state);
  }
  return state;
}

export const oplogTarget: FuzzTarget<OplogInput> = {
  name: 'oplog',
  description: 'signed session logs mutated (drops, truncations, swaps, copies, byte flips, foreign keys, other sessions, head edits): reported, or the same state',
  async run(rng, budget) {
    await useWasmBlake3();
    while (budget.more()) {
      const size = rng.pick(SIZES);
      const lines = baseLog(size).lines.length;
      const mutations = Array.from({ length: rng.range(1, 3) }, () => randomMutation(rng, lines));
      await budget.test({ size, mutations });
    }
  },
  check(input): Problem[] {
    const base = baseLog(input.size);
    const text = applyMutations(base, input.mutations).join('\n');
    const reading = readLogText(text, { checkSignature: nativeSignatureCheck });
    if (stateOf(reading) === baseline(input.size) || reported(reading)) return [];
    return [problem('silent-accept', 'log-state-differs', `the mutated log replays to another state and nothing was reported (${input.mutations.map((m) => m.kind).join(', ')})`)];
  },
};
