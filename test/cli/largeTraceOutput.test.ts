/**
 * Issue 42, item 8: `infer` and `cascade` print a 135k-belief trace whole. Their text
 * tables took a column's width as `Math.max(...widths)`, one call argument per belief,
 * and past about 100k arguments V8 throws "Maximum call stack size exceeded" — the
 * command exited 2 with an internal error. Through the real binary, text and --json.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTrace } from '../../bench/generateTrace.ts';
import type { CascadeJson } from '../../src/cli/commands/cascade.ts';
import type { InferJson } from '../../src/cli/commands/infer.ts';
import type { WarrantRun } from './support/runWarrant.ts';
import { hasStackTrace, runWarrant } from './support/runWarrant.ts';

const BELIEFS = 135_000;
const LAST = `b${BELIEFS}`;
/** A run takes 1–2 s here (about 3 s on a loaded 2-core machine); a slower one still passes. */
const TIMEOUT_MS = 60_000;

let dir = '';
let trace = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'warrant-large-'));
  trace = join(dir, 'large.clair');
  writeFileSync(trace, generateTrace(BELIEFS));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function expectClean(run: WarrantRun): void {
  expect(run.stderr).toBe('');
  expect(hasStackTrace(run.stderr)).toBe(false);
  expect(run.code).toBe(0);
}

describe(`a trace of ${BELIEFS} beliefs`, () => {
  it(
    'infer: the table has a row for every belief, then the legend',
    async () => {
      const run = await runWarrant(['infer', trace]);
      expectClean(run);
      const lines = run.stdout.trimEnd().split('\n');
      // Header, one row per belief, a blank line, the legend.
      expect(lines).toHaveLength(BELIEFS + 3);
      expect(lines[0]).toMatch(/^id\s+stated\s+derived\s+effective\s+band$/);
      expect(lines[1]).toMatch(/^b1 /);
      expect(lines[BELIEFS]).toMatch(new RegExp(`^${LAST} `));
      expect(lines[BELIEFS + 2]).toMatch(/^bands: /);
      // Every row is as wide as the widest id: the columns line up.
      expect(new Set(lines.slice(1, BELIEFS + 1).map((l) => l.indexOf('.')))).toHaveProperty('size', 1);
    },
    TIMEOUT_MS,
  );

  it(
    'infer --json: every belief',
    async () => {
      const run = await runWarrant(['infer', trace, '--json']);
      expectClean(run);
      const json = JSON.parse(run.stdout) as InferJson;
      expect(json.beliefs).toHaveLength(BELIEFS);
      expect(json.beliefs[BELIEFS - 1]!.id).toBe(LAST);
    },
    TIMEOUT_MS,
  );

  it(
    'cascade --refute: the operation, then the state of every belief',
    async () => {
      const run = await runWarrant(['cascade', trace, '--refute', 'b1']);
      expectClean(run);
      const lines = run.stdout.trimEnd().split('\n');
      expect(lines[0]).toBe('refute b1');
      const states = lines.slice(lines.indexOf('states:') + 1);
      expect(states).toHaveLength(BELIEFS);
      expect(states[0]).toMatch(/^ {2}b1 +refuted$/);
      expect(states[BELIEFS - 1]).toMatch(new RegExp(`^ {2}${LAST} +[a-z]+$`));
      // The ids are padded to one width, so the states start in one column.
      expect(new Set(states.map((l) => l.search(/[a-z]+$/)))).toHaveProperty('size', 1);
    },
    TIMEOUT_MS,
  );

  it(
    'cascade --refute --json: every belief has a state',
    async () => {
      const run = await runWarrant(['cascade', trace, '--refute', 'b1', '--json']);
      expectClean(run);
      const json = JSON.parse(run.stdout) as CascadeJson;
      expect(json.ops).toHaveLength(1);
      expect(Object.keys(json.states)).toHaveLength(BELIEFS);
      expect(json.states[LAST]).toBeDefined();
    },
    TIMEOUT_MS,
  );
});
