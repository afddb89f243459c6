/**
 * The page's side of issue 11, through the real pipeline and store with workers replaced
 * by the core functions they run: a failed inference becomes an error of the analysis (so
 * the Problems panel, markers and node badges show it), the posteriors on screen stay
 * those of the last inference that ran and are marked stale, a newer version carries the
 * error until its own inference replies, and success clears both.
 */
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import type { GaiaIr } from '../../src/core/infer/irInput.ts';
import { runInference } from '../../src/core/infer/runInference.ts';
import { diagnosticsVersion, posteriorsStale, useDocumentStore } from '../../src/store/document/documentStore.ts';
import type { InferenceClient, InferenceReply, InferenceRequest } from '../../src/store/pipeline/inferenceClient.ts';
import { corePipeline, until } from '../support/corePipeline.ts';

const SAMPLE = readFileSync(new URL('../fixtures/associate-conflict/migraine_evidence.py', import.meta.url), 'utf8');
const BROKEN = SAMPLE.replace('value=0.35', 'value=0.5');
const MOVED = BROKEN.replace('scope = note(', '# a comment\nscope = note(');
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

/** An inference worker that answers when told to, so a test can look between an analysis and its inference. */
class HeldInference implements InferenceClient {
  held = false;
  private waiting: (() => void)[] = [];
  async infer(r: InferenceRequest): Promise<InferenceReply> {
    if (this.held) await new Promise<void>((resolve) => this.waiting.push(resolve));
    return { version: r.version, result: runInference(r.ir as GaiaIr), ms: 0 };
  }
  release(): void {
    this.held = false;
    for (const go of this.waiting.splice(0)) go();
  }
}

const state = () => useDocumentStore.getState();
const analysed = (v: number) => until(() => state().analysis?.version === v, `analysis ${v}`);
const inferred = (v: number) => until(() => state().inference?.version === v, `inference ${v}`);
const errors = () => state().analysis!.diagnostics.filter((d) => d.severity === 'error');

beforeEach(() => {
  useDocumentStore.setState({
    name: 'migraine_evidence.py',
    language: 'gaia',
    editorVersion: 0,
    analysis: null,
    index: null,
    views: new Map(),
    posteriors: new Map(),
    inference: null,
    inferenceFailures: [],
    workerError: null,
  });
});

describe('a failed inference in the page', () => {
  it('is an error on the associate; the posteriors stay, marked stale; success clears both', async () => {
    const inference = new HeldInference();
    const pipeline = corePipeline(inference);

    pipeline.edit(SAMPLE);
    await inferred(1);
    expect(errors()).toEqual([]);
    expect(posteriorsStale(state())).toBe(false);
    expect(diagnosticsVersion(state())).toBe(1);
    const good = state().posteriors;
    expect(good.get('effective')).toBeGreaterThan(0);

    pipeline.edit(BROKEN);
    await inferred(2);
    expect(errors()).toHaveLength(1);
    expect(errors()[0]).toMatchObject({ code: 'lowering', subject: '@absorption_link', range: { line: lineOf(BROKEN, 'absorption_link = associate(') } });
    expect(errors()[0]!.message).toMatch(/^inference failed: associate absorption_link: the priors of absorption \(0\.8\) and effective \(0\.5\) cannot both hold/);
    expect(state().views.get('@absorption_link')!.errors).toBe(1);
    expect(state().posteriors).toBe(good); // kept, not blanked ...
    expect(posteriorsStale(state())).toBe(true); // ... and marked
    expect(state().inference!.problem).toMatch(/^associate absorption_link: /);
    expect(diagnosticsVersion(state())).toBe(2);

    // A newer version keeps the error, moved with its statement, until its own inference replies.
    inference.held = true;
    pipeline.edit(MOVED);
    await analysed(3);
    expect(errors()).toHaveLength(1);
    expect(errors()[0]!.range.line).toBe(lineOf(MOVED, 'absorption_link = associate('));
    expect(diagnosticsVersion(state())).toBe(2); // the list is complete only up to version 2
    expect(posteriorsStale(state())).toBe(true);
    inference.release();
    await inferred(3);
    expect(diagnosticsVersion(state())).toBe(3);
    expect(errors()).toHaveLength(1);

    // Back to the sample: inference runs, the error and the stale mark go.
    pipeline.edit(SAMPLE);
    await inferred(4);
    expect(errors()).toEqual([]);
    expect(posteriorsStale(state())).toBe(false);
    expect(state().posteriors).not.toBe(good);
    expect(state().posteriors.get('effective')).toBeCloseTo(good.get('effective')!, 12);
    expect(state().views.get('@absorption_link')!.errors).toBe(0);
  });
});
