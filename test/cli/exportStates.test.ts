/**
 * `warrant export --to svg|dot|graphml --ops LOG.jsonl`: the session's states in the
 * picture and the graph files, the log read as `explain --ops` reads it; `--to png`
 * refused (the command line has no rasteriser); `--helpers` for Gaia's helper claims.
 * And the law the page and the command line share: for the same document, log and
 * positions, the page's path (the session over the validation worker, its lifecycle
 * store) and the command line's (the log written out, verified, replayed) make the same
 * SVG, DOT and GraphML.
 */
import { reintroductionOfEntries } from '../../src/core/contradiction/reintroductionFlag.ts';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { exporterOf } from '../../src/core/export/exporterTable.ts';
import type { ExportFormat, ExportSources } from '../../src/core/export/exporterTable.ts';
import { layoutFastLayered } from '../../src/core/layout/fastLayered.ts';
import { toLayoutInput } from '../../src/core/layout/toLayoutInput.ts';
import { generateDeviceKey } from '../../src/core/oplog/deviceKey.ts';
import type { OperationBody, SignedOperation } from '../../src/core/oplog/operation.ts';
import { appendSigned } from '../../src/core/oplog/signOperation.ts';
import type { UserAction } from '../../src/core/oplog/userAction.ts';
import { cliExportSources } from '../../src/cli/exportSources.ts';
import { loadDocument } from '../../src/node/loadDocument.ts';
import { useDocumentStore } from '../../src/store/document/documentStore.ts';
import { sessionStatesShown, useLifecycleStore } from '../../src/store/session/lifecycleStore.ts';
import { CONTRACT_TRACE } from '../support/contractTrace.ts';
import { openPageSession } from '../support/pageSession.ts';
import { readPicture } from '../support/svgPicture.ts';
import { hasStackTrace, runWarrant } from './support/runWarrant.ts';

let dir = '';
const path = (name: string) => join(dir, name);

function signedLog(bodies: OperationBody[]): SignedOperation[] {
  const key = generateDeviceKey(new Uint8Array(32).fill(5));
  const out: SignedOperation[] = [];
  for (const body of bodies) out.push(appendSigned({ session: 's', last: out.at(-1) ?? null }, body, key, { at: '2026-01-01T00:00:00Z' }));
  return out;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'warrant-export-states-'));
  // The property below reads logs in this process: the heads it remembers stay here, not in the home folder.
  process.env.WARRANT_STATE_DIR = join(dir, 'state');
  writeFileSync(path('t.clair'), CONTRACT_TRACE);
  const log = signedLog([
    { kind: 'claim_refutation', target: 'b2', revision: null },
    { kind: 'claim_correction', target: 'b5', value: 0.4, revision: null },
    // Not a belief of the trace: verified, but skipped as `explain --ops` skips it.
    { kind: 'claim_refutation', target: 'b99', revision: null },
  ]);
  // Headless, read with --allow-headless: these tests are about the states drawn, not the log's end.
  writeFileSync(path('log.jsonl'), log.map((op) => JSON.stringify(op)).join('\n') + '\n');
});

const EXPECTED_STATES = { b1: 'active', b2: 'refuted', b3: 'active', b4: 'invalidated', b5: 'corrected', b6: 'invalidated', b7: 'invalidated' };

