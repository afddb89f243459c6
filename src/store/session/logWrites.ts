/**
 * Appending to a document that is its own log (a Mnema log): a write the worker planned
 * (src/core/mnema/mnemaWrite.ts — an action's preview, an import, a derivation run) is
 * handed back to the worker with the device key, signed there and checked against the
 * version it was planned on, and put into the editor as one edit, which the pipeline
 * then reads and draws like any other. Undo takes it back (a write of more than 2 MiB, in
 * steps of 1 MiB: largePaste.ts UNDO_STEP_CHARS). The worker keeps the write: its copy of the text
 * takes it without the page sending it back (DocumentPipeline.editMadeByWorker).
 */
import type { CommittedChange, LogWrite, NewLogText } from '../../core/mnema/mnemaWrite.ts';
import type { DeviceKey } from '../../core/oplog/deviceKey.ts';
import type { HeldWrite } from '../../core/mnema/writeTickets.ts';
import { useDocumentStore } from '../document/documentStore.ts';
import { applyEditorChange, editorText } from './editorText.ts';

type MaybePromise<T> = T | Promise<T>;

/** The worker's side: the change that appends signed ops and head to the text of a version, or why not (null: the version is gone). */
export interface LogWriteService {
  mnemaCommit(version: number, write: HeldWrite, key: DeviceKey): MaybePromise<CommittedChange | null>;
  /** Part `index` (from 1) of the insert of the write just committed, when it came in parts (`more`); null: it is gone. */
  committedPart(index: number): MaybePromise<string | null>;
  /** The text of a new log made of `write`, signed with `key`. */
  mnemaCommitNew(write: HeldWrite, key: DeviceKey): MaybePromise<NewLogText>;
  /** The keys that may write to the log of `version` (null: the version is gone). */
  mnemaMembers(version: number): MaybePromise<string[] | null>;
  /** What admitting `keys` to the log of `version` appends, by `author` (null: the version is gone). */
  mnemaAdmit(version: number, keys: readonly string[], author: string): MaybePromise<{ readonly refusal: string | null; readonly write: LogWrite | null } | null>;
}

/** Why a write was not appended; `moved`: the log changed under the plan (planning it again may do). */
export interface LogWriteRefusal {
  readonly message: string;
  readonly moved: boolean;
}

/** Has `write` signed with `key` and checked by the worker, and puts the log it makes into the editor; null, or why nothing was written. */
export async function appendLogWrite(service: Pick<LogWriteService, 'mnemaCommit' | 'committedPart'>, key: DeviceKey, write: HeldWrite): Promise<LogWriteRefusal | null> {
  // The editor must hold the version the plan was made on, before and after the worker signs:
  // compared by version, not text (a 100,000-op log is 60 MB to read out of the editor and copy).
  const held = () => {
    const s = useDocumentStore.getState();
    return s.analysis !== null && s.analysis.version === s.editorVersion && editorText() !== null ? s.analysis.version : null;
  };
  const version = held();
  if (version === null) return editorText() === null ? { message: 'no log is open', moved: false } : { message: 'the log was edited since this was planned; plan it again', moved: true };
  const reply = await service.mnemaCommit(version, write, key);
  if (!reply) return { message: 'the log changed since this was planned; plan it again', moved: true };
  if (!reply.ok) return { message: reply.message, moved: reply.moved === true };
  // A long insert comes in parts, one message each, so none holds the page as it arrives (asked for at once: no round trip waits on another).
  const more = await Promise.all(Array.from({ length: reply.more ?? 0 }, (_, i) => service.committedPart(i + 1)));
  if (more.includes(null)) return { message: 'the write was lost on its way to the editor; plan it again', moved: true };
  const parts = [reply.change.text, ...(more as string[])];
  // Joined without a copy (a rope); the editor fills from the parts, so nothing reads it whole until it is saved.
  let inserted = '';
  for (const part of parts) inserted += part;
  // Typed meanwhile (or another member's write arrived): the plan was made on the text before, so nothing is written over it.
  if (useDocumentStore.getState().editorVersion !== version) return { message: 'the log was edited meanwhile; plan it again', moved: true };
  applyEditorChange({ ...reply.change, text: inserted }, true, parts);
  return null;
}
