/**
 * The team server's capacity, on loopback, with the server in a process of its own (the
 * `warrant serve` a team runs) and the clients in this one (bench/rawRoomClient.ts):
 *  - an edit seen by another client in another room while one client floods at 10,000
 *    updates a second (target p99 ≤ 100 ms), against the same edits with nobody flooding;
 *  - 8,000 connections over 400 rooms: once all are connected, an edit seen by another
 *    member of its room (target p99 ≤ 100 ms), with the server's memory per connection;
 *  - durable appends: updates acknowledged per second through one instance, each written
 *    and synced to its room's journal first (target ≥ 5,000/s), against the same load on
 *    the server as it stored rooms before (whole, debounced: bench/debouncedTeamServer.ts).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mintRoomToken } from '../src/core/team/roomToken.ts';
import { startServerProcess, type ServerProcess } from '../test/support/serverProcess.ts';
import { TEAM_SECRET, writeToken } from '../test/support/teamServers.ts';
import type { BenchRow } from './benchTypes.ts';
import { RawRoomClient } from './rawRoomClient.ts';

const roomsDir = () => mkdtempSync(join(tmpdir(), 'warrant-capacity-'));
const roomToken = (room: string) => mintRoomToken({ room, rights: 'write' }, TEAM_SECRET);

function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
}

/** Resolves when `reader`'s text holds `marker`; the milliseconds since `t0`. */
function seenBy(reader: RawRoomClient, marker: string, t0: number, timeoutMs = 30_000): Promise<number> {
  const text = reader.doc.getText('text');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reader.doc.off('update', check);
      reject(new Error(`${marker} did not reach its reader in ${timeoutMs} ms`));
    }, timeoutMs);
    const check = () => {
      if (!text.toString().includes(marker)) return;
      clearTimeout(timer);
      reader.doc.off('update', check);
      resolve(performance.now() - t0);
    };
    reader.doc.on('update', check);
    check();
  });
}

/** Edits by `writer`, one at a time, each timed until `reader` has it. */
async function editLatencies(writer: RawRoomClient, reader: RawRoomClient, n: number, tag: string): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const marker = `<${tag}${i}>`;
    const t0 = performance.now();
    const seen = seenBy(reader, marker, t0);
    writer.edit(marker);
    out.push(await seen);
    await new Promise((r) => setTimeout(r, 5));
  }
  return out;
}

async function connectAll(url: string, rooms: readonly string[], perRoom: number, wave: number): Promise<RawRoomClient[][]> {
  const out: RawRoomClient[][] = rooms.map(() => []);
  const jobs = rooms.flatMap((room, r) => Array.from({ length: perRoom }, () => ({ room, r })));
  for (let i = 0; i < jobs.length; i += wave) {
    const batch = jobs.slice(i, i + wave);
    const clients = await Promise.all(batch.map((j) => RawRoomClient.connect(url, j.room, roomToken(j.room))));
    clients.forEach((c, k) => out[batch[k]!.r]!.push(c));
  }
  return out;
}

async function serverHealth(server: ServerProcess): Promise<{ connections: number; memory: { rss: number; heapUsed: number; perConnection: number | null } }> {
  return (await (await fetch(`${server.http}/health`, { headers: { Authorization: `Bearer ${writeToken()}` } })).json()) as never;
}

