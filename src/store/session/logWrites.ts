/**
 * Appending to a document that is its own log (a Mnema log): a write the worker planned
 * (src/core/mnema/mnemaWrite.ts — an action's preview, an import, a derivation run) is
 * handed back to the worker with the device key, signed there and checked against the
 * version it was planned on, and put into the editor as one edit, which the pipeline
 * then reads and draws like any other. Undo takes it back.
 */
import type { CommittedText, LogWrite } from '../../core/mnema/mnemaWrite.ts';
import type { DeviceKey } from '../../core/oplog/deviceKey.ts';
import { useDocumentStore } from '../document/documentStore.ts';
import { editorText, setEditorText } from './editorText.ts';

type MaybePromise<T> = T | Promise<T>;

/** The worker's side: the text of a version with signed ops and head appended, or why not (null: the version is gone). */
export interface LogWriteService {
  mnemaCommit(version: number, text: string, write: LogWrite, key: DeviceKey): MaybePromise<CommittedText | null>;
  /** The text of a new log made of `write`, signed with `key`. */
  mnemaCommitNew(write: LogWrite, key: DeviceKey): MaybePromise<CommittedText>;
  /** The keys that may write to the log of `version` (null: the version is gone). */
  mnemaMembers(version: number): MaybePromise<string[] | null>;
  /** What admitting `keys` to the log of `version` appends, by `author` (null: the version is gone). */
  mnemaAdmit(version: number, keys: readonly string[], author: string): MaybePromise<{ readonly refusal: string | null; readonly write: LogWrite | null } | null>;
}

/** Has `write` signed with `key` and checked by the worker, and puts the log it makes into the editor; null, or why nothing was written. */
export async function appendLogWrite(service: Pick<LogWriteService, 'mnemaCommit'>, key: DeviceKey, write: LogWrite): Promise<string | null> {
  const version = useDocumentStore.getState().analysis?.version;
  const text = editorText();
  if (version === undefined || text === null) return 'no log is open';
  const reply = await service.mnemaCommit(version, text, write, key);
  if (!reply) return 'the log changed since this was planned; plan it again';
  if (!reply.ok) return reply.message;
  // Typed meanwhile: the plan was made on the text before, so nothing is written over the person's edit.
  if (editorText() !== text) return 'the log was edited meanwhile; plan it again';
  setEditorText(reply.text);
  return null;
}
