/**
 * Incremental analysis against a fresh one. Chains of edits (keystrokes, pastes, cuts,
 * and line breaks moved into and out of strings and comments with the line count kept)
 * applied to a document; after each edit:
 * - CLAIR: `analyzeClair(new, previousParse)` — the path every keystroke takes, chained
 *   as the validation worker chains it — must equal `analyzeClair(new)`: diagnostics,
 *   graph and derived values, deep-equal;
 * - every language: the page's copy, built by applying the validation worker's patches
 *   (AnalysisSession → applyPatch), must equal a from-scratch `analyzeDocument(new)`.
 */
import type { Rng } from '../core/rng.ts';
import type { Problem } from '../core/target.ts';
import { generatorTarget, problem } from '../core/target.ts';
import type { Language } from '../../src/core/graph/reasoningGraph.ts';
import { analyzeClair } from '../../src/core/clair/analyzeClair.ts';
import type { ClairDocument } from '../../src/core/clair/ast.ts';
import { AnalysisSession } from '../../src/core/analysis/analysisSession.ts';
import { applyPatch } from '../../src/core/analysis/analysisPatch.ts';
import type { AnalysisView } from '../../src/core/analysis/documentAnalysis.ts';
import { analyzeDocument } from '../../src/core/analysis/analyzeDocument.ts';
import { firstDifference } from '../checks/deepEqual.ts';
import { clairDocument, clairLine } from '../generators/clairDocs.ts';
import { editChain, editOnce } from '../generators/editChains.ts';
import { clairEditPair, editClairText } from '../generators/clairEdits.ts';
import { gaiaDocument } from '../generators/gaiaDocs.ts';
import { jsonText, proposalObject } from '../generators/proposalDocs.ts';
import { samplesOf } from '../generators/samples.ts';

export interface IncrementalInput {
  readonly language: Language;
  /** The document, then the document after each edit. */
  readonly texts: readonly string[];
}

const FILE_NAMES: Readonly<Record<Language, string>> = { clair: 'fuzz.clair', gaia: 'fuzz_pkg.py', proposal: 'fuzz.json', mnema: 'fuzz.mnema' };

function start(rng: Rng, language: Language): string {
  const samples = samplesOf(language);
  if (rng.chance(0.4)) return rng.pick(samples);
  if (language === 'clair') return clairDocument(rng, 30);
  if (language === 'gaia') return gaiaDocument(rng, 15);
  if (language === 'mnema') return rng.pick(samples);
  return jsonText(rng, proposalObject(rng));
}

function lineMaker(rng: Rng, language: Language): () => string {
  if (language === 'clair') return () => clairLine(rng, rng.int(20));
  if (language === 'gaia') return () => rng.pick(['x = claim("X.")', 'd = derive("D.", given=[x])', '# note', '', 'register_prior(x, value=0.5)', '    y = note("indented")']);
  return () => rng.pick(['{', '}', '"op": "and",', '  { "op": "const", "name": "c0" },', '', '"args": [']);
}

export function generateChain(rng: Rng): IncrementalInput {
  // CLAIR is the language with a reusing parser: most chains are CLAIR.
  const language = rng.weighted([
    [8, 'clair'],
    [1, 'gaia'],
    [1, 'proposal'],
  ] as const);
  if (language !== 'clair') return { language, texts: editChain(rng, start(rng, language), lineMaker(rng, language), samplesOf(language)) };
  // CLAIR: the shared edit-pair generator (fuzz/generators/clairEdits.ts: line breaks moved
  // into and out of strings and comments, LF/CR/CRLF swapped, the line count kept nine
  // times in ten), on its own documents or ours, chained with this file's edits (pastes,
  // cuts, whole lines, select-all-and-type).
  const draw = () => rng.next();
  if (rng.chance(0.3)) {
    const pair = clairEditPair(draw);
    return { language, texts: [pair.old, pair.new] };
  }
  const texts = [start(rng, language)];
  const lines = lineMaker(rng, language);
  for (let i = 0, n = rng.range(1, 4); i < n; i++) {
    const last = texts[texts.length - 1]!;
    texts.push(rng.chance(0.6) ? editClairText(draw, last, rng.chance(0.9)) : editOnce(rng, last, lines, samplesOf(language)));
  }
  return { language, texts };
}

const withoutTiming = (a: AnalysisView): AnalysisView => ({ ...a, stats: { ...a.stats, analyzeMs: 0 } });

export function incrementalProblems(input: IncrementalInput): Problem[] {
  const { language, texts } = input;
  const problems: Problem[] = [];
  if (language === 'clair') {
    let previous: ClairDocument = analyzeClair(texts[0]!).document;
    for (let i = 1; i < texts.length; i++) {
      const incremental = analyzeClair(texts[i]!, previous);
      const fresh = analyzeClair(texts[i]!);
      for (const part of ['diagnostics', 'graph', 'derived'] as const) {
        const d = firstDifference(incremental[part], fresh[part], part);
        if (d) {
          problems.push(problem('divergence', `reparse-${part}`, `after edit ${i} of ${texts.length - 1}, the incremental analysis differs from a fresh one: ${d} (incremental vs fresh)`));
          break;
        }
      }
      previous = incremental.document;
      if (problems.length > 0) return problems;
    }
  }
  // The page's copy, patched edit by edit, against a fresh analysis.
  const session = new AnalysisSession(() => 0);
  let held: AnalysisView | null = null;
  for (let i = 0; i < texts.length; i++) {
    const version = i + 1;
    const patch = session.analyze({ version, text: texts[i]!, language, baseVersion: held?.version ?? null, fileName: FILE_NAMES[language] });
    held = applyPatch(held, patch);
    if (!held) return [problem('divergence', 'patch-refused', `after edit ${i}, the patch for version ${version} did not apply to the page's copy`)];
    const { symbols: _symbols, ...fresh } = analyzeDocument(texts[i]!, language, version, () => 0, { fileName: FILE_NAMES[language] });
    const d = firstDifference(withoutTiming(held), withoutTiming(fresh), 'analysis');
    if (d) return [problem('divergence', 'patched-analysis', `after edit ${i} of ${texts.length - 1}, the page's patched analysis differs from a fresh one: ${d} (patched vs fresh)`)];
  }
  return problems;
}

export const incrementalTarget = generatorTarget<IncrementalInput>({
  name: 'incremental',
  description: "edit chains (line breaks moved into/out of strings and comments, line count kept): incremental CLAIR parse and the page's patched analysis vs a fresh analysis",
  generate: generateChain,
  check: incrementalProblems,
});

/**
 * One edit pair per input, CLAIR only, the reusing parse against a fresh one: the
 * cheapest form of the law, so a run can count edit pairs by the million.
 */
export const incrementalPairsTarget = generatorTarget<IncrementalInput>({
  name: 'incremental-pairs',
  description: 'single CLAIR edit pairs from clairEdits (line breaks moved into/out of strings and comments, line count kept): analyzeClair(new, old parse) vs analyzeClair(new)',
  generate: (rng) => {
    const pair = clairEditPair(() => rng.next());
    return { language: 'clair', texts: [pair.old, pair.new] };
  },
  check: (input) => {
    const incremental = analyzeClair(input.texts[1]!, analyzeClair(input.texts[0]!).document);
    const fresh = analyzeClair(input.texts[1]!);
    for (const part of ['diagnostics', 'graph', 'derived'] as const) {
      const d = firstDifference(incremental[part], fresh[part], part);
      if (d) return [problem('divergence', `reparse-${part}`, `the incremental analysis differs from a fresh one: ${d} (incremental vs fresh)`)];
    }
    return [];
  },
});
