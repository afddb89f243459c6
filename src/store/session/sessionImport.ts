/**
 * What comes into the page from outside as a new session: a file dropped or picked, a
 * session archive (a session file, or the session a link carries) with its log verified
 * op by op, and a Gaia package read from a folder or a .zip. Files larger than the
 * command line's input limits are refused with a notice, as the CLI refuses them.
 */
import { decodeUtf8, NOT_UTF8 } from '../document/utf8Text.ts';
import { importSession, SESSION_ARCHIVE_FORMAT } from '../../db/sessionArchive.ts';
import type { ReadProjectResult } from '../project/projectImport.ts';
import { readProjectFromZip } from '../project/projectImport.ts';
import { documentKindOf, MAX_LOG_BYTES, tooLargeMessage } from '../../core/text/inputLimits.ts';
import { languageOfPath, openableDocuments, textLimitOf } from '../../core/languages/languageTable.ts';
import { signWithDevice } from './deviceSigner.ts';
import { verifyOperationAsync } from '../../core/oplog/webCryptoSignatures.ts';
import { sessionBackend } from './sessionBackend.ts';
import { notice, offerChoice } from './sessionNotices.ts';
import { newProjectSession, newSession, refreshList, switchSession } from './sessionList.ts';

/**
 * Opens a file dropped on the page or picked: a session archive comes back whole (its
 * log verified op by op); any other text file becomes a new session of its language
 * (any other .json is read as a FormalProposal, whose gates say whether it is one).
 */
export async function importFile(file: File): Promise<void> {
  if (/\.zip$/i.test(file.name)) return openZip(file);
  // The input limits the command line has (src/core/text/inputLimits.ts): a session archive carries a log.
  // A document that is its own log (a Mnema log) has a log's room (languageTable.ts textLimitOf).
  const documentLimit = textLimitOf(languageOfPath(file.name));
  const archiveLimit = file.name.endsWith('.json') ? MAX_LOG_BYTES : documentLimit;
  if (file.size > archiveLimit) return notice(`${file.name} was not opened: ${tooLargeMessage(file.size, archiveLimit, archiveLimit === MAX_LOG_BYTES ? 'archive' : documentKindOf(documentLimit))}.`);
  let text: string | null;
  try {
    text = decodeUtf8(new Uint8Array(await file.arrayBuffer()));
  } catch (e) {
    return notice(`Cannot read ${file.name}: ${e instanceof Error ? e.message : String(e)}.`);
  }
  if (text === null) return notice(`${file.name} was not opened: ${NOT_UTF8}.`);
  if (text.includes('\u0000')) return notice(`${file.name} is binary data, not a text document.`);
  if (file.name.endsWith('.json') && text.includes(SESSION_ARCHIVE_FORMAT)) return importSessionArchive(text, file.name);
  if (file.size > documentLimit) return notice(`${file.name} was not opened: ${tooLargeMessage(file.size, documentLimit, documentKindOf(documentLimit))}.`);
  if (languageOfPath(file.name) === null) return notice(`${file.name}: Warrant opens ${openableDocuments()}, Gaia package folders and their .zip files, and session archives (.warrant.json).`);
  await newSession(file.name, text);
}

/**
 * A session archive (a session file, or the session a link carries) comes back whole:
 * every op verified, then stored — as a new session when its id is taken or it was
 * signed elsewhere — and opened. `label` names it in messages. A log that lost its head,
 * or is older than one this device has seen, is refused with a notice that offers to
 * import it anyway: only the user's explicit choice passes over either (`allow`).
 */
export async function importSessionArchive(json: string, label: string, allow: { readonly allowHeadless?: boolean; readonly allowRollback?: boolean } = {}): Promise<void> {
  const backend = sessionBackend();
  if (!backend) return notice('Sessions cannot be imported: IndexedDB is not available.');
  const key = backend.key;
  const result = await importSession(backend.db, json, {
    verify: (op) => verifyOperationAsync(op),
    sign: (draft) => signWithDevice({ ...draft, author: key.author }, key),
    member: key.author,
    ...allow,
  });
  if (!result.ok) {
    const message = `${label} was not imported: ${result.problems.map((p) => p.message).join(' ')}`;
    const headless = result.problems.some((p) => p.code === 'headless-log');
    const older = result.problems.some((p) => p.code === 'rolled-back');
    if (!result.problems.every((p) => p.code === 'headless-log' || p.code === 'rolled-back')) return notice(message);
    const choice = headless && older ? 'Import anyway' : headless ? 'Import without a head' : 'Import the older copy';
    return offerChoice(message, choice, () => importSessionArchive(json, label, { allowHeadless: allow.allowHeadless || headless, allowRollback: allow.allowRollback || older }));
  }
  backend.tabs.notifySessionChanged(result.session.id);
  await refreshList();
  await switchSession(result.session.id);
  if (result.outcome === 'unchanged') notice(`${label} is already here, unchanged.`);
}

/** A Gaia package from a .zip: unpacked in the page, its package root found, opened as a project. */
export async function openZip(file: File): Promise<void> {
  // A zip is a compressed package: its unpacked size is checked against the limit entry by entry.
  if (file.size > MAX_LOG_BYTES) return notice(`${file.name} was not opened: ${tooLargeMessage(file.size, MAX_LOG_BYTES, 'archive')}.`);
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch (e) {
    return notice(`Cannot read ${file.name}: ${e instanceof Error ? e.message : String(e)}.`);
  }
  await openReadProject(readProjectFromZip(bytes, file.name));
}

/** Opens a package read from a folder or a zip (projectImport.ts), or says why it could not be. */
export async function openReadProject(read: ReadProjectResult | Promise<ReadProjectResult>): Promise<void> {
  let result: ReadProjectResult;
  try {
    result = await read;
  } catch (e) {
    return notice(`The package could not be opened: ${e instanceof Error ? e.message : String(e)}.`);
  }
  if ('problem' in result) return notice(`The package could not be opened: ${result.problem}.`);
  if (result.files.size === 0) return notice(`${result.name} has no files Warrant can open.`);
  await newProjectSession(result.name, result.files);
  if (result.notes.length > 0) notice(`${result.name}: ${result.notes.slice(0, 3).join('; ')}${result.notes.length > 3 ? ` (and ${result.notes.length - 3} more)` : ''}.`);
}
