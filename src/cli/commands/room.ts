/**
 * `warrant pull ROOM --out FILE` and `warrant push FILE ROOM`: a team room to a file and
 * back, for scripts, CI and backups. Both verify every op as the page does
 * (src/core/team/roomLog.ts).
 *   --server URL   the team server (default $WARRANT_SERVER, else ws://127.0.0.1:4488)
 *   --token T      a room token (default $WARRANT_TOKEN)
 * pull writes a room file (roomFile.ts); --ops LOG.jsonl and --text FILE also write the
 * log and the text for `export --ops`, `explain --ops` and the rest. Exit 1 when the room
 * holds ops every member refuses, when its log holds less than a member signed (ops were
 * removed: roomHeads.ts), when it holds fewer ops than this device has seen of the
 * session (a rollback; `--allow-rollback` reads it anyway), or when it holds another
 * session than when this device last read it.
 * push takes a room file, a session file from the page, or a document (a new session):
 * it founds the room, or adds the ops the room lacks and sets its text.
 */
import { basename } from 'node:path';
import { writeFile } from 'node:fs/promises';
import { parseCommandLine } from '../commandLine.ts';
import { CliFailure, usageFailure } from '../../node/cliFailure.ts';
import { writeStderr, writeStdout } from '../output.ts';
import { readInput } from '../../node/readInput.ts';
import type { RoomConnection } from '../../team/roomConnection.ts';
import type { RoomMeta } from '../../core/team/roomDoc.ts';
import type { RoomReading } from '../../core/team/roomLog.ts';
import type { SignedHead } from '../../core/oplog/logHead.ts';
import { DEFAULT_TEAM_PORT } from './serve.ts';
import { isLanguage } from '../../core/languages/languageIds.ts';

const SYNC_TIMEOUT_MS = 20_000;
/** A server that has not answered the connection at all by then is taken as not there. */
const CONNECT_TIMEOUT_MS = 5_000;
const OPTIONS = { flags: ['allow-rollback', 'allow-headless'], values: { server: null, token: null, out: null, ops: null, text: null } } as const;

export async function runPull(args: readonly string[]): Promise<number> {
  const cl = parseCommandLine('pull', args, OPTIONS);
  if (cl.positionals.length !== 1) throw usageFailure('pull takes one ROOM', 'pull');
  const out = cl.values.get('out');
  if (!out) throw usageFailure('pull needs --out FILE (the room file to write)', 'pull');
  const room = cl.positionals[0]!;
  const { roomHeadEntries, roomMeta, roomOpEntries, roomParts } = await import('../../core/team/roomDoc.ts');
  const { serializeRoomFile } = await import('../../core/team/roomFile.ts');
  const { exportOplog } = await import('../../core/export/exportOplog.ts');
  const connection = await connect(cl.values, room, 'pull');
  try {
    const meta = roomMeta(connection.doc);
    if (!meta) {
      await writeStderr(`warrant: room ${room} is empty (nobody has shared a session in it)\n`);
      return 1;
    }
    const reading = await readLog(meta, roomOpEntries(connection.doc));
    const text = roomParts(connection.doc).text.toString();
    const history = await checkHistory(serverOf(cl.values), room, meta.session, reading, roomHeadEntries(connection.doc), cl.flags.has('allow-rollback'));
    await writeFile(out, serializeRoomFile({ room, ...meta, text, ops: reading.applied, refused: reading.refused, heads: history.heads }));
    const opsOut = cl.values.get('ops');
    if (opsOut) {
      // The log with the head of a member who read all of it, so `--ops` checks where it ends.
      const last = reading.applied[reading.applied.length - 1];
      const whole = history.heads.find((h) => h.count === reading.applied.length && h.op === last?.id) ?? null;
      await writeFile(opsOut, exportOplog(reading.applied, whole));
      if (!whole && last) history.problems.push(`warning: no member has signed a head of all ${reading.applied.length} ops yet, so ${opsOut} has none; read it with --allow-headless`);
    }
    const textOut = cl.values.get('text');
    if (textOut) await writeFile(textOut, text);
    await writeStdout(`pulled room ${room}: ${meta.name} (${meta.language}), ${reading.applied.length} ops, ${reading.members.length} member${reading.members.length === 1 ? '' : 's'} → ${out}\n`);
    const refusedExit = reportRefused(reading);
    if (history.problems.length > 0) await writeStderr(history.problems.map((p) => `warrant: room ${room}: ${p}\n`).join(''));
    return refusedExit === 1 || history.failed ? 1 : 0;
  } finally {
    connection.close();
  }
}

