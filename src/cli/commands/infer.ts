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
import type { CommandReport } from '../commandReport.ts';
import { writeReport } from '../commandReport.ts';
import type { CheckJson } from '../diagnosticReport.ts';
import { checkJson, diagnosticLine, diagnosticText, hasErrors } from '../diagnosticReport.ts';
import { LANGUAGES } from '../../node/inputLanguage.ts';
import { loadDocument, packageOptionsOf } from '../../node/loadDocument.ts';
import type { DocumentArg, LoadedDocument, PackageOptions } from '../../node/loadDocument.ts';
import type { JointDependencyIr } from '../../core/infer/jointGraph.ts';
import { GAIA_LANG_VERSION } from '../../core/export/gaiaBeliefsJson.ts';
import type { GaiaAnalysis } from '../../core/gaia/analyzeGaia.ts';
import { INFERENCE_METHODS } from '../../core/infer/inferenceResult.ts';
import type { InferenceMethod, InferenceResult } from '../../core/infer/inferenceResult.ts';
import { withGaiaInference } from '../../node/gaiaInference.ts';
import { GAIA_PACKAGE_OPTIONS } from './gaiaPackageOptions.ts';
import { maxOf } from '../../core/largeArrays.ts';
import { irWithDecisions } from '../../core/gaia/review/reviewReport.ts';
import type { GaiaIr } from '../../core/infer/irInput.ts';
import type { LogAllowances } from '../opsFile.ts';
import { LOG_FLAGS, logAllowances } from '../opsFile.ts';
import { reviewDecisionsAt } from '../reviewLogFile.ts';
import type { Reintroduction, ReintroductionFlag } from '../../core/contradiction/reintroductionFlag.ts';
import { documentReintroduction } from '../../core/contradiction/reintroductionFlag.ts';

export interface InferJson {
  /** Each belief carries its reintroduction flag (docs/contract.md §3) after the §1.2 fields. */
  readonly beliefs: readonly ({ readonly id: string; readonly stated: number; readonly derived: number | null; readonly effective: number | null } & ReintroductionFlag)[];
}

export interface InferRequest {
  readonly file: DocumentArg;
  readonly lang?: string | undefined;
  readonly pkg?: PackageOptions;
  readonly method?: InferenceMethod | undefined;
  /** `--depth N` (depthOf): 0 local inference, N levels of dependencies, −1 all. */
  readonly depth?: number;
  /** `--ops LOG.jsonl`: a Gaia package's review decisions (`warrant review`), applied before inference. */
  readonly ops?: string | undefined;
  readonly allow?: LogAllowances;
}

export async function runInfer(args: readonly string[]): Promise<number> {
  const cl = parseCommandLine('infer', args, {
    flags: ['json', ...LOG_FLAGS],
    values: { lang: LANGUAGES, method: INFERENCE_METHODS, depth: null, ops: null, ...GAIA_PACKAGE_OPTIONS },
  });
  const depth = depthOf(cl.values.get('depth'));
  if (cl.positionals.length !== 1) throw usageFailure('infer takes exactly one FILE (or - for standard input)', 'infer');
  const request = {
    file: cl.positionals[0]!,
    lang: cl.values.get('lang'),
    pkg: packageOptionsOf(cl.values),
    method: cl.values.get('method') as InferenceMethod | undefined,
    depth,
    ops: cl.values.get('ops'),
    allow: logAllowances(cl.flags, 'infer', cl.values.has('ops')),
  };
  return writeReport(await inferReport(request), cl.flags.has('json'));
}

