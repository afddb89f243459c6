/**
 * `warrant pull ROOM --out FILE` and `warrant push FILE ROOM`: a team room to a file and
 * back, for scripts, CI and backups. Both verify every op as the page does
 * (src/core/team/roomLog.ts).
 *   --server URL   the team server (default $WARRANT_SERVER, else ws://127.0.0.1:4488)
 *   --token T      a room token (default $WARRANT_TOKEN)
 * pull writes a room file (roomFile.ts); --ops LOG.jsonl and --text FILE also write the
 * log and the text for `export --ops`, `explain --ops` and the rest. Refused ops are
 * listed and make the exit status 1.
 * push takes a room file, a session file from the page, or a document (a new session):
 * it founds the room, or adds the ops the room lacks and sets its text.
 */
import { basename } from 'node:path';
import { writeFile } from 'node:fs/promises';
import { parseCommandLine } from '../commandLine.ts';
import { CliFailure, usageFailure } from '../cliFailure.ts';
import { writeStderr, writeStdout } from '../output.ts';
import { readInput } from '../readInput.ts';
import type { RoomConnection } from '../../team/roomConnection.ts';
import type { RoomMeta } from '../../core/team/roomDoc.ts';
import type { RoomReading } from '../../core/team/roomLog.ts';
import { DEFAULT_TEAM_PORT } from './serve.ts';

const SYNC_TIMEOUT_MS = 20_000;
/** A server that has not answered the connection at all by then is taken as not there. */
const CONNECT_TIMEOUT_MS = 5_000;
const OPTIONS = { values: { server: null, token: null, out: null, ops: null, text: null } } as const;

export async function runPull(args: readonly string[]): Promise<number> {
  const cl = parseCommandLine('pull', args, OPTIONS);
  if (cl.positionals.length !== 1) throw usageFailure('pull takes one ROOM', 'pull');
  const out = cl.values.get('out');
  if (!out) throw usageFailure('pull needs --out FILE (the room file to write)', 'pull');
  const room = cl.positionals[0]!;
  const { roomMeta, roomOpEntries, roomParts } = await import('../../core/team/roomDoc.ts');
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
    await writeFile(out, serializeRoomFile({ room, ...meta, text, ops: reading.applied, refused: reading.refused }));
    const opsOut = cl.values.get('ops');
    if (opsOut) await writeFile(opsOut, exportOplog(reading.applied, null));
    const textOut = cl.values.get('text');
    if (textOut) await writeFile(textOut, text);
    await writeStdout(`pulled room ${room}: ${meta.name} (${meta.language}), ${reading.applied.length} ops, ${reading.members.length} member${reading.members.length === 1 ? '' : 's'} → ${out}\n`);
    return reportRefused(reading);
  } finally {
    connection.close();
  }
}

export async function runPush(args: readonly string[]): Promise<number> {
  const cl = parseCommandLine('push', args, OPTIONS);
  if (cl.positionals.length !== 2) throw usageFailure('push takes FILE and ROOM', 'push');
  const [file, room] = cl.positionals as [string, string];
  const source = await readSource(file);
  const reading = await readLog(source.meta, source.ops.map((op, i) => [opKey(op, i), JSON.stringify(op)] as const));
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
    const added = roomParts(connection.doc).ops.size - before;
    await connection.flushed(SYNC_TIMEOUT_MS);
    await writeStdout(`pushed ${file} to room ${room}${present ? '' : ' (new)'}: ${added} new op${added === 1 ? '' : 's'}, ${reading.applied.length - added} already there; text ${textChanged ? 'set' : 'unchanged'}\n`);
    return 0;
  } finally {
    connection.close();
  }
}

async function connect(values: ReadonlyMap<string, string>, room: string, command: string): Promise<RoomConnection> {
  const { ROOM_NAME } = await import('../../core/team/roomToken.ts');
  if (!ROOM_NAME.test(room)) throw usageFailure(`not a room name (letters, digits, . _ -): ${room}`, command);
  const server = values.get('server') ?? process.env.WARRANT_SERVER ?? `ws://127.0.0.1:${DEFAULT_TEAM_PORT}`;
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
  const { nativeSignatureCheck } = await import('../nativeSignatureCheck.ts');
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
async function readSource(file: string): Promise<{ meta: RoomMeta; text: string; ops: unknown[] }> {
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
  const { inputLanguage } = await import('../inputLanguage.ts');
  const language = inputLanguage(file, undefined);
  const { randomUUID } = await import('node:crypto');
  return { meta: { session: randomUUID(), language, name: basename(file) }, text: input.text, ops: [] };
}

function sessionArchiveSource(file: string, v: Record<string, unknown>): { meta: RoomMeta; text: string; ops: unknown[] } {
  const s = v.session as Record<string, unknown> | undefined;
  const language = s?.language;
  if (!s || typeof s.id !== 'string' || typeof s.text !== 'string' || (language !== 'clair' && language !== 'gaia' && language !== 'proposal') || !Array.isArray(v.ops)) {
    throw new CliFailure(`${file}: a session file without its session, text or ops`);
  }
  return { meta: { session: s.id, language, name: typeof s.name === 'string' && s.name !== '' ? s.name : basename(file) }, text: s.text, ops: v.ops };
}