/**
 * The room's history against what its members signed and what this device has seen:
 * problems to report (failed: any that is not a warning), and the valid heads to keep.
 */
async function checkHistory(
  server: string,
  room: string,
  session: string,
  reading: RoomReading,
  headEntries: readonly [string, string][],
  allowRollback: boolean,
): Promise<{ problems: string[]; failed: boolean; heads: SignedHead[] }> {
  const { checkRoomHead, longestRoomHead, roomHeadProblems } = await import('../../core/team/roomHeads.ts');
  const { rollbackProblem, headToRemember } = await import('../../core/oplog/knownHead.ts');
  const { knownHead, rememberHead } = await import('../knownHeads.ts');
  const { knownRoomSession, rememberRoomSession } = await import('../knownRooms.ts');
  const { nativeSignatureCheck } = await import('../../node/nativeSignatureCheck.ts');
  const problems: string[] = [];
  let failed = false;
  for (const p of roomHeadProblems(reading, session, headEntries, nativeSignatureCheck)) {
    problems.push(p.message);
    failed ||= p.code !== 'head-not-member';
  }
  const before = await knownRoomSession(server, room);
  if (before !== null && before !== session) {
    problems.push(`the room held session ${before} when this device last read it; it now holds ${session}: its history was replaced`);
    failed = true;
  }
  const head = longestRoomHead(reading, session, headEntries, nativeSignatureCheck);
  const asRead = { applied: reading.applied, session, head, problems: [] };
  const known = await knownHead(session);
  if (known.problem) problems.push(`warning: ${known.problem}`);
  const rollback = rollbackProblem(known.known, asRead, allowRollback);
  if (rollback) {
    problems.push(`${rollback.severity === 'warning' ? 'warning: ' : ''}${rollback.message}`);
    failed ||= rollback.severity === 'error';
  }
  if (!failed) {
    const remember = headToRemember(known.known, asRead);
    const notes = [remember ? await rememberHead(remember) : null, await rememberRoomSession(server, room, session)];
    for (const n of notes) if (n) problems.push(`warning: ${n}`);
  }
  const heads: SignedHead[] = [];
  for (const [key, value] of headEntries) {
    const checked = checkRoomHead(value, key, session, nativeSignatureCheck);
    if (checked.ok) heads.push(checked.head);
  }
  return { problems, failed, heads };
}

/**
 * Files in the room the valid heads the pushed file carries (a member's, ending at an op
 * of the pushed log) and this command line's own, when its key is a member.
 */
async function fileHeads(doc: RoomConnection['doc'], session: string, reading: RoomReading, carried: readonly unknown[]): Promise<void> {
  const { checkRoomHead, headToSign } = await import('../../core/team/roomHeads.ts');
  const { roomParts, setRoomHead } = await import('../../core/team/roomDoc.ts');
  const { signHead } = await import('../../core/oplog/logHead.ts');
  const { nativeSignatureCheck } = await import('../../node/nativeSignatureCheck.ts');
  const present = new Set(reading.applied.map((op) => op.id));
  for (const h of carried) {
    const author = typeof h === 'object' && h !== null ? (h as { author?: unknown }).author : undefined;
    if (typeof author !== 'string') continue;
    const checked = checkRoomHead(JSON.stringify(h), author, session, nativeSignatureCheck);
    if (checked.ok && reading.members.includes(author) && present.has(checked.head.op)) setRoomHead(doc, checked.head);
  }
  // This command line's own head, when it has a key (none is made for a push) and the key is a member.
  const { deviceKeyPath, loadOrCreateDeviceKey } = await import('../deviceKeyFile.ts');
  const { existsSync } = await import('node:fs');
  const key = existsSync(deviceKeyPath()) ? await loadOrCreateDeviceKey().catch(() => null) : null;
  const mine = key ? headToSign({ ...reading, session }, key.author, roomParts(doc).heads.get(key.author)) : null;
  if (key && mine) setRoomHead(doc, signHead(mine, key));
}

