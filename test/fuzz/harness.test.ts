/**
 * The fuzz harness itself (fuzz/): every target runs a few hundred inputs from a fixed
 * seed, the same inputs every time, without crashing or hanging; the harness counts a
 * throw as a crash, a slow check (twice) as a hang and returned problems by kind; the
 * checks catch what they are for (a range past the text, a smuggled SMT-LIB command); the
 * runner's command line and `--replay` work through the worker thread.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTarget } from '../../fuzz/core/runTarget.ts';
import type { Finding } from '../../fuzz/core/runTarget.ts';
import type { FuzzTarget } from '../../fuzz/core/target.ts';
import { generatorTarget, problem } from '../../fuzz/core/target.ts';
import { Rng } from '../../fuzz/core/rng.ts';
import { loadTarget, TARGET_NAMES } from '../../fuzz/targets/index.ts';
import { outputProblems } from '../../fuzz/checks/outputRules.ts';
import { expectedOf, scriptProblems } from '../../fuzz/checks/smtlibStructure.ts';
import { checkProposal } from '../../src/core/proposal/index.ts';
import { baseProposal, textOf } from '../support/proposalFixtures.ts';
import { repoRoot } from '../support/sharedReference.ts';

/** Inputs per target: a few hundred for the fast ones, fewer where one input is a whole edit chain or a signed log. */
const INPUTS: Readonly<Record<string, number>> = { clair: 300, gaia: 120, proposal: 300, incremental: 60, 'proposal-injection': 300, oplog: 40 };

describe('every target, a few hundred inputs from a fixed seed', () => {
  for (const name of TARGET_NAMES) {
    it(`${name}: runs, never crashes or hangs, and is deterministic`, { timeout: 120_000 }, async () => {
      const target = await loadTarget(name);
      const n = INPUTS[name] ?? 100;
      const seen: string[] = [];
      const findings: Finding[] = [];
      const { counts } = await runTarget(target, { seed: 12, maxInputs: n, hangMs: 10_000, beforeCheck: (_i, input) => seen.push(JSON.stringify(input)), onFinding: (f) => findings.push(f) });
      expect(counts.inputs).toBe(n);
      expect(seen).toHaveLength(n);
      expect(findings.filter((f) => f.kind === 'crash' || f.kind === 'hang')).toEqual([]);
      for (const f of findings) {
        expect(f.target).toBe(name);
        expect(f.message.length).toBeGreaterThan(0);
        expect(JSON.parse(JSON.stringify(f.input))).toEqual(f.input);
      }
      // The same seed draws the same inputs (checked on a prefix, without checking them).
      const again: string[] = [];
      await target.run(new Rng(12), { more: () => again.length < 20, test: async (input) => void again.push(JSON.stringify(input)) });
      expect(again).toEqual(seen.slice(0, 20));
    });
  }
});

describe('the harness counts what goes wrong', () => {
  const planted: FuzzTarget<number> = generatorTarget({
    name: 'planted',
    description: 'a target with planted failures',
    generate: (rng) => rng.int(10),
    check: (n) => {
      if (n === 0) throw new Error('boom');
      if (n === 1) {
        const until = performance.now() + 30;
        while (performance.now() < until);
      }
      if (n === 2) return [problem('divergence', 'two', 'two differs')];
      if (n === 3) return [problem('silent-accept', 'three', 'three accepted'), problem('invalid-output', 'three-b', 'and invalid')];
      return [];
    },
  });

  it('crashes, hangs, divergences, silent accepts and invalid outputs, each input counted once per kind', async () => {
    const findings: Finding[] = [];
    const { counts } = await runTarget(planted as FuzzTarget, { seed: 3, maxInputs: 200, hangMs: 20, onFinding: (f) => findings.push(f) });
    const drawn: number[] = [];
    const rng = new Rng(3);
    for (let i = 0; i < 200; i++) drawn.push(rng.int(10));
    const count = (v: number) => drawn.filter((x) => x === v).length;
    expect(counts.inputs).toBe(200);
    expect(counts.crash).toBe(count(0));
    expect(counts.hang).toBe(count(1));
    expect(counts.divergence).toBe(count(2));
    expect(counts['silent-accept']).toBe(count(3));
    expect(counts['invalid-output']).toBe(count(3));
    const crash = findings.find((f) => f.kind === 'crash')!;
    expect(crash.message).toMatch(/^Error: boom/);
    expect(crash.input).toBe(0);
    expect(findings.find((f) => f.kind === 'hang')!.code).toBe('slow-input');
  });

  it('stops at the time budget', async () => {
    const { counts, elapsedMs } = await runTarget(planted as FuzzTarget, { seed: 3, timeMs: 200, hangMs: 10_000 });
    expect(counts.inputs).toBeGreaterThan(0);
    expect(elapsedMs).toBeLessThan(5_000);
  });
});

