/**
 * The page's world (src/core/proposal/worldLog.ts): a signed log of the proposals this
 * browser accepted, kept in localStorage as the same JSON Lines text `prove --world`
 * reads (ops, then a signed head), and read back through the same verifying reader — a
 * stored text that does not verify is set aside, never trusted. Accepting signs a
 * `proposal_acceptance` with this device's key.
 */
import { create } from 'zustand';
import { exportOplog } from '../../core/export/exportOplog.ts';
import { headOf, signHead } from '../../core/oplog/logHead.ts';
import type { OperationBody, SignedOperation } from '../../core/oplog/operation.ts';
import { membersOf } from '../../core/oplog/sessionMembers.ts';
import { appendSigned } from '../../core/oplog/signOperation.ts';
import type { AcceptanceBody, World } from '../../core/proposal/index.ts';
import { EMPTY_WORLD, readWorldLog, worldOf } from '../../core/proposal/index.ts';
import { getSession } from '../session/sessionInstance.ts';

/** Where the world's log text is kept. */
export const WORLD_STORAGE_KEY = 'warrant.world.v1';

export interface WorldState {
  readonly session: string | null;
  readonly ops: readonly SignedOperation[];
  readonly world: World;
  /** Why the stored world was set aside, when it was. */
  readonly problem: string | null;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function loadWorld(): WorldState {
  const text = storage()?.getItem(WORLD_STORAGE_KEY) ?? '';
  if (text === '') return { session: null, ops: [], world: EMPTY_WORLD, problem: null };
  const reading = readWorldLog(text);
  const errors = reading.problems.filter((p) => p.severity === 'error');
  if (errors.length > 0 || reading.rejected.length > 0) {
    return { session: null, ops: [], world: EMPTY_WORLD, problem: `the stored world was set aside: ${[...errors.map((e) => e.message), ...reading.rejected.map((r) => r.detail)].join('; ')}` };
  }
  return { session: reading.session, ops: reading.applied, world: worldOf(reading.applied, reading.session), problem: null };
}

export const useWorldStore = create<WorldState>(() => loadWorld());

/** Appends a signed acceptance and keeps the world; the op, or why nothing was written. */
export async function acceptIntoWorld(body: AcceptanceBody): Promise<SignedOperation | string> {
  const key = await getSession().signingKey();
  const { ops, session: known } = useWorldStore.getState();
  const session = known ?? `world-${crypto.randomUUID()}`;
  if (ops.length > 0 && !membersOf(ops).has(key.author)) return `this device is not a member of world ${session}`;
  const last = ops[ops.length - 1] ?? null;
  const op = appendSigned({ session, last: last ? { seq: last.seq, id: last.id } : null }, body as unknown as OperationBody, key, { source: 'inspector' });
  const all = [...ops, op];
  const unsigned = headOf({ applied: all, session, members: membersOf(all).list() }, key.author);
  try {
    storage()?.setItem(WORLD_STORAGE_KEY, exportOplog(all, unsigned ? signHead(unsigned, key) : null));
  } catch (e) {
    return `the world could not be stored: ${(e as Error).message}`;
  }
  useWorldStore.setState({ session, ops: all, world: worldOf(all, session), problem: null });
  return op;
}