function serverOf(values: ReadonlyMap<string, string>): string {
  return values.get('server') ?? process.env.WARRANT_SERVER ?? `ws://127.0.0.1:${DEFAULT_TEAM_PORT}`;
}

export async function runPush(args: readonly string[]): Promise<number> {
  const cl = parseCommandLine('push', args, OPTIONS);
  if (cl.positionals.length !== 2) throw usageFailure('push takes FILE and ROOM', 'push');
  const [file, room] = cl.positionals as [string, string];
  const source = await readSource(file);
  if (source.archive) {
    // A session file is read as --ops reads a log: against its signed head, and what this device has seen.
    const { logAllowances, readArchiveLog } = await import('../opsFile.ts');
    const checked = await readArchiveLog(file, { ops: source.ops, head: source.heads?.[0] ?? null, session: source.meta.session }, logAllowances(cl.flags, 'push'));
    if (checked.broken) {
      await writeStderr(`warrant: ${file}: nothing pushed\n`);
      return 1;
    }
  }
  const reading = await readLog(
    source.meta,
    source.ops.map((op, i) => [opKey(op, i), JSON.stringify(op)] as const),
  );
  if (reading.refused.length > 0) {
    reportRefused(reading);
    await writeStderr(`warrant: ${file}: nothing pushed; the file holds ops every member would refuse\n`);
    return 1;
  }
  const { addRoomOps, foundRoom, roomMeta, roomParts, setRoomText } = await import('../../core/team/roomDoc.ts');
  const connection = await connect(cl.values, room, 'push');
  try {
    if (!connection.canWrite()) {
      await writeStderr(`warrant: the token lets this client read room ${room}, not write to it\n`);
      return 1;
    }
    const present = roomMeta(connection.doc);
    if (present && present.session !== source.meta.session) {
      await writeStderr(`warrant: room ${room} holds session ${present.session} (${present.name}), not ${source.meta.session}; push to another room\n`);
      return 1;
    }
    const before = roomParts(connection.doc).ops.size;
    let textChanged = !present;
    if (!present) foundRoom(connection.doc, source.meta, source.text, reading.applied);
    else {
      addRoomOps(connection.doc, reading.applied);
      textChanged = roomParts(connection.doc).text.toString() !== source.text;
      setRoomText(connection.doc, source.text);
    }
    await fileHeads(connection.doc, source.meta.session, reading, source.heads ?? []);
    const added = roomParts(connection.doc).ops.size - before;
    await connection.flushed(SYNC_TIMEOUT_MS);
    await writeStdout(
      `pushed ${file} to room ${room}${present ? '' : ' (new)'}: ${added} new op${added === 1 ? '' : 's'}, ${reading.applied.length - added} already there; text ${textChanged ? 'set' : 'unchanged'}\n`,
    );
    return 0;
  } finally {
    connection.close();
  }
}

async function connect(values: ReadonlyMap<string, string>, room: string, command: string): Promise<RoomConnection> {
  const { ROOM_NAME } = await import('../../core/team/roomToken.ts');
  if (!ROOM_NAME.test(room)) throw usageFailure(`not a room name (letters, digits, . _ -): ${room}`, command);
  const server = serverOf(values);
  if (!/^wss?:\/\/\S+$/.test(server)) throw usageFailure(`--server must be a ws:// or wss:// address: ${server}`, command);
  const token = values.get('token') ?? process.env.WARRANT_TOKEN;
  if (!token) throw usageFailure('a room token is needed: --token T or $WARRANT_TOKEN (warrant serve prints one)', command);
  const { connectRoom } = await import('../../team/roomConnection.ts');
  const { WebSocket } = await import('ws');
  let reached = false;
  const connection = connectRoom({ server, room, token }, { WebSocketPolyfill: WebSocket, onStatus: (s) => (reached ||= s === 'connected') });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unreached: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      connection.synced,
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${SYNC_TIMEOUT_MS / 1000} s`)), SYNC_TIMEOUT_MS))),
      new Promise((_, reject) => (unreached = setTimeout(() => reached || reject(new Error('cannot connect (is `warrant serve` running there?)')), CONNECT_TIMEOUT_MS))),
    ]);
  } catch (e) {
    connection.close();
    throw new CliFailure(`room ${room} on ${server}: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    clearTimeout(timer);
    clearTimeout(unreached);
  }
  return connection;
}

