import { expose, wrap } from 'comlink';
import { afterAll, describe, expect, it } from 'vitest';
import { generateTrace } from '../../bench/generateTrace.ts';
import { createLayoutApi } from '../../workers/layoutApi.ts';
import type { LayoutApi } from '../../workers/layout.worker.ts';
import { movedIds } from './layoutGeometry.ts';
import { textInput } from './layoutInputs.ts';

const TRACE = generateTrace(120);
const grown = `${TRACE}b121 .5 L0 @self <b120 "so it follows"\n`;

describe('layout worker API', () => {
  // The same object the worker exposes, reached through comlink over a real message
  // channel, so results must survive structured cloning.
  const channel = new MessageChannel();
  expose(createLayoutApi({ warmUpAfterFirstLayoutMs: null }), channel.port1);
  const remote = wrap<LayoutApi>(channel.port2);
  afterAll(() => {
    channel.port1.close();
    channel.port2.close();
  });

  it('echoes the version and builds on the previous layout of the same document', async () => {
    const first = await remote.layout({ version: 1, documentKey: 'a', input: textInput(TRACE) });
    expect(first.version).toBe(1);
    expect(first.method).toBe('elk');
    expect(Object.keys(first.positions)).toHaveLength(120);
    const second = await remote.layout({ version: 2, documentKey: 'a', input: textInput(grown) });
    expect(second.version).toBe(2);
    expect(second.method).toBe('incremental');
    expect(movedIds(first.positions, second.positions)).toEqual([]);
  });

  it('keeps documents apart', async () => {
    const other = await remote.layout({ version: 7, documentKey: 'b', input: textInput(grown) });
    expect(other.method).toBe('elk');
    const back = await remote.layout({ version: 3, documentKey: 'a', input: textInput(grown) });
    expect(back.method).toBe('cached');
  });

  it('forget drops a document, force re-lays it out', async () => {
    await remote.forget('a');
    const fresh = await remote.layout({ version: 4, documentKey: 'a', input: textInput(grown) });
    expect(fresh.method).toBe('elk');
    expect(fresh.moved).toBe(0);
    const tidy = await remote.layout({ version: 5, documentKey: 'a', input: textInput(grown), force: true });
    expect(tidy.method).toBe('elk');
  });

  it('answers a malformed request with an empty layout instead of failing', async () => {
    const result = await createLayoutApi({ warmUpAfterFirstLayoutMs: null }).layout({ version: 9, documentKey: 'x', input: null } as never);
    expect(result).toMatchObject({ version: 9, positions: {}, moved: 0 });
  });

  it('warms up without error', async () => {
    await expect(remote.warmUp()).resolves.toBeUndefined();
  });
});