describe('the checks', () => {
  it('a range past the end of its text is an invalid output; a range on a line a lone CR starts is not', () => {
    const inside = { diagnostics: [{ code: 'syntax', range: { line: 1, column: 1, endLine: 1, endColumn: 3 } }] };
    const past = { diagnostics: [{ code: 'syntax', range: { line: 1, column: 2, endLine: 1, endColumn: 4 } }] };
    expect(outputProblems(inside, '"\\', 'a')).toEqual([]);
    const found = outputProblems(past, '"\\', 'a');
    expect(found).toHaveLength(1);
    expect(found[0]!.code).toBe('range-outside-text:a.diagnostics[].range:syntax');
    expect(outputProblems({ range: { line: 2, column: 1, endLine: 2, endColumn: 2 } }, 'a\rb', 'a')).toEqual([]);
    expect(
      outputProblems({ value: Infinity, n: [1, NaN] }, '', 'a')
        .map((p) => p.code)
        .sort(),
    ).toEqual(['non-finite-number:a.n[]', 'non-finite-number:a.value']);
  });

  it('the emitted script of a good proposal has the expected structure; a smuggled command does not', () => {
    const text = textOf(baseProposal());
    for (const mode of ['entailment', 'model', 'consistency'] as const) {
      const r = checkProposal(text, { mode });
      expect(r.gate).toBeNull();
      const expected = expectedOf(JSON.parse(text), mode)!;
      expect(scriptProblems(r.smtlib!, expected)).toEqual([]);
      const codes = (script: string) => scriptProblems(script, expected).map((p) => p.code);
      expect(codes(r.smtlib!.replace('(check-sat)', '(exit)\n(check-sat)'))).toContain('smtlib-command-structure');
      expect(codes(r.smtlib!.replace('(childOf Ana Maria)', '(childOf Ana |Maria|)'))).toContain('smtlib-body-quoted');
      expect(codes(r.smtlib!.replace('(childOf Ana Maria)', '(childOf Ana evil)'))).toContain('smtlib-undeclared-symbol');
      expect(codes(r.smtlib!.replace('(childOf Ana Maria)', '(childOf Ana ; x\n Maria)'))).toContain('smtlib-comment-placement');
      expect(codes(r.smtlib!.replace(':named fact_child', ':named fact_childx'))).toContain('smtlib-assertion-id');
    }
  });
});

function runFuzz(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(repoRoot, 'fuzz', 'run.ts'), ...args], { cwd: repoRoot });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the runner (npm run fuzz)', () => {
  it('runs a target in a worker and prints its row; --replay reproduces a finding file', { timeout: 120_000 }, async () => {
    const out = mkdtempSync(join(tmpdir(), 'warrant-fuzz-'));
    const run = await runFuzz(['--target', 'clair', '--inputs', '40', '--seconds', '60', '--seed', '5', '--out', out]);
    expect(run.stderr).not.toMatch(/Error/);
    expect(run.stdout).toMatch(/^target\s+inputs\s+crashes\s+hangs\s+divergences\s+silent accepts\s+invalid outputs/m);
    expect(run.stdout).toMatch(/^clair\s+40\s/m);
    expect([0, 1]).toContain(run.code);

    const file = join(out, 'hand-made.json');
    writeFileSync(
      file,
      JSON.stringify({
        format: 'warrant.fuzz-finding.v1',
        target: 'clair',
        kind: 'invalid-output',
        code: 'x',
        message: 'x',
        seed: 0,
        index: 0,
        input: { text: 'b1 .5 L0 @user "a"\n', origin: 'grammar' },
      }),
    );
    const replay = await runFuzz(['--replay', file]);
    expect(replay.stdout).toMatch(/now: passes/);
    expect(replay.code).toBe(0);
    for (const name of readdirSync(out).filter((n) => n !== 'hand-made.json' && n !== 'summary.json')) {
      expect(JSON.parse(readFileSync(join(out, name), 'utf8')).format).toBe('warrant.fuzz-finding.v1');
    }
  });

  it('a usage mistake exits 2', async () => {
    const run = await runFuzz(['--target', 'nope']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/no target "nope"/);
  });
});