describe('warrant export with --ops', () => {
  it('--to svg shows the states the log leaves, and says which ops did not apply', async () => {
    const r = await runWarrant(['export', path('t.clair'), '--to', 'svg', '--ops', path('log.jsonl'), '--allow-headless']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('warning: the log has no signed head');
    expect(r.stderr).toMatch(/warrant: op b3:[0-9a-f]{64} does not apply to .*t\.clair, skipped: /);
    const picture = readPicture(r.stdout);
    expect(Object.fromEntries(picture.nodes.map((n) => [n.id, n.state]))).toEqual(EXPECTED_STATES);
    expect(picture.nodes.find((n) => n.id === 'b5')!.texts).toContain('✎ corrected');
  });

  it('--to dot and --to graphml carry the states as attributes', async () => {
    const [dot, graphml] = await Promise.all(['dot', 'graphml'].map((f) => runWarrant(['export', path('t.clair'), '--to', f, '--ops', path('log.jsonl'), '--allow-headless'])));
    expect([dot!.code, graphml!.code]).toEqual([0, 0]);
    for (const [id, state] of Object.entries(EXPECTED_STATES)) {
      expect(dot!.stdout).toMatch(new RegExp(`"${id}" \\[[^\\n]*state="${state}"`));
      expect(graphml!.stdout).toMatch(new RegExp(`<node id="${id}">[\\s\\S]*?<data key="state">${state}</data>`));
    }
    expect(dot!.stdout).toContain('corrected="0.4"');
    expect(graphml!.stdout).toContain('<data key="corrected">0.4</data>');
  });

  it('without --ops every belief is active', async () => {
    const r = await runWarrant(['export', path('t.clair'), '--to', 'svg']);
    expect(r.code).toBe(0);
    expect(new Set(readPicture(r.stdout).nodes.map((n) => n.state))).toEqual(new Set(['active']));
  });
});

describe('what the command line refuses', () => {
  it('--to png: no rasteriser here, so a usage error naming the way to get one; nothing written', async () => {
    const r = await runWarrant(['export', path('t.clair'), '--to', 'png', '--out', path('t.png')]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('warrant: export --to png draws the picture into pixels, which needs a browser');
    expect(r.stderr).toContain('export --to svg');
    expect(hasStackTrace(r.stderr)).toBe(false);
    expect(existsSync(path('t.png'))).toBe(false);
  });

  it('--helpers and --ops where a format does not take them', async () => {
    const [helpers, ops] = await Promise.all([
      runWarrant(['export', path('t.clair'), '--to', 'dot', '--helpers']),
      runWarrant(['export', path('t.clair'), '--to', 'json', '--ops', path('log.jsonl')]),
    ]);
    expect([helpers.code, ops.code]).toEqual([2, 2]);
    expect(helpers.stderr).toContain('warrant: --helpers is for export --to svg');
    expect(ops.stderr).toContain('warrant: --ops is for export --to dot, graphml, svg, explanations or oplog');
  });
});

describe('a Gaia picture from the command line', () => {
  it('hides helper claims unless --helpers, and shows the posteriors infer computes', async () => {
    const sample = join(import.meta.dirname, '../../public/samples/pendulum_period.py');
    const [hidden, shown, infer] = await Promise.all([
      runWarrant(['export', sample, '--to', 'svg']),
      runWarrant(['export', sample, '--to', 'svg', '--helpers']),
      runWarrant(['infer', sample, '--json']),
    ]);
    expect([hidden.code, shown.code, infer.code]).toEqual([0, 0, 0]);
    const h = readPicture(hidden.stdout);
    const s = readPicture(shown.stdout);
    expect(h.nodes.filter((n) => n.kind === 'helper')).toEqual([]);
    expect(s.nodes.filter((n) => n.kind === 'helper').length).toBeGreaterThan(0);
    const beliefs = (JSON.parse(infer.stdout) as { beliefs: { label: string; belief: number }[] }).beliefs;
    const swings = beliefs.find((b) => b.label === 'swings_together')!.belief;
    expect(h.nodes.find((n) => n.id === 'swings_together')!.texts).toContain(String(Number(swings.toFixed(3))));
  }, 60_000);
});

type Op = ['refute' | 'retract' | 'withdraw', string] | ['correct', string, number];
const actionOf = (op: Op): UserAction => (op[0] === 'correct' ? { kind: 'correct', target: op[1], value: op[2], source: 'inspector' } : { kind: op[0], target: op[1], source: 'graph' });

/** A random DAG of CLAIR beliefs: each rests on up to three earlier ones. */
const randomTrace = fc
  .integer({ min: 2, max: 8 })
  .chain((n) =>
    fc
      .tuple(...Array.from({ length: n }, (_, i) => fc.uniqueArray(fc.integer({ min: 0, max: Math.max(0, i - 1) }), { maxLength: i === 0 ? 0 : Math.min(3, i) })))
      .map((js) => js.map((list, i) => `b${i + 1} .${9 - (i % 5)} L0 @self ${list.length ? '<' + list.map((j) => `b${j + 1}`).join(',') + ' ' : ''}"belief ${i + 1}"`).join('\n') + '\n'),
  );
const randomOps = (n: number) =>
  fc.array(
    fc.oneof(
      fc.tuple(
        fc.constantFrom<'refute' | 'retract' | 'withdraw'>('refute', 'retract', 'withdraw'),
        fc.integer({ min: 1, max: n }).map((i) => `b${i}`),
      ) as fc.Arbitrary<Op>,
      fc.tuple(
        fc.constant<'correct'>('correct'),
        fc.integer({ min: 1, max: n }).map((i) => `b${i}`),
        fc.integer({ min: 0, max: 100 }).map((v) => v / 100),
      ) as fc.Arbitrary<Op>,
    ),
    { minLength: 1, maxLength: 6 },
  );

const FORMATS: readonly ExportFormat[] = ['svg', 'dot', 'graphml'];

describe('the page and the command line make the same exports', () => {
  it('for the same trace, log and positions: SVG, DOT and GraphML byte for byte', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(
        randomTrace.chain((text) => randomOps(text.split('\n').length - 1).map((ops) => ({ text, ops }))),
        async ({ text, ops }) => {
          // The page: each action previewed and committed as a person does; refused ones dropped.
          const page = await openPageSession(text);
          for (const op of ops) {
            await page.preview(actionOf(op));
            if (useLifecycleStore.getState().preview?.refusal) page.controller.cancelPreview();
            else await page.commit();
          }
          const analysis = useDocumentStore.getState().analysis!;
          const layout = { positions: layoutFastLayered(toLayoutInput(analysis.graph)), title: 'doc.clair', showHelpers: false };
          const pageSources: Partial<ExportSources> = {
            analysis: { graph: analysis.graph, derived: analysis.derived, diagnostics: analysis.diagnostics },
            layout,
            states: sessionStatesShown(useLifecycleStore.getState()),
            posteriors: useDocumentStore.getState().posteriors,
            reintroduction: reintroductionOfEntries(analysis.graph, useLifecycleStore.getState().contradictions),
          };

          // The command line: the session's log as `export --to oplog` writes it, read back by --ops.
          const run = ++runs;
          writeFileSync(path(`doc-${run}.clair`), text);
          writeFileSync(path(`doc-${run}.oplog.jsonl`), await page.controller.oplogJsonLines());
          const doc = await loadDocument('export', path(`doc-${run}.clair`), undefined);
          const { sources, logBroken } = await cliExportSources(['analysis', 'states', 'posteriors', 'reintroduction'], doc, { opsPath: path(`doc-${run}.oplog.jsonl`) });
          expect(logBroken).toBe(false);
          for (const format of FORMATS) {
            const fromPage = await exporterOf(format).run(pageSources);
            const fromCli = await exporterOf(format).run({ ...sources, layout });
            expect(fromCli, format).toEqual(fromPage);
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 180_000);
});

// The files written are real exports: keep one for a person to open.
it('writes an SVG a browser can open', async () => {
  const out = path('states.svg');
  const r = await runWarrant(['export', path('t.clair'), '--to', 'svg', '--ops', path('log.jsonl'), '--allow-headless', '--out', out]);
  expect(r.code).toBe(0);
  expect(readFileSync(out, 'utf8')).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
});