/** CLAIR: every belief's derived confidence; Gaia: the posteriors (docs/contract.md §1.2); a document with errors: its diagnostics, exit 1. */
export async function inferReport(request: InferRequest): Promise<CommandReport<InferJson | GaiaBeliefsJson | CheckJson>> {
  const loaded = await loadDocument('infer', request.file, request.lang, request.pkg);
  const method = request.method ?? 'auto';
  // Gaia: inference runs first, so a failure is reported as `check` reports it (same code and range).
  const notes: string[] = [];
  const joint = await jointDependenciesOf(loaded, request.depth ?? 0, notes);
  if (typeof joint === 'string') {
    // Gaia stops `run infer --depth N` with exit 1 here: the package is fine, its inference cannot run.
    notes.push(`${loaded.input.name}: error: ${joint}\n`);
    return { exitCode: 1, json: null, text: () => '', notes: notes.join('') };
  }
  // Gaia: the review decisions of the session's log (`warrant review`) take rejected warrants out first.
  if (request.ops !== undefined && !loaded.gaia) throw usageFailure('--ops is for a Gaia package: the review decisions of a session’s log (warrant review)', 'infer');
  const decisions = request.ops === undefined ? [] : await reviewDecisionsAt(request.ops, request.allow);
  if (decisions === null) return { exitCode: 1, json: null, text: () => '', notes: notes.join('') };
  const ir = loaded.gaia ? irWithDecisions(loaded.gaia.irJson() as unknown as GaiaIr, decisions) : undefined;
  const { doc, result } = withGaiaInference(loaded, method, ir, joint);

  if (hasErrors([doc])) return { exitCode: 1, json: checkJson([doc]), text: () => diagnosticText([doc]), notes: notes.join('') };
  for (const d of doc.analysis.diagnostics) notes.push(diagnosticLine(doc.input.name, d) + '\n');

  // The document's open contradictions flag what is printed (no log here: nothing is resolved).
  const flags = documentReintroduction(doc.analysis.graph);
  if (doc.gaia && result) return inferGaia(doc.gaia, result, doc.input.name, notes, flags);

  const beliefs = doc.analysis.derived.map(({ id, stated, derived, effective }) => flags.stamp({ id, stated, derived, effective }, id));
  return {
    exitCode: 0,
    json: { beliefs } satisfies InferJson,
    text: () =>
      beliefTable(beliefs) +
      caveatLines(
        beliefs.map((b) => b.id),
        flags,
      ),
    notes: notes.join(''),
  };
}

/** Gaia's beliefs.json, as `infer --json` prints it for a package. */
export interface GaiaBeliefsJson {
  /** Gaia's fields, then each claim's reintroduction flag (docs/contract.md §3). */
  readonly beliefs: readonly (InferenceResult['beliefs'][number] & ReintroductionFlag)[];
  readonly diagnostics: InferenceResult['diagnostics'];
  readonly gaia_lang_version: string;
  readonly ir_hash: string;
}

/**
 * Gaia: posterior beliefs in the shape of Gaia's beliefs.json (docs/contract.md §1.2), sorted by
 * knowledge_id, helper claims included; or a table. A failed inference (inconsistent
 * evidence, a strategy Gaia's lowering refuses) never reaches here: it is an error
 * diagnostic (src/core/infer/inferenceDiagnostics.ts), printed as `check` prints it, exit 1.
 */
function inferGaia(gaia: GaiaAnalysis, result: InferenceResult, name: string, notes: string[], flags: Reintroduction): CommandReport<GaiaBeliefsJson> {
  const ir = gaia.irJson();
  for (const p of result.problems) notes.push(`${name}: warning ${p.code}: ${p.message}\n`);
  const beliefs = result.beliefs.map((b) => flags.stamp(b, b.knowledge_id));
  const json: GaiaBeliefsJson = { beliefs, diagnostics: result.diagnostics, gaia_lang_version: GAIA_LANG_VERSION, ir_hash: ir.ir_hash };
  const label = (k: string) => k.split('::').pop()!;
  return {
    exitCode: 0,
    json,
    text: () =>
      gaiaBeliefTable(gaia, result) +
      caveatLines(
        result.beliefs.map((b) => b.knowledge_id),
        flags,
        label,
      ),
    notes: notes.join(''),
  };
}

/** The readable form's inline caveats (docs/contract.md §3): one line per flagged item, after the table. */
function caveatLines(keys: readonly string[], flags: Reintroduction, name: (key: string) => string = (k) => k): string {
  const lines = keys.flatMap((k) => {
    const f = flags.flagOf(k);
    return f.caveat ? [`⚠ ${name(k)}: ${f.caveat}`] : [];
  });
  return lines.length > 0 ? `\n${lines.join('\n')}\n` : '';
}

/**
 * The user's claims first, then the helper claims Gaia generated (the page hides those
 * until asked): each group in knowledge_id order, as in --json.
 */
function gaiaBeliefTable(gaia: GaiaAnalysis, result: InferenceResult): string {
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
  return header + body + footer;
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
async function jointDependenciesOf(doc: LoadedDocument, depth: number, notes: string[]): Promise<readonly JointDependencyIr[] | undefined | string> {
  if (depth === 0) return undefined;
  if (!doc.files || !doc.gaia) throw usageFailure('--depth is for a Gaia package read from its folder (joint inference with the packages it depends on)', 'infer');
  const { jointDependencies } = await import('../../core/gaia/jointDependencies.ts');
  const joint = jointDependencies(doc.files, doc.dependencies ?? new Map(), depth);
  if (!joint.ok) return joint.message;
  if (joint.dependencies.length === 0) notes.push(`${doc.input.name}: no Gaia dependencies; running local inference only\n`);
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