export async function runTeamCapacityBench(options: { quick: boolean; onProgress?: (what: string) => void }): Promise<BenchRow[]> {
  const progress = options.onProgress ?? (() => {});
  const rows: BenchRow[] = [];

  progress('team capacity: an edit in one room while another floods');
  {
    const server = await startServerProcess(['--dir', roomsDir()]);
    try {
      const [writer, reader] = await Promise.all([RawRoomClient.connect(server.url, 'quiet', roomToken('quiet')), RawRoomClient.connect(server.url, 'quiet', roomToken('quiet'))]);
      const n = options.quick ? 100 : 300;
      const calm = await editLatencies(writer, reader, n, 'calm');
      const flooder = await RawRoomClient.connect(server.url, 'flood', roomToken('flood'));
      // 10,000 updates a second: 100 every 10 ms, whatever the server takes.
      let flooding = true;
      const flood = (async () => {
        while (flooding) {
          for (let i = 0; i < 100; i++) flooder.edit('x');
          await new Promise((r) => setTimeout(r, 10));
        }
      })();
      const floodStart = performance.now();
      const ackedBefore = flooder.acked;
      await new Promise((r) => setTimeout(r, 500));
      const busy = await editLatencies(writer, reader, n, 'busy');
      const floodMs = performance.now() - floodStart;
      const offered = Math.round((flooder.sent / floodMs) * 1000);
      const accepted = Math.round(((flooder.acked - ackedBefore) / floodMs) * 1000);
      flooding = false;
      await flood;
      rows.push({
        name: 'team: an edit seen in another room while one client floods at 10k updates/s (p99)',
        size: `${n} edits, server in its own process`,
        ms: quantile(busy, 0.99),
        targetMs: 100,
        baselineMs: quantile(calm, 0.99),
        baselineName: 'the same edits with nobody flooding (p99)',
        note: `p50 ${quantile(busy, 0.5).toFixed(1)} ms flooded, ${quantile(calm, 0.5).toFixed(1)} ms calm; the flooder offered ${offered} updates/s, the server took ${accepted}/s (its budget; the rest waits in its socket, nothing is dropped)`,
      });
      for (const c of [writer, reader, flooder]) c.close();
    } finally {
      await server.kill('SIGKILL');
    }
  }

  progress('team capacity: connections over rooms');
  {
    const roomsN = options.quick ? 100 : 400;
    const perRoom = 20;
    const server = await startServerProcess(['--dir', roomsDir()]);
    try {
      const rooms = Array.from({ length: roomsN }, (_, i) => `crowd-${i}`);
      const before = await serverHealth(server);
      const t0 = performance.now();
      const clients = await connectAll(server.url, rooms, perRoom, 400);
      const connectMs = performance.now() - t0;
      const health = await serverHealth(server);
      const times: number[] = [];
      for (let r = 0; r < rooms.length; r += roomsN > 200 ? 2 : 1) times.push(...(await editLatencies(clients[r]![0]!, clients[r]![perRoom - 1]!, 1, `c${r}-`)));
      const connections = roomsN * perRoom;
      rows.push({
        name: `team: ${connections.toLocaleString('en')} connections over ${roomsN} rooms, an edit seen by another member (p99)`,
        size: `${times.length} rooms sampled, ${perRoom} connections each`,
        ms: quantile(times, 0.99),
        targetMs: 100,
        note: `p50 ${quantile(times, 0.5).toFixed(1)} ms; all connected and synced in ${(connectMs / 1000).toFixed(1)} s; server ${Math.round(health.memory.rss / 1e6)} MB resident (${Math.round(before.memory.rss / 1e6)} MB before), ${Math.round((health.memory.rss - before.memory.rss) / connections / 1024)} KiB resident and ${Math.round((health.memory.perConnection ?? 0) / 1024)} KiB heap per connection; ${health.connections} connections seen by the server`,
      });
      for (const c of clients.flat()) c.close();
    } finally {
      await server.kill('SIGKILL');
    }
  }

  progress('team capacity: durable appends against the debounced store');
  {
    const writers = 16;
    const perWriter = options.quick ? 500 : 2_000;
    const window = 200;
    const load = async (server: ServerProcess): Promise<number> => {
      const clients = await Promise.all(Array.from({ length: writers }, (_, i) => RawRoomClient.connect(server.url, `append-${i}`, roomToken(`append-${i}`))));
      const t0 = performance.now();
      await Promise.all(
        clients.map(async (c) => {
          const base = c.sent;
          for (let i = 0; i < perWriter; i++) {
            // At most `window` unacknowledged at once, as a busy client keeps them.
            if (c.sent - c.acked >= window) await c.ackedUpTo(c.sent - window / 2);
            c.edit(`u${i};`);
          }
          await c.ackedUpTo(base + perWriter);
        }),
      );
      const ms = performance.now() - t0;
      for (const c of clients) c.close();
      return ms;
    };
    const durable = await startServerProcess(['--dir', roomsDir()]);
    let durableMs: number;
    try {
      durableMs = await load(durable);
    } finally {
      await durable.kill('SIGKILL');
    }
    const debounced = await startServerProcess([roomsDir()], {}, ['--import', 'tsx', join(import.meta.dirname, 'debouncedTeamServer.ts')]);
    let debouncedMs: number;
    try {
      debouncedMs = await load(debounced);
    } finally {
      await debounced.kill('SIGKILL');
    }
    const total = writers * perWriter;
    const rate = (ms: number) => Math.round((total / ms) * 1000);
    rows.push({
      name: 'team: updates acknowledged per second, each in its room’s journal (written and synced) first',
      size: `${writers} clients × ${perWriter} updates, ${window} in flight each, server in its own process`,
      ms: durableMs,
      baselineMs: debouncedMs,
      baselineName: 'the same load on the debounced store (rooms written whole every 2–10 s; a crash loses what was acknowledged since)',
      note: `${rate(durableMs)} updates/s durable (target ≥ 5,000/s), ${rate(debouncedMs)} updates/s debounced`,
    });
  }
  return rows;
}
