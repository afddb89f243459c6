/**
 * Appending to a document that is its own log (a Mnema log): a write the worker planned
 * (src/core/mnema/mnemaWrite.ts — an action's preview, an import, a derivation run) is
 * signed here with the device key, checked by the worker against the version it was
 * planned on, and put into the editor as one edit, which the pipeline then reads,
 * verifies and draws like any other. Undo takes it back.
 */
import type { SignedHead } from '../../core/oplog/logHead.ts';
import type { MnemaOp } from '../../core/mnema/mnemaBodies.ts';
import type { CommittedText, LogWrite } from '../../core/mnema/mnemaWrite.ts';
import { bytesToSign } from '../../core/mnema/mnemaWrite.ts';
import type { DeviceKey } from '../../core/oplog/deviceKey.ts';
import { useDocumentStore } from '../document/documentStore.ts';
import { bytesSignerFor, SIGNING_SLICE, signHeadWithDevice } from './deviceSigner.ts';
import { nextTask } from '../pipeline/nextTask.ts';
import { editorText, setEditorText } from './editorText.ts';

type MaybePromise<T> = T | Promise<T>;

/** The worker's side: the text of a version with signed ops and head appended, or why not (null: the version is gone). */
export interface LogWriteService {
  mnemaCommit(version: number, text: string, ops: readonly MnemaOp[], head: SignedHead): MaybePromise<CommittedText | null>;
  /** The keys that may write to the log of `version` (null: the version is gone). */
  mnemaMembers(version: number): MaybePromise<string[] | null>;
  /** What admitting `keys` to the log of `version` appends, by `author` (null: the version is gone). */
  mnemaAdmit(version: number, keys: readonly string[], author: string): MaybePromise<{ readonly refusal: string | null; readonly write: LogWrite | null } | null>;
}

/** `write`'s ops and head signed with `key`. */
export async function signLogWrite(key: DeviceKey, write: LogWrite): Promise<{ readonly ops: MnemaOp[]; readonly head: SignedHead }> {
  const sign = await bytesSignerFor(key);
  const ops: MnemaOp[] = [];
  // A slice at a time, a new task between slices: an import of ten thousand records is as
  // many ops, and encoding them all at once held the page for a third of a second.
  for (let start = 0; start < write.ops.length; start += SIGNING_SLICE) {
    if (start > 0) await nextTask();
    const slice = write.ops.slice(start, start + SIGNING_SLICE);
    const sigs = await Promise.all(slice.map((op) => sign(bytesToSign(op))));
    slice.forEach((op, i) => ops.push({ ...op, sig: sigs[i]! }));
  }
  return { ops, head: await signHeadWithDevice(write.head, key) };
}

/** Signs `write` with `key`, has it checked, and puts the log it makes into the editor; null, or why nothing was written. */
export async function appendLogWrite(service: Pick<LogWriteService, 'mnemaCommit'>, key: DeviceKey, write: LogWrite): Promise<string | null> {
  const version = useDocumentStore.getState().analysis?.version;
  const text = editorText();
  if (version === undefined || text === null) return 'no log is open';
  const { ops, head } = await signLogWrite(key, write);
  const reply = await service.mnemaCommit(version, text, ops, head);
  if (!reply) return 'the log changed since this was planned; plan it again';
  if (!reply.ok) return reply.message;
  // Typed meanwhile: the plan was made on the text before, so nothing is written over the person's edit.
  if (editorText() !== text) return 'the log was edited meanwhile; plan it again';
  setEditorText(reply.text);
  return null;
}
