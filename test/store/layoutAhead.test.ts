/**
 * A new shape's layout is asked for as soon as its analysis arrives, before the page
 * takes that analysis in, even while newer keys already wait: every analysis is shown
 * (the analysis channel is progressive), and a layout asked for only after it was taken
 * in would be read from the validation worker behind the next key's analysis and reach
 * the page after that one, a shape already left. Typed continuously, the graph would then
 * stand still until the keys paused.
 */
import type { Remote } from 'comlink';
import { describe, expect, it } from 'vitest';
import { generateTrace } from '../../bench/generateTrace.ts';
import { DocumentPipeline } from '../../src/store/pipeline/documentPipeline.ts';
import { useDocumentStore } from '../../src/store/document/documentStore.ts';
import type { LayoutApi } from '../../workers/layout.worker.ts';
import type { ValidationApi } from '../../workers/validation.worker.ts';
import { createValidationApi } from '../../workers/validationApi.ts';

const state = () => useDocumentStore.getState();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A draft layout asked for: its version, and the version of the analysis on the page then. */
interface Asked {
  readonly version: number;
  readonly shown: number | null;
}

function slowPipeline(analysisMs: number, asked: Asked[]): DocumentPipeline {
  const real = createValidationApi() as unknown as Record<string, (...args: unknown[]) => unknown>;
  // One thread, as the worker is: calls run in the order sent, and each analysis takes
  // longer than the gap between keys, so every one is overtaken.
  let queue: Promise<unknown> = Promise.resolve();
  const validation = new Proxy(real, {
    get:
      (target, key: string) =>
      (...args: unknown[]) => {
        const run = queue.then(async () => {
          if (key === 'analyzeHeldText') await sleep(analysisMs);
          return target[key]!(...args);
        });
        queue = run.catch(() => undefined);
        return run;
      },
  }) as unknown as Remote<ValidationApi>;
  const layout = {
    layoutOf: async (r: { version: number; draft: boolean }) => {
      if (r.draft) asked.push({ version: r.version, shown: state().analysis?.version ?? null });
      return { positions: {}, method: 'cached', ms: 0, moved: 0, version: r.version };
    },
    forget: async () => undefined,
    hold: async () => undefined,
  } as unknown as Remote<LayoutApi>;
  return new DocumentPipeline(validation, layout, null);
}

describe('layouts asked for ahead while keys keep coming', () => {
  it('each new shape shown while a belief is typed had its layout asked for before the page took it in', async () => {
    const asked: Asked[] = [];
    const pipeline = slowPipeline(12, asked);
    let text = `${generateTrace(60, 5)}\n`;
    pipeline.edit(text);
    await pipeline.whenCurrent();
    const pasted = state().analysis!.version;
    const shapes: number[] = [];
    const unsubscribe = useDocumentStore.subscribe((s, prev) => {
      if (s.analysis && s.analysis !== prev.analysis && s.analysis.structureKey !== prev.analysis?.structureKey) shapes.push(s.analysis.version);
    });
    // A new belief, key by key, a key every 3 ms: its id and justification change the shape.
    for (const ch of 'b61 .5 L0 @self <b59,b60 "typed fast"') {
      const offset = text.length;
      text += ch;
      pipeline.editChanges([{ offset, length: 0, text: ch }], text.length, () => text);
      await sleep(3);
    }
    const last = (await pipeline.whenCurrent()).version;
    unsubscribe();
    const between = shapes.filter((v) => v > pasted && v < last);
    // The keys came faster than the analyses: several shapes were shown on the way.
    expect(between.length).toBeGreaterThan(1);
    for (const v of between) {
      const ask = asked.find((a) => a.version === v);
      expect(ask, `the layout of version ${v} was asked for`).toBeDefined();
      expect(ask!.shown === null || ask!.shown < v, `version ${v}'s layout was asked for while ${ask!.shown} was shown`).toBe(true);
    }
    expect(state().graphVersion).toBe(last);
  });
});

/**
 * A large text's layout is asked for ahead, with its analysis; the layout worker then asks
 * the validation worker for the input by a channel of its own, and that question can reach
 * it before the analysis does: answered with nothing. The graph must still be drawn.
 */
describe('a layout asked for ahead and answered with nothing', () => {
  function pipelineMissingFirstAhead(nullArrives: 'before the analysis' | 'after the analysis') {
    const asked: { version: number; inputAhead: boolean }[] = [];
    let missed = false;
    const layout = {
      layoutOf: async (r: { version: number; inputAhead?: boolean }) => {
        asked.push({ version: r.version, inputAhead: r.inputAhead === true });
        if (r.inputAhead && !missed) {
          missed = true;
          if (nullArrives === 'after the analysis') while (state().analysis?.version !== r.version) await sleep(2);
          return null;
        }
        return { positions: {}, method: 'cached', ms: 0, moved: 0, version: r.version };
      },
      forget: async () => undefined,
      hold: async () => undefined,
    } as unknown as Remote<LayoutApi>;
    const pipeline = new DocumentPipeline(createValidationApi() as unknown as Remote<ValidationApi>, layout, null);
    return { pipeline, asked };
  }

  it.each(['before the analysis', 'after the analysis'] as const)('arriving %s: the layout is asked for again and the graph drawn', async (nullArrives) => {
    const { pipeline, asked } = pipelineMissingFirstAhead(nullArrives);
    let beliefs = 1000;
    let text = generateTrace(beliefs, 5);
    while (text.length < 200 * 1024) text = generateTrace((beliefs *= 2), 5);
    // As a document is opened: nothing of an earlier one is on the page.
    pipeline.resetDocument();
    const version = pipeline.edit(text);
    await pipeline.whenCurrent();
    for (let i = 0; i < 500 && state().graphVersion < version; i++) await sleep(5);
    expect(state().graphVersion).toBe(version);
    expect(asked[0]).toEqual({ version, inputAhead: true });
    // Asked once more, not in a loop.
    expect(asked.filter((a) => a.version === version)).toHaveLength(2);
  });
});
