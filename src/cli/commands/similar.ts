/**
 * `warrant similar FILE (ID | --query TEXT) [--strategy hrr|hdc] [-k N] [--json]`:
 * the beliefs most like one belief (left out of its own ranking) or like free text,
 * ranked by vector-symbolic similarity — HRR cosine (D = 1024) or binary HDC
 * 1 − Hamming/D (D = 10,000). ID is a CLAIR belief id, or a Gaia label or full QID.
 * JSON: {"strategy","dim","query":{"id"?,"text"},"results":[{"id","score","text"}]}.
 * A document with errors: exit 1 with its diagnostics, as `check`.
 */
import { SimilaritySession } from '../../core/analysis/similaritySession.ts';
import type { GraphNode } from '../../core/graph/reasoningGraph.ts';
import { defaultDim, SIMILARITY_STRATEGIES } from '../../core/vsa/strategy.ts';
import type { SimilarityStrategy } from '../../core/vsa/strategy.ts';
import { CliFailure, usageFailure } from '../../node/cliFailure.ts';
import { parseCommandLine } from '../commandLine.ts';
import type { CommandReport } from '../commandReport.ts';
import { writeReport } from '../commandReport.ts';
import type { CheckJson } from '../diagnosticReport.ts';
import { checkJson, diagnosticText, hasErrors } from '../diagnosticReport.ts';
import { LANGUAGES } from '../../node/inputLanguage.ts';
import { loadDocument, packageOptionsOf } from '../../node/loadDocument.ts';
import type { DocumentArg, PackageOptions } from '../../node/loadDocument.ts';
import { GAIA_PACKAGE_OPTIONS } from './gaiaPackageOptions.ts';
import { maxOf } from '../../core/largeArrays.ts';
import type { ReintroductionFlag } from '../../core/contradiction/reintroductionFlag.ts';
import { documentReintroduction } from '../../core/contradiction/reintroductionFlag.ts';

const DEFAULT_K = 10;

export interface SimilarJson {
  readonly strategy: SimilarityStrategy;
  readonly dim: number;
  /** A query naming a belief carries that belief's reintroduction flag (docs/contract.md §3). */
  readonly query: { readonly id?: string; readonly text: string } & Partial<ReintroductionFlag>;
  readonly results: readonly ({ readonly id: string; readonly score: number; readonly text: string } & ReintroductionFlag)[];
}

export async function runSimilar(args: readonly string[]): Promise<number> {
  const cl = parseCommandLine('similar', args, {
    flags: ['json'],
    values: { query: null, strategy: SIMILARITY_STRATEGIES, k: null, lang: LANGUAGES, ...GAIA_PACKAGE_OPTIONS },
    short: { k: 'k' },
  });
  const query = cl.values.get('query');
  if (cl.positionals.length < 1) throw usageFailure('similar takes a FILE (or -) and a belief ID or --query TEXT', 'similar');
  if (cl.positionals.length > 2) throw usageFailure('similar takes one FILE and at most one belief ID', 'similar');
  const [file, id] = cl.positionals as [string, string | undefined];
  if (id === undefined && query === undefined) throw usageFailure('similar needs a belief ID or --query TEXT', 'similar');
  if (id !== undefined && query !== undefined) throw usageFailure('similar takes a belief ID or --query TEXT, not both', 'similar');
  const request: SimilarRequest = {
    file,
    ...(id !== undefined ? { id } : { query: query! }),
    k: parseK(cl.values.get('k')),
    strategy: cl.values.get('strategy') as SimilarityStrategy | undefined,
    lang: cl.values.get('lang'),
    pkg: packageOptionsOf(cl.values),
  };
  return writeReport(await similarReport(request), cl.flags.has('json'));
}

/** Exactly one of `id` (a belief, left out of its own ranking) and `query` (free text). */
export interface SimilarRequest {
  readonly file: DocumentArg;
  readonly id?: string;
  readonly query?: string;
  /** The top k (default 10). */
  readonly k?: number;
  readonly strategy?: SimilarityStrategy | undefined;
  readonly lang?: string | undefined;
  readonly pkg?: PackageOptions;
}

/** The beliefs most like one belief or a text, ranked; a document with errors: its diagnostics, exit 1. */
export async function similarReport(request: SimilarRequest): Promise<CommandReport<SimilarJson | CheckJson>> {
  const { id, query } = request;
  if ((id === undefined) === (query === undefined)) throw usageFailure('similar takes a belief ID or --query TEXT (one of them)', 'similar');
  const strategy = request.strategy ?? 'hrr';
  const k = request.k ?? DEFAULT_K;
  const doc = await loadDocument('similar', request.file, request.lang, request.pkg);
  if (hasErrors([doc])) return { exitCode: 1, json: checkJson([doc]), text: () => diagnosticText([doc]), notes: '' };
  const graph = doc.analysis.graph;
  const session = new SimilaritySession();
  session.loadGraph(1, graph);
  const nodes = new Map<string, GraphNode>(graph.nodes.map((n) => [n.id as string, n]));
  const textOf = (nid: string) => nodes.get(nid)?.content ?? '';

  let target: { id?: string; text: string };
  if (id !== undefined) {
    const nid = resolveId(graph.nodes, id);
    if (nid === null || !session.items.some((i) => i.id === nid)) throw new CliFailure(`similar: ${id} is not a belief of ${doc.input.name}`);
    target = { id: nid, text: textOf(nid) };
  } else target = { text: query! };

  const ranked = session.rank(strategy, target.id !== undefined ? { id: target.id } : { text: target.text }, k) ?? [];
  // Each ranked belief carries its reintroduction flag (docs/contract.md §3).
  const flags = documentReintroduction(graph);
  const out: SimilarJson = {
    strategy,
    dim: defaultDim(strategy),
    query: target.id !== undefined ? flags.stamp(target, target.id) : target,
    results: ranked.map((r) => flags.stamp({ id: r.id, score: round6(r.score), text: textOf(r.id) }, r.id)),
  };
  return { exitCode: 0, json: out, text: () => similarText(out), notes: '' };
}

/** `-k N`: a whole number ≥ 1. */
function parseK(value: string | undefined): number {
  if (value === undefined) return DEFAULT_K;
  if (!/^[0-9]+$/.test(value) || Number(value) < 1) throw usageFailure(`-k must be a whole number ≥ 1 (got ${JSON.stringify(value)})`, 'similar');
  return Number(value);
}

/** A CLAIR id or Gaia label is a node id; a full Gaia QID (`ns:pkg::label`) names the node carrying it. */
function resolveId(nodes: readonly GraphNode[], id: string): string | null {
  for (const n of nodes) if (n.id === id || (n.qid !== undefined && n.qid === id)) return n.id;
  return null;
}

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

function similarText(out: SimilarJson): string {
  const measure = out.strategy === 'hrr' ? `HRR cosine, D=${out.dim}` : `HDC 1 − Hamming/D, D=${out.dim}`;
  const head = out.query.id !== undefined ? `${out.query.id} "${out.query.text}"` : `"${out.query.text}"`;
  const width = maxOf(
    out.results.map((r) => r.id.length),
    2,
  );
  const lines = out.results.map((r, i) => `${String(i + 1).padStart(3)}  ${r.id.padEnd(width)}  ${r.score.toFixed(4)}  ${r.text}${r.caveat ? `\n${' '.repeat(width + 15)}⚠ ${r.caveat}` : ''}`);
  return `most like ${head} (${measure}):\n${lines.length > 0 ? lines.join('\n') : '  (no other beliefs)'}\n`;
}
