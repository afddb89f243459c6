/**
 * One language through its analyzer from the language table, as the validation worker
 * and the command line run it. Inputs: random text, random runs of the language's
 * tokens, grammar-aware documents, and mutations of the samples (bit flips, deletions,
 * duplications, splices, long digit runs). Checks: nothing throws or hangs (the
 * harness); every range in the analysis (diagnostics, graph, symbols, outline) lies in
 * the text; no number is NaN or Infinity and a stated confidence or a posterior is a
 * number; Gaia: inference over a package without errors gives posteriors in [0, 1]; a
 * proposal that passes the gates emits exactly the script it asks for.
 */
import type { Rng } from '../core/rng.ts';
import type { FuzzTarget, Problem } from '../core/target.ts';
import { generatorTarget, problem } from '../core/target.ts';
import type { Language } from '../../src/core/graph/reasoningGraph.ts';
import { analyzerOf } from '../../src/core/languages/languageAnalyzers.ts';
import { languageRow } from '../../src/core/languages/languageTable.ts';
import { symbolsOf } from '../../src/core/analysis/symbolsOf.ts';
import { runInference } from '../../src/core/infer/runInference.ts';
import type { GaiaIr } from '../../src/core/infer/irInput.ts';
import { outputProblems, requireNumber } from '../checks/outputRules.ts';
import { expectedOf, scriptProblems } from '../checks/smtlibStructure.ts';
import { CLAIR_TOKENS, clairDocument } from '../generators/clairDocs.ts';
import { GAIA_HEADER, GAIA_TOKENS, gaiaDocument } from '../generators/gaiaDocs.ts';
import { mutate, randomText, tokenSoup } from '../generators/mutate.ts';
import { jsonText, PROPOSAL_TOKENS, proposalObject } from '../generators/proposalDocs.ts';
import { samplesOf } from '../generators/samples.ts';

export type Origin = 'random' | 'tokens' | 'grammar' | 'mutation';

export interface LanguageInput {
  readonly text: string;
  /** How it was made (for reading a finding). */
  readonly origin: Origin;
}

const FILE_NAMES: Readonly<Record<Language, string>> = { clair: 'fuzz.clair', gaia: 'fuzz_pkg.py', proposal: 'fuzz.json', mnema: 'fuzz.mnema' };

/** Pieces of a Mnema log's lines: the envelope's fields, bodies, and the numbers and strings they hold. */
const MNEMA_TOKENS = [
  '{"v":1,',
  '"session":"s",',
  '"seq":0,',
  '"parent":null,',
  '"body":{"kind":"evidence","source":"calendar","payload":{},"observed_at":"2025-03-04T07:00:00Z"}',
  '"kind":"claim"',
  '"inputs":[]',
  '"confidence":1e999',
  '"sig":"',
  '}',
  '\n',
  '"\\u',
  '[',
  ']',
];

export function tokensOf(language: Language): readonly string[] {
  return language === 'clair' ? CLAIR_TOKENS : language === 'gaia' ? GAIA_TOKENS : language === 'mnema' ? MNEMA_TOKENS : PROPOSAL_TOKENS;
}

export function grammarDocument(rng: Rng, language: Language): string {
  if (language === 'clair') return clairDocument(rng);
  if (language === 'gaia') return gaiaDocument(rng);
  // A real log with its lines shuffled, cut and repeated: ops out of order, missing parents, second roots.
  if (language === 'mnema') return shuffledLines(rng, rng.pick(samplesOf('mnema')));
  return jsonText(rng, proposalObject(rng));
}

export function generateText(rng: Rng, language: Language): LanguageInput {
  const origin = rng.weighted([
    [1, 'random'],
    [2, 'tokens'],
    [3, 'grammar'],
    [4, 'mutation'],
  ] as const);
  const tokens = tokensOf(language);
  switch (origin) {
    case 'random':
      return { text: randomText(rng), origin };
    case 'tokens':
      return { text: (language === 'gaia' && rng.chance(0.7) ? GAIA_HEADER : '') + tokenSoup(rng, tokens), origin };
    case 'grammar':
      return { text: grammarDocument(rng, language), origin };
    default: {
      const samples = samplesOf(language);
      const start = rng.chance(0.7) ? rng.pick(samples) : grammarDocument(rng, language);
      return { text: mutate(rng, start, tokens, samples), origin };
    }
  }
}

/** Every check of one analysis of `text`. */
export function languageProblems(language: Language, text: string): Problem[] {
  const result = analyzerOf(language).analyze(text, { version: 1, previous: null, now: () => 0, fileName: FILE_NAMES[language], forInference: true });
  const problems: Problem[] = [];
  // Ranges and numbers everywhere the page or the CLI shows something.
  problems.push(...outputProblems(result.analysis, text, 'analysis'));
  const symbols = result.symbols ?? symbolsOf(result.document);
  problems.push(...outputProblems(symbols, text, 'symbols'));
  for (const [i, d] of result.analysis.derived.entries()) requireNumber(d.stated, `analysis.derived[${i}].stated`, problems);

  if (language === 'gaia' && result.analysis.ir !== undefined && !result.analysis.diagnostics.some((d) => d.severity === 'error') && result.analysis.graph.nodes.length <= 300) {
    const inferred = runInference(result.analysis.ir as GaiaIr, { method: 'auto' });
    problems.push(...outputProblems(inferred, text, 'infer'));
    for (const [i, b] of inferred.beliefs.entries()) {
      requireNumber(b.belief, `infer.beliefs[${i}].belief`, problems);
      if (typeof b.belief === 'number' && (b.belief < 0 || b.belief > 1)) problems.push(problem('invalid-output', 'posterior-range', `infer.beliefs[${i}].belief is ${b.belief}, outside [0, 1]`));
    }
  }
  if (language === 'proposal' && result.proposal) problems.push(...emittedScriptProblems(text, result.proposal.gate, result.proposal.smtlib, result.proposal.mode));
  return problems;
}

/** A proposal the gates passed: its script is exactly what its JSON asks for. */
export function emittedScriptProblems(text: string, gate: string | null, smtlib: string | null, mode: 'entailment' | 'model' | 'consistency' | null): Problem[] {
  if (gate !== null) return smtlib === null ? [] : [problem('silent-accept', 'script-despite-gate', `the ${gate} gate failed, yet a script was emitted`)];
  if (smtlib === null || mode === null) return [problem('invalid-output', 'no-script', 'every gate passed, yet no script (or no mode) came out')];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return [problem('silent-accept', 'accepted-non-json', `the gates passed a text JSON.parse refuses (${(e as Error).message.slice(0, 80)})`)];
  }
  const expected = expectedOf(json, mode);
  if (!expected) return [problem('silent-accept', 'accepted-non-proposal', 'the gates passed JSON that has no declarations and assertions arrays')];
  return scriptProblems(smtlib, expected);
}

export function languageTarget(language: Language): FuzzTarget<LanguageInput> {
  return generatorTarget({
    name: language,
    description: `${languageRow(language).name} through its analyzer: random text, tokens, grammar-aware documents, mutated samples; ranges, numbers, inference${language === 'proposal' ? ', emitted script' : ''}`,
    generate: (rng) => generateText(rng, language),
    check: (input) => languageProblems(language, input.text),
  });
}

function shuffledLines(rng: Rng, text: string): string {
  const lines = text.split('\n');
  const out: string[] = [];
  for (let i = rng.int(lines.length + 1); i > 0; i--) out.push(rng.pick(lines));
  return out.join('\n');
}
