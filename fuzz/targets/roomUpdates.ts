/**
 * Updates into a team room as the server judges them (src/core/team/roomUpdateCheck.ts):
 * a founded room, then a run of changes by three clients — honest ones (typing, erasing,
 * new ops, heads, requests to join), hostile ones (deleting or overwriting ops and meta,
 * forged heads, content nested in the guarded maps) and byte-mutated updates — reaching
 * the server in an order the input chooses. What must hold: the check never throws;
 * an honest change is never refused; a hostile one is never taken; and whatever the
 * server takes, every op and meta entry it held before is still there, unchanged.
 */
import * as Y from 'yjs';
import { generateDeviceKey } from '../../src/core/oplog/deviceKey.ts';
import { signHead, headOf } from '../../src/core/oplog/logHead.ts';
import { appendSigned } from '../../src/core/oplog/signOperation.ts';
import type { SignedOperation } from '../../src/core/oplog/operation.ts';
import { textHash } from '../../src/core/oplog/opId.ts';
import { addRoomOps, foundRoom, requestToJoin, roomParts, setRoomHead } from '../../src/core/team/roomDoc.ts';
import { roomHeadCheck } from '../../src/core/team/roomHeads.ts';
import { RoomUpdateCheck } from '../../src/core/team/roomUpdateCheck.ts';
import type { Problem } from '../core/target.ts';
import { generatorTarget, problem } from '../core/target.ts';

const HONEST = ['type', 'erase', 'op', 'head', 'join'] as const;
const HOSTILE = ['delete-op', 'overwrite-op', 'meta', 'nested', 'delete-head', 'forge-head', 'founder'] as const;
type Kind = (typeof HONEST)[number] | (typeof HOSTILE)[number] | 'mutate' | 'deliver';

export interface RoomUpdatesInput {
  readonly steps: readonly { readonly who: number; readonly kind: Kind; readonly n: number; readonly flips?: readonly number[] }[];
}

const alice = generateDeviceKey(new Uint8Array(32).fill(71));
const SESSION = 'session:fuzz-room';
const META = { session: SESSION, language: 'clair' as const, name: 'fuzz.clair', founder: alice.author };
let ops: SignedOperation[] | null = null;
function opsOf(): SignedOperation[] {
  if (!ops) {
    ops = [];
    let last: SignedOperation | null = null;
    for (let i = 0; i < 10; i++) {
      const body =
        last === null ? { kind: 'revision' as const, text_hash: textHash('t'), language: 'clair' as const, length: 1 } : { kind: 'claim_refutation' as const, target: `b${i}`, revision: null };
      last = appendSigned({ session: SESSION, last }, body, alice);
      ops.push(last);
    }
  }
  return ops;
}
const headCheck = roomHeadCheck();
const head = (n: number) => signHead(headOf({ applied: opsOf().slice(0, n), session: SESSION, members: [alice.author] }, alice.author)!, alice);

/** Entries of the guarded maps that must outlive every update the server takes. */
function guarded(doc: Y.Doc): Map<string, string> {
  const out = new Map<string, string>();
  roomParts(doc).ops.forEach((v, k) => out.set(`ops/${k}`, String(v)));
  roomParts(doc).meta.forEach((v, k) => k !== 'founder' && out.set(`meta/${k}`, String(v)));
  return out;
}

function change(doc: Y.Doc, kind: Kind, n: number): void {
  const parts = roomParts(doc);
  const all = opsOf();
  switch (kind) {
    case 'type':
      parts.text.insert(n % (parts.text.length + 1), `t${n}`);
      return;
    case 'erase':
      return void (parts.text.length > 0 && parts.text.delete(n % parts.text.length, 1 + (n % 3)));
    case 'op':
      return void addRoomOps(doc, [all[3 + (n % 7)]!]);
    case 'head':
      setRoomHead(doc, head(1 + (n % 10)));
      return;
    case 'join':
      requestToJoin(doc, `ed25519:${'ab'.repeat(32)}`, `tab ${n}`, String(n));
      return;
    case 'delete-op':
      return void (parts.ops.size > 0 && parts.ops.delete([...parts.ops.keys()][n % parts.ops.size]!));
    case 'overwrite-op':
      return void (parts.ops.size > 0 && parts.ops.set([...parts.ops.keys()][n % parts.ops.size]!, `{"n":${n}}`));
    case 'meta':
      parts.meta.set(['session', 'language', 'name', 'format'][n % 4]!, `changed ${n}`);
      return;
    case 'nested':
      parts.ops.set(`b3:${String(n).padStart(64, '0')}`, new Y.Map() as never);
      return;
    case 'delete-head':
      return void (parts.heads.size > 0 && parts.heads.delete([...parts.heads.keys()][0]!));
    case 'forge-head':
      parts.heads.set(alice.author, JSON.stringify({ ...head(3), count: 10 + n }));
      return;
    case 'founder':
      parts.meta.set('founder', `ed25519:${'cd'.repeat(32)}`);
      return;
    default:
      return;
  }
}

