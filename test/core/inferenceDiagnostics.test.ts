/**
 * A failed Gaia inference is a diagnostic (issue 11): the problem names the IR objects it
 * comes from, and inferenceDiagnostics places it on the statement that wrote the first of
 * them, with the labels the author wrote — one rule for the page and the command line.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeGaia } from '../../src/core/gaia/analyzeGaia.ts';
import type { Diagnostic } from '../../src/core/text/diagnostic.ts';
import { describeInferenceProblem, inferenceDiagnostics, withInferenceDiagnostics, withInferenceFailures } from '../../src/core/infer/inferenceDiagnostics.ts';
import type { GaiaIr, IrKnowledge, IrStrategy } from '../../src/core/infer/irInput.ts';
import { runInference } from '../../src/core/infer/runInference.ts';
import { analyzeDocument } from '../../src/core/analysis/analyzeDocument.ts';

const SAMPLE = readFileSync(new URL('../fixtures/associate-conflict/migraine_evidence.py', import.meta.url), 'utf8');
/** The edit of issue 11: register_prior(effective, value=0.35) → 0.5, which the associate's conditionals do not allow. */
const BROKEN = SAMPLE.replace('value=0.35', 'value=0.5');
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

function infer(text: string) {
  const gaia = analyzeGaia(text, { fileStem: 'migraine_evidence' });
  const result = runInference(gaia.irForInference() as unknown as GaiaIr);
  return { gaia, result, diagnostics: inferenceDiagnostics(result.problems, gaia.graph) };
}

describe('a failed inference names what it comes from', () => {
  it('the sample infers: no problem, no diagnostic', () => {
    const { gaia, result, diagnostics } = infer(SAMPLE);
    expect(gaia.accepted).toBe(true);
    expect(result.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(result.beliefs.length).toBeGreaterThan(0);
    expect(diagnostics).toEqual([]);
  });

  it('the associate whose endpoint priors disagree: its strategy first, then both endpoints', () => {
    const { gaia, result } = infer(BROKEN);
    expect(gaia.accepted).toBe(true); // Gaia compiles it; only its inference refuses
    expect(result.beliefs).toEqual([]);
    const [problem, ...rest] = result.problems;
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ severity: 'error', code: 'lowering' });
    const strategy = gaia.graph.nodes.find((n) => n.id === '@absorption_link')!.qid!;
    expect(problem!.subjects).toEqual([strategy, 'local:migraine_evidence::absorption', 'local:migraine_evidence::effective']);
  });

  it('becomes one error on the associate statement, in the author’s labels', () => {
    const { diagnostics } = infer(BROKEN);
    expect(diagnostics).toHaveLength(1);
    const d = diagnostics[0]!;
    const start = lineOf(BROKEN, 'absorption_link = associate(');
    expect(d).toMatchObject({ severity: 'error', code: 'lowering', subject: '@absorption_link' });
    expect(d.range).toEqual({ line: start, column: 1, endLine: lineOf(BROKEN, 'label="absorption_link"') + 1, endColumn: 2 });
    // In plain words: which claims, which priors, why they clash and what would settle it (issue 43).
    expect(d.message).toBe(
      'inference failed: associate absorption_link: the priors of absorption (0.8) and effective (0.5) cannot both hold: ' +
        'it says P(absorption | effective) = 0.96 and P(effective | absorption) = 0.42, ' +
        "and Bayes' rule then needs P(absorption) × 0.42 = P(effective) × 0.96, but that is 0.336 against 0.48. " +
        "To make them consistent, set effective's prior to 0.35 (keeping absorption at 0.8), or remove one of the two priors and let the associate imply it.",
    );
    expect(d.message).not.toMatch(/lcs_|local:/);
  });

  it('the status bar’s wording is the same message without the prefix', () => {
    const { gaia, result } = infer(BROKEN);
    expect(describeInferenceProblem(result.problems[0]!, gaia.graph)).toMatch(/^associate absorption_link: the priors of absorption \(0\.8\) and effective \(0\.5\)/);
  });

  it('a problem that names nothing known (inconsistent evidence) goes on line 1, with no subject', () => {
    const { gaia } = infer(SAMPLE);
    const [d] = inferenceDiagnostics([{ severity: 'error', code: 'inconsistent-evidence', message: 'every assignment has zero weight' }], gaia.graph);
    expect(d).toEqual({ severity: 'error', code: 'inconsistent-evidence', message: 'inference failed: every assignment has zero weight', range: { line: 1, column: 1, endLine: 1, endColumn: 1 } });
  });

  it('warnings are not repeated: the analysis already reports them', () => {
    const { gaia } = infer(SAMPLE);
    expect(inferenceDiagnostics([{ severity: 'warning', code: 'associate-maxent-closure', message: 'x' }], gaia.graph)).toEqual([]);
  });
});

describe('lowering blames the strategy it was lowering', () => {
  const q = (label: string) => `t:pkg::${label}`;
  const claim = (label: string, prior?: number): IrKnowledge => ({ id: q(label), label, type: 'claim', metadata: prior === undefined ? {} : { prior } });

  it('a strategy Gaia cannot lower names its id', () => {
    const s: IrStrategy = { strategy_id: 'lcs_x', type: 'deduction', premises: [q('a')], conclusion: q('b') };
    const { problems } = runInference({ knowledges: [claim('a', 0.5), claim('b')], strategies: [s], operators: [] });
    expect(problems).toMatchObject([{ severity: 'error', code: 'lowering', subjects: ['lcs_x'] }]);
  });

  it('an associate that implies a marginal outside (0, 1) names the strategy and its endpoints', () => {
    const s: IrStrategy = { strategy_id: 'lcs_y', type: 'associate', premises: [q('a'), q('b')], conclusion: q('h'), p_a_given_b: 0.9, p_b_given_a: 0.1 };
    const { problems } = runInference({ knowledges: [claim('a'), claim('b', 0.9), claim('h')], strategies: [s], operators: [] });
    expect(problems).toMatchObject([{ severity: 'error', code: 'lowering', subjects: ['lcs_y', q('a'), q('b')] }]);
    expect(problems[0]!.message).toContain(`makes the prior of ${q('a')} 8.1`);
  });
});

describe('merging into the analysis', () => {
  const other: Diagnostic = { severity: 'warning', code: 'near-duplicate', message: 'm', range: { line: 3, column: 1, endLine: 3, endColumn: 4 } };

  it('replaces earlier inference findings, keeps everything else, in diagnostic order', () => {
    const { diagnostics: findings } = infer(BROKEN);
    const merged = withInferenceDiagnostics([other], findings);
    expect(merged).toEqual([other, ...findings]);
    expect(withInferenceDiagnostics(merged, [])).toEqual([other]);
    const none: readonly Diagnostic[] = [other];
    expect(withInferenceDiagnostics(none, [])).toBe(none);
  });

  it('places carried failures in the newer version’s text, and leaves an analysis alone when nothing changes', () => {
    const { result } = infer(BROKEN);
    // Two lines inserted above: the carried error follows the associate to its new place.
    const moved = BROKEN.replace('scope = note(', '# one\n# two\nscope = note(');
    const analysis = analyzeDocument(moved, 'gaia', 7, Date.now, { fileName: 'migraine_evidence.py' });
    const next = withInferenceFailures(analysis, result.problems);
    const d = next.diagnostics.find((x) => x.code === 'lowering')!;
    expect(d.range.line).toBe(lineOf(moved, 'absorption_link = associate('));
    expect(withInferenceFailures(analysis, [])).toBe(analysis);
  });
});
