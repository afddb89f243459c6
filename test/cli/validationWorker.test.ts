/**
 * The validation worker's API, called directly and through a real worker_threads
 * worker with comlink (the same path the benchmark measures).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startValidationWorker } from '../../bench/startValidationWorker.ts';
import { createValidationApi } from '../../workers/validationApi.ts';

const TEXT = 'b1  1 L0 @user "a"\nb2 .9 L0 @self <b1 <b1 "b"\nb3 .5 L0 @self <b9 "c"\n';

describe('createValidationApi', () => {
  const api = createValidationApi();

  it('analyze returns the analysis of that version, then patches against it', () => {
    const a = api.analyze({ version: 7, text: TEXT, language: 'clair', baseVersion: null });
    expect(a.version).toBe(7);
    expect(a.baseVersion).toBeNull();
    expect(a.nodes.map((n) => n.id)).toEqual(['b1', 'b2', 'b3']);
    expect(a.diagnostics.map((d) => d.code)).toEqual(['unknown-ref']);
    const b = api.analyze({ version: 8, text: TEXT.replace('"c"', '"see"'), language: 'clair', baseVersion: 7 });
    expect(b.baseVersion).toBe(7);
    expect(b.nodes.map((n) => n.id)).toEqual(['b3']);
    expect(b.order).toBeNull();
    expect(b.edges).toBeNull();
  });

  it('answers symbol look-ups for a version it has', () => {
    api.analyze({ version: 9, text: TEXT, language: 'clair', baseVersion: null });
    expect(api.symbolAt(9, 2, 18)).toMatchObject({ id: 'b1', kind: 'justification' });
    expect(api.usesOf(9, 'b1')?.map((u) => u.kind)).toEqual(['definition', 'justification', 'justification']);
    expect(api.symbolAt(1234, 1, 1)).toBeNull();
  });

  it('format prints canonical CLAIR, and null for languages without a printer', () => {
    expect(api.format(TEXT, 'clair')).toBe('b1 1 L0 @user "a"\nb2 .9 L0 @self <b1 "b"\nb3 .5 L0 @self <b9 "c"\n');
    expect(api.format('x = 1', 'gaia')).toBeNull();
  });
});

describe('the validation API in a worker thread', () => {
  const worker = startValidationWorker();
  afterAll(() => worker.close());

  it('answers analyze and format through comlink', async () => {
    const a = await worker.api.analyze({ version: 3, text: TEXT, language: 'clair', baseVersion: null });
    expect(a.version).toBe(3);
    expect(a.diagnostics.map((d) => d.code)).toEqual(['unknown-ref']);
    expect(a.derived.map((d) => d.id)).toEqual(['b1', 'b2', 'b3']);
    expect(await worker.api.format(TEXT, 'clair')).toBe(createValidationApi().format(TEXT, 'clair'));
  });
});