async function readLog(meta: RoomMeta, entries: readonly (readonly [string, string])[]): Promise<RoomReading> {
  const { RoomLogReader } = await import('../../core/team/roomLog.ts');
  const { verifyOperation } = await import('../../core/oplog/verifyOperation.ts');
  const { nativeSignatureCheck } = await import('../../node/nativeSignatureCheck.ts');
  const { useWasmBlake3 } = await import('../../core/oplog/blake3Digest.ts');
  // Every op id is a BLAKE3 hash to check: the WebAssembly one is several times faster.
  await useWasmBlake3();
  return new RoomLogReader(meta.session, (x) => verifyOperation(x, { checkSignature: nativeSignatureCheck })).read(entries);
}

function reportRefused(reading: RoomReading): number {
  if (reading.refused.length === 0) return 0;
  const lines = reading.refused.map((r) => `  ${r.id ?? r.key}: ${r.reason}: ${r.detail}`);
  void writeStderr(`refused ${reading.refused.length} op${reading.refused.length === 1 ? '' : 's'} (not applied by any member):\n${lines.join('\n')}\n`);
  return 1;
}

function opKey(op: unknown, i: number): string {
  const id = typeof op === 'object' && op !== null ? (op as { id?: unknown }).id : undefined;
  return typeof id === 'string' ? id : `#${i}`;
}

/** What FILE pushes: a room file, a session file from the page, or a document (a new session). */
async function readSource(file: string): Promise<{ meta: RoomMeta; text: string; ops: unknown[]; heads?: unknown[]; archive?: boolean }> {
  const input = await readInput(file);
  const trimmed = input.text.trimStart();
  if (trimmed.startsWith('{')) {
    let v: unknown = null;
    try {
      v = JSON.parse(input.text);
    } catch {
      // Not JSON: a document after all (a proposal is JSON and parsed above).
    }
    const format = typeof v === 'object' && v !== null ? (v as { format?: unknown }).format : undefined;
    if (format === 'warrant.room.v1') {
      const { readRoomFile } = await import('../../core/team/roomFile.ts');
      const read = readRoomFile(v);
      if (!read.ok) throw new CliFailure(`${file}: ${read.reason}`);
      return read;
    }
    if (format === 'warrant.session.v1') return sessionArchiveSource(file, v as Record<string, unknown>);
  }
  const { inputLanguage } = await import('../../node/inputLanguage.ts');
  const language = inputLanguage(file, undefined);
  const { randomUUID } = await import('node:crypto');
  return { meta: { session: randomUUID(), language, name: basename(file) }, text: input.text, ops: [] };
}

function sessionArchiveSource(file: string, v: Record<string, unknown>): { meta: RoomMeta; text: string; ops: unknown[]; heads: unknown[]; archive: true } {
  const s = v.session as Record<string, unknown> | undefined;
  const language = s?.language;
  if (!s || typeof s.id !== 'string' || typeof s.text !== 'string' || !isLanguage(language) || !Array.isArray(v.ops)) {
    throw new CliFailure(`${file}: a session file without its session, text or ops`);
  }
  return { meta: { session: s.id, language, name: typeof s.name === 'string' && s.name !== '' ? s.name : basename(file) }, text: s.text, ops: v.ops, heads: v.head ? [v.head] : [], archive: true };
}