export const roomUpdatesTarget = generatorTarget<RoomUpdatesInput>({
  name: 'room-updates',
  description: 'a team room under honest, hostile and byte-mutated updates from three clients in any order: honest taken, hostile refused, ops and meta never lost, no throw',
  generate(rng) {
    const steps = Array.from({ length: rng.range(1, 30) }, () => {
      const kind = rng.weighted<Kind>([
        [5, rng.pick(HONEST)],
        [2, rng.pick(HOSTILE)],
        [1, 'mutate'],
        [5, 'deliver'],
      ]);
      return { who: rng.int(3), kind, n: rng.small(1000), ...(kind === 'mutate' ? { flips: Array.from({ length: rng.range(1, 4) }, () => rng.int(1 << 20)) } : {}) };
    });
    return { steps };
  },
  check(input): Problem[] {
    const problems: Problem[] = [];
    const server = new Y.Doc();
    foundRoom(server, META, 'b1 1 L0 @user "x"\n', opsOf().slice(0, 3));
    setRoomHead(server, head(3));
    const check = new RoomUpdateCheck(server, headCheck);
    const clients = [0, 1, 2].map(() => {
      const c = new Y.Doc();
      Y.applyUpdate(c, Y.encodeStateAsUpdate(server));
      return c;
    });
    const outbox: { update: Uint8Array; hostile: boolean }[][] = [[], [], []];
    let tainted = false;
    const resetClient = (who: number) => {
      const fresh = new Y.Doc();
      Y.applyUpdate(fresh, Y.encodeStateAsUpdate(server));
      clients[who] = fresh;
      outbox[who] = [];
    };
    for (const step of input.steps) {
      const client = clients[step.who]!;
      if (step.kind === 'deliver' || step.kind === 'mutate') {
        const sent = outbox[step.who]!.shift();
        if (!sent) continue;
        let update = sent.update;
        if (step.kind === 'mutate') {
          update = update.slice();
          for (const f of step.flips ?? []) if (update.length > 0) update[f % update.length]! ^= 1 + ((f >> 10) % 255);
        }
        const before = guarded(server);
        const verdict = check.check(update);
        if (verdict.ok) {
          // Content altered on the way and taken may hold a key an honest op wants later.
          if (step.kind === 'mutate' && verdict.changes) tainted = true;
          if (step.kind === 'deliver' && sent.hostile && verdict.changes) problems.push(problem('silent-accept', 'hostile-taken', `a hostile change was taken (${input.steps.indexOf(step)})`));
          try {
            Y.applyUpdate(server, update);
          } catch {
            // A mutated update the check took but Yjs cannot apply: nothing was changed.
          }
          check.settle(verdict.ticket);
          for (const [k, v] of before) if (guarded(server).get(k) !== v) problems.push(problem('silent-accept', 'guarded-entry-changed', `${k} changed or vanished after an update was taken`));
          for (const [i, c] of clients.entries()) if (i !== step.who) Y.applyUpdate(c, update);
          // A client whose update was altered on the way holds other content under the same ids: it starts again.
          if (step.kind === 'mutate') resetClient(step.who);
        } else {
          if (step.kind === 'deliver' && !sent.hostile && !tainted) problems.push(problem('divergence', 'honest-refused', `an honest change was refused: ${verdict.reason}`));
          // The refused client starts again from the server's state (as after a reconnect).
          resetClient(step.who);
        }
        continue;
      }
      let update: Uint8Array | null = null;
      const take = (u: Uint8Array) => (update = u);
      client.on('update', take);
      client.transact(() => change(client, step.kind, step.n));
      client.off('update', take);
      if (update) outbox[step.who]!.push({ update, hostile: (HOSTILE as readonly string[]).includes(step.kind) });
    }
    return problems;
  },
});
