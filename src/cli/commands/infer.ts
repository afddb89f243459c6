/**
 * `warrant infer FILE [--json]`: for CLAIR, the derived confidence of every belief
 * under the confidence algebra (docs/contract.md §1.2), in document order. A document with
 * errors prints its diagnostics as `check` does and exits 1; warnings go to stderr
 * and do not stop it.
 */
import { bandLegend, bandOf } from '../../core/graph/confidenceBands.ts';
import type { DerivedConfidence } from '../../core/clair/derivedConfidence.ts';
import { parseCommandLine } from '../commandLine.ts';
import { usageFailure } from '../../node/cliFailure.ts';
import { checkJson, diagnosticLine, diagnosticText, hasErrors } from '../diagnosticReport.ts';
import { LANGUAGES } from '../../node/inputLanguage.ts';
import { loadDocument, packageOptionsOf } from '../../node/loadDocument.ts';
import type { LoadedDocument } from '../../node/loadDocument.ts';
import type { JointDependencyIr } from '../../core/infer/jointGraph.ts';
import { GAIA_LANG_VERSION } from '../../core/export/gaiaBeliefsJson.ts';
import type { GaiaAnalysis } from '../../core/gaia/analyzeGaia.ts';
import { INFERENCE_METHODS } from '../../core/infer/inferenceResult.ts';
import type { InferenceMethod, InferenceResult } from '../../core/infer/inferenceResult.ts';
import { withGaiaInference } from '../../node/gaiaInference.ts';
import { writeStderr, writeStdout } from '../output.ts';
import { GAIA_PACKAGE_OPTIONS } from './gaiaPackageOptions.ts';
import { maxOf } from '../../core/largeArrays.ts';

export interface InferJson {
  readonly beliefs: readonly { readonly id: string; readonly stated: number; readonly derived: number | null; readonly effective: number | null }[];
}

export async function runInfer(args: readonly string[]): Promise<number> {
  const cl = parseCommandLine('infer', args, {
    flags: ['json'],
    values: { lang: LANGUAGES, method: INFERENCE_METHODS, depth: null, ...GAIA_PACKAGE_OPTIONS },
  });
  const depth = depthOf(cl.values.get('depth'));
  if (cl.positionals.length !== 1) throw usageFailure('infer takes exactly one FILE (or - for standard input)', 'infer');
  const json = cl.flags.has('json');
  const loaded = await loadDocument('infer', cl.positionals[0]!, cl.values.get('lang'), packageOptionsOf(cl.values));
  const method = (cl.values.get('method') ?? 'auto') as InferenceMethod;
  // Gaia: inference runs first, so a failure is reported as `check` reports it (same code and range).
  const joint = await jointDependenciesOf(loaded, depth);
  if (typeof joint === 'string') {
    // Gaia stops `run infer --depth N` with exit 1 here: the package is fine, its inference cannot run.
    await writeStderr(`${loaded.input.name}: error: ${joint}\n`);
    return 1;
  }
  const { doc, result } = withGaiaInference(loaded, method, loaded.gaia?.irJson(), joint);

  if (hasErrors([doc])) {
    await writeStdout(json ? JSON.stringify(checkJson([doc])) + '\n' : diagnosticText([doc]));
    return 1;
  }
  const warnings = doc.analysis.diagnostics.map((d) => diagnosticLine(doc.input.name, d) + '\n').join('');
  await writeStderr(warnings);

  if (doc.gaia && result) return inferGaia(doc.gaia, result, json, doc.input.name);

  const beliefs = doc.analysis.derived.map(({ id, stated, derived, effective }) => ({ id, stated, derived, effective }));
  await writeStdout(json ? JSON.stringify({ beliefs } satisfies InferJson) + '\n' : beliefTable(beliefs));
  return 0;
}

/**
 * Gaia: posterior beliefs in the shape of Gaia's beliefs.json (docs/contract.md §1.2), sorted by
 * knowledge_id, helper claims included; or a table. A failed inference (inconsistent
 * evidence, a strategy Gaia's lowering refuses) never reaches here: it is an error
 * diagnostic (src/core/infer/inferenceDiagnostics.ts), printed as `check` prints it, exit 1.
 */
