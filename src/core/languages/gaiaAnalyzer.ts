/**
 * Gaia packages — one module, or a package's files — run and compiled as Gaia would,
 * drawn as a factor graph.
 */
import type { GaiaAnalysis } from '../gaia/analyzeGaia.ts';
import { analyzeGaia, analyzeGaiaPackage } from '../gaia/analyzeGaia.ts';
import type { PackageFiles } from '../gaia/package/packageLayout.ts';
import { structureKey } from '../graph/structureKey.ts';
import type { AnalyzeContext, LanguageAnalysis, LanguageAnalyzer } from './languageAnalyzer.ts';
import { fileStemOf } from './languageAnalyzer.ts';

export const gaiaAnalyzer: LanguageAnalyzer = {
  analyze(text, context) {
    const started = context.now();
    const a = analyzeGaia(text, { ...context.packageOptions, fileStem: fileStemOf(context.fileName) });
    return languageAnalysis(a, text.split('\n').length, started, context);
  },
  print: null,
};

/** A whole package from its files (root-relative paths), as the folder Gaia loads. */
export function analyzeGaiaPackageFiles(files: PackageFiles, dependencies: ReadonlyMap<string, PackageFiles>, context: AnalyzeContext): LanguageAnalysis {
  const started = context.now();
  const a = analyzeGaiaPackage(files, { ...context.packageOptions }, dependencies);
  let lines = 0;
  for (const m of a.run.modules) lines += m.file === null ? 0 : m.source.lines.length;
  return languageAnalysis(a, lines, started, context);
}

function languageAnalysis(a: GaiaAnalysis, lines: number, started: number, { version, now, forInference = true }: AnalyzeContext): LanguageAnalysis {
  return {
    analysis: {
      version,
      language: 'gaia',
      graph: a.graph,
      diagnostics: a.diagnostics,
      derived: [],
      structureKey: structureKey(a.graph),
      stats: { lines, nodes: a.graph.nodes.length, edges: a.graph.edges.length, analyzeMs: now() - started },
      // No ir_hash on every keystroke: it costs more than the rest of the analysis. A
      // package with errors has no IR to infer over: Gaia would not compile it, and what
      // was read of it may hold numbers no probability is (a prior of 1e999).
      ...(forInference && a.accepted ? { ir: a.irForInference() } : {}),
    },
    document: null,
    symbols: a.symbols,
    gaia: a,
  };
}