async function inferGaia(gaia: GaiaAnalysis, result: InferenceResult, json: boolean, name: string): Promise<number> {
  const ir = gaia.irJson();
  for (const p of result.problems) await writeStderr(`${name}: warning ${p.code}: ${p.message}\n`);
  if (json) {
    const payload = { beliefs: result.beliefs, diagnostics: result.diagnostics, gaia_lang_version: GAIA_LANG_VERSION, ir_hash: ir.ir_hash };
    await writeStdout(JSON.stringify(payload) + '\n');
    return 0;
  }
  // The user's claims first, then the helper claims Gaia generated (the page hides those
  // until asked): each group in knowledge_id order, as in --json.
  // A user's claim is one the graph draws as a claim; every other variable (a warrant, a
  // relation's or a formula's result) is one Gaia made.
  const claims = new Set(gaia.graph.nodes.flatMap((n) => (n.kind === 'claim' && !n.helper && n.qid !== undefined ? [n.qid] : [])));
  const row = (b: (typeof result.beliefs)[number]) => [b.label ?? b.knowledge_id.split('::').pop()!, b.belief.toFixed(4)] as const;
  const own = result.beliefs.filter((b) => claims.has(b.knowledge_id)).map(row);
  const generated = result.beliefs.filter((b) => !claims.has(b.knowledge_id)).map(row);
  const width = maxOf(
    [...own, ...generated].map((r) => r[0].length),
    5,
  );
  const d = result.diagnostics;
  const header = `${'claim'.padEnd(width)}  belief\n`;
  const lines = (rows: readonly (readonly [string, string])[]) => rows.map(([l, b]) => `${l.padEnd(width)}  ${b}`);
  const body = [...lines(own), ...(generated.length > 0 ? ['', 'helper claims (generated by Gaia)', ...lines(generated)] : [])].join('\n');
  const footer = `\n\nmethod ${d.method}${d.treewidth !== null ? `, treewidth ${d.treewidth}` : ''}, ${d.iterations_run} iteration${d.iterations_run === 1 ? '' : 's'}, ${d.converged ? 'converged' : 'not converged'}\n`;
  await writeStdout(header + body + footer);
  return 0;
}

/** `--depth N` as Gaia reads it: 0 local inference (the default), N levels of dependencies, −1 all. */
function depthOf(value: string | undefined): number {
  if (value === undefined) return 0;
  if (!/^-?\d+$/.test(value.trim()) || Number(value) < -1) throw usageFailure(`--depth takes a whole number: 0 (local inference), N (dependencies N levels deep) or -1 (all), not "${value}"`, 'infer');
  return Number(value);
}

/**
 * The dependency graphs `--depth N` merges (src/core/gaia/jointDependencies.ts). Gaia
 * says when there are none and runs local inference; a dependency that cannot be found
 * or compiled is the message that stops the command.
 */
async function jointDependenciesOf(doc: LoadedDocument, depth: number): Promise<readonly JointDependencyIr[] | undefined | string> {
  if (depth === 0) return undefined;
  if (!doc.files || !doc.gaia) throw usageFailure('--depth is for a Gaia package read from its folder (joint inference with the packages it depends on)', 'infer');
  const { jointDependencies } = await import('../../core/gaia/jointDependencies.ts');
  const joint = jointDependencies(doc.files, doc.dependencies ?? new Map(), depth);
  if (!joint.ok) return joint.message;
  if (joint.dependencies.length === 0) await writeStderr(`${doc.input.name}: no Gaia dependencies; running local inference only\n`);
  return joint.dependencies;
}

/** A readable table: id, stated, derived, effective, and the band of the effective value. */
export function beliefTable(beliefs: readonly DerivedConfidence[]): string {
  if (beliefs.length === 0) return 'no beliefs\n';
  const rows = beliefs.map((b) => [b.id, fixed(b.stated), fixed(b.derived), fixed(b.effective), b.effective === null ? '–' : bandOf(b.effective)]);
  const head = ['id', 'stated', 'derived', 'effective', 'band'];
  const widths = head.map((h, i) =>
    maxOf(
      rows.map((r) => r[i]!.length),
      h.length,
    ),
  );
  // Text columns left-aligned, numbers right-aligned.
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === 0 || i === 4 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  const legend = `bands: ${bandLegend()}`;
  return [line(head), ...rows.map(line), '', legend].join('\n') + '\n';
}

function fixed(x: number | null): string {
  return x === null ? '–' : x.toFixed(3);
}
