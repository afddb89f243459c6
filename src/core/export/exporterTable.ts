/**
 * The exporter table: one row per export format (contract §1.5), read by the command
 * line (`warrant export --to`, its usage text and messages), the page's Export menu and
 * the validation worker. A row says what the format is called, which languages it
 * applies to, the file it downloads as, and how it is made: `run` over the sources it
 * `needs`.
 *
 * Sources are what a format reads besides options. Each place that exports gathers
 * only the sources a row names: the command line from the files it read (ELK for a
 * picture's positions, `--ops` or its device key for the log, the log replayed for the
 * states, inference for the posteriors); the validation worker from the text (a Gaia
 * package's full compile, a proposal's check); the page from its analysis, the
 * positions, states and posteriors on screen, and from the open session for the formats
 * made from its log (`src/app/chrome/pageExporters.ts`).
 *
 * A `picture` row (png) makes the SVG picture; the surface that exports turns it into
 * pixels — the page on a canvas; the command line has no rasteriser and refuses it.
 *
 * Each `run` imports its format's module when first called, so reading the table (the
 * usage text, the Export menu) loads no exporter.
 *
 * Adding a format: its module (a pure function here in src/core/export), one row below.
 */
import type { DocumentExplanations } from '../explain/explainDocument.ts';
import type { GaiaAnalysis } from '../gaia/analyzeGaia.ts';
import type { Language } from '../graph/reasoningGraph.ts';
import { languagesWhere } from '../languages/languageTable.ts';
import type { InferenceMethod } from '../infer/inferenceResult.ts';
import type { Positions } from '../layout/layoutTypes.ts';
import type { SignedHead } from '../oplog/logHead.ts';
import type { SignedOperation } from '../oplog/operation.ts';
import type { ProposalCheck } from '../proposal/index.ts';
import type { SessionStates } from '../session/sessionStates.ts';
import type { Diagnostic } from '../text/diagnostic.ts';
import type { Reintroduction } from '../contradiction/reintroductionFlag.ts';
import type { ExportInput } from './exportInput.ts';

/** A session's signed log as exported: its ops in replay order, then its head. */
export interface SessionLog {
  readonly ops: readonly SignedOperation[];
  readonly head: SignedHead | null;
}

/** Everything a format may read; a row names the ones it needs. */
export interface ExportSources {
  /** The document's text as written. */
  readonly text: string;
  /** The analysis: graph, derived confidences, diagnostics. */
  readonly analysis: ExportInput;
  /**
   * Where each node is drawn, the picture's title, and whether Gaia's helper claims are
   * drawn (the page's toggle; the command line's `--helpers`; hidden by default).
   */
  readonly layout: { readonly positions: Positions; readonly title: string; readonly showHelpers: boolean };
  /** The session's lifecycle states and standing corrections (no session: every belief active). */
  readonly states: SessionStates;
  /** Gaia: each claim's posterior, by node id (empty for CLAIR, or when inference could not run). */
  readonly posteriors: ReadonlyMap<string, number>;
  /** A Gaia package's full compile (IR, artifacts). */
  readonly gaia: GaiaAnalysis;
  /**
   * A Gaia package's files, root-relative path → text: the package's own folder, or a
   * lone module wrapped as the root of a package of its own (newPackage.ts).
   */
  readonly files: ReadonlyMap<string, string>;
  /** A FormalProposal checked, and emitted, in the mode asked for. */
  readonly proposal: ProposalCheck;
  /** The explanation records of the document under a session's log. */
  readonly explanations: Pick<DocumentExplanations, 'explainer' | 'ledger'>;
  /** A session's signed log and its signed head (null: none to give). */
  readonly ops: SessionLog;
  /**
   * The open contradictions the export flags its beliefs under (docs/contract.md §3): the
   * session's ledger (the page's, or the command line's `--ops` log folded), which holds
   * the document's own contradictions too. Every format that presents beliefs needs it.
   */
  readonly reintroduction: Reintroduction;
}

export type ExportNeed = keyof ExportSources;

/**
 * The sources made from the document's text alone (with the options): the validation
 * worker makes these, so a format needing nothing else is made there, off the page's
 * main thread.
 */
export const SOURCES_FROM_TEXT: ReadonlySet<ExportNeed> = new Set<ExportNeed>(['text', 'gaia', 'files', 'proposal']);

/** Options a format takes (the command line's `--method`, `--mode`, `--ops`, `--helpers`). */
export type ExportOptionName = 'method' | 'mode' | 'ops' | 'helpers';

export interface ExportOptions {
  /** `beliefs`: the inference method (default `auto`). */
  readonly method?: InferenceMethod;
  /** The compile time the manifests record (default now). */
  readonly now?: Date;
}

export type ExportOutput =
  /** A text; `diagnostics` when the ones that apply are not the document's own (smtlib in another mode). */
  | { readonly text: string; readonly diagnostics?: readonly Diagnostic[] }
  /** Several files, path → text: a folder on the command line, one zip in the page. */
  | { readonly files: ReadonlyMap<string, string> }
  /** An SVG picture for the surface to turn into pixels (a `picture` row). */
  | { readonly picture: string }
  /** The format could not be made (e.g. inference failed). */
  | { readonly error: string }
  /** The document does not pass what the format needs; nothing is written. */
  | { readonly refused: string; readonly diagnostics: readonly Diagnostic[] };

export interface Exporter {
  /** The format's name: `--to ID`, `[data-testid="export-ID"]`. */
  readonly id: string;
  /** The Export menu's label. */
  readonly label: string;
  /** The languages it applies to. */
  readonly languages: readonly Language[];
  /** The downloaded file's name, given the document's name less its extension. */
  fileName(base: string): string;
  readonly mime: string;
  /** One text, several files, or a picture drawn into pixels where there is a rasteriser (the page). */
  readonly output: 'text' | 'files' | 'picture';
  /** The sources `run` reads. */
  readonly needs: readonly ExportNeed[];
  readonly options: readonly ExportOptionName[];
  /** Makes the export from the sources it needs (the others may be absent). */
  run(sources: Partial<ExportSources>, options?: ExportOptions): Promise<ExportOutput>;
}

/** A row whose `run` is typed by what it needs; the table checks the sources are there. */
function exporter<const Id extends string, N extends ExportNeed>(
  row: Omit<Exporter, 'id' | 'needs' | 'run' | 'options'> & {
    readonly id: Id;
    readonly needs: readonly N[];
    readonly options?: readonly ExportOptionName[];
    run(sources: Pick<ExportSources, N>, options: ExportOptions): Promise<ExportOutput>;
  },
): Exporter & { readonly id: Id } {
  return {
    ...row,
    options: row.options ?? [],
    async run(sources, options = {}) {
      for (const need of row.needs) if (sources[need] === undefined) throw new Error(`export ${row.id}: the ${need} source was not supplied`);
      return row.run(sources as Pick<ExportSources, N>, options);
    },
  };
}

/** The languages drawn as a graph (the table's `view`): the graph formats take them. */
const GRAPH_LANGUAGES: readonly Language[] = languagesWhere((r) => r.view === 'graph');
/** Graph documents whose lifecycle is the session's log (not a log of their own). */
const SESSION_LANGUAGES: readonly Language[] = languagesWhere((r) => r.view === 'graph' && !r.ownLog);
/** Every language whose documents keep a session log beside their text (a proposal's holds its world's acceptances). */
const LOGGED_LANGUAGES: readonly Language[] = languagesWhere((r) => !r.ownLog);

/** The sources a picture of the graph reads. */
const PICTURE_NEEDS = ['analysis', 'layout', 'states', 'posteriors', 'reintroduction'] as const;

async function picture({ analysis, layout, states, posteriors, reintroduction }: Pick<ExportSources, (typeof PICTURE_NEEDS)[number]>): Promise<string> {
  const { exportSvg } = await import('./exportSvg.ts');
  return exportSvg({ graph: analysis.graph, derived: analysis.derived, positions: layout.positions, title: layout.title, showHelpers: layout.showHelpers, states, posteriors, reintroduction });
}

async function gaiaFiles(id: 'gaia-ir' | 'beliefs' | 'manifests', gaia: GaiaAnalysis, options: ExportOptions): Promise<ExportOutput> {
  // Gaia would not compile a package with errors: there is no ir.json to be faithful to,
  // and what was read of it can hold numbers no JSON carries (a prior of 1e999).
  if (!gaia.accepted) return { refused: 'has errors, which Gaia would not compile; nothing was written', diagnostics: gaia.diagnostics };
  const { gaiaExportFiles } = await import('../gaia/gaiaExportFiles.ts');
  const exported = gaiaExportFiles(gaia, id, { method: options.method ?? 'auto', ...(options.now ? { now: options.now } : {}) });
  if ('error' in exported) return exported;
  return id === 'manifests' ? { files: exported.files } : { text: [...exported.files.values()][0]! };
}

/** Contract §1.5's formats, in its order, with `png` (an extension) beside `svg` and `clair-debug` (one) beside `clair`. */
export const EXPORTERS = [
  exporter({
    id: 'clair',
    label: 'CLAIR, canonical text',
    languages: ['clair'],
    fileName: (b) => `${b}.clair`,
    mime: 'text/plain',
    output: 'text',
    needs: ['text'],
    run: async ({ text }) => ({ text: (await import('./exportClair.ts')).exportClair(text) }),
  }),
  exporter({
    id: 'clair-debug',
    label: 'CLAIR debug lines (alternatives)',
    languages: ['clair'],
    fileName: (b) => `${b}.debug.txt`,
    mime: 'text/plain',
    output: 'text',
    needs: ['analysis', 'reintroduction'],
    run: async ({ analysis, reintroduction }) => ({ text: (await import('./exportClairDebug.ts')).exportClairDebug(analysis, reintroduction) }),
  }),
  exporter({
    id: 'json',
    label: 'JSON graph',
    languages: GRAPH_LANGUAGES,
    fileName: (b) => `${b}.graph.json`,
    mime: 'application/json',
    output: 'text',
    needs: ['analysis', 'reintroduction'],
    run: async ({ analysis, reintroduction }) => ({ text: (await import('./exportJson.ts')).exportJson(analysis, reintroduction) }),
  }),
  exporter({
    id: 'dot',
    label: 'Graphviz DOT',
    languages: GRAPH_LANGUAGES,
    fileName: (b) => `${b}.dot`,
    mime: 'text/vnd.graphviz',
    output: 'text',
    needs: ['analysis', 'states', 'reintroduction'],
    options: ['ops'],
    run: async ({ analysis, states, reintroduction }) => ({ text: (await import('./exportDot.ts')).exportDot(analysis, states, reintroduction) }),
  }),
  exporter({
    id: 'graphml',
    label: 'GraphML',
    languages: GRAPH_LANGUAGES,
    fileName: (b) => `${b}.graphml`,
    mime: 'application/xml',
    output: 'text',
    needs: ['analysis', 'states', 'reintroduction'],
    options: ['ops'],
    run: async ({ analysis, states, reintroduction }) => ({ text: (await import('./exportGraphml.ts')).exportGraphml(analysis, states, reintroduction) }),
  }),
  exporter({
    id: 'svg',
    label: 'SVG picture',
    languages: GRAPH_LANGUAGES,
    fileName: (b) => `${b}.svg`,
    mime: 'image/svg+xml',
    output: 'text',
    needs: PICTURE_NEEDS,
    options: ['ops', 'helpers'],
    run: async (sources) => ({ text: await picture(sources) }),
  }),
  exporter({
    id: 'png',
    label: 'PNG picture',
    languages: GRAPH_LANGUAGES,
    fileName: (b) => `${b}.png`,
    mime: 'image/png',
    output: 'picture',
    needs: PICTURE_NEEDS,
    options: ['ops', 'helpers'],
    run: async (sources) => ({ picture: await picture(sources) }),
  }),
  exporter({
    id: 'gaia-ir',
    label: 'Gaia IR (ir.json)',
    languages: ['gaia'],
    fileName: () => 'ir.json',
    mime: 'application/json',
    output: 'text',
    needs: ['gaia'],
    run: ({ gaia }, options) => gaiaFiles('gaia-ir', gaia, options),
  }),
  exporter({
    id: 'beliefs',
    label: 'Posterior beliefs (beliefs.json)',
    languages: ['gaia'],
    fileName: () => 'beliefs.json',
    mime: 'application/json',
    output: 'text',
    needs: ['gaia'],
    options: ['method'],
    run: ({ gaia }, options) => gaiaFiles('beliefs', gaia, options),
  }),
  exporter({
    id: 'manifests',
    label: 'Gaia manifests (zip)',
    languages: ['gaia'],
    fileName: (b) => `${b}-manifests.zip`,
    mime: 'application/zip',
    output: 'files',
    needs: ['gaia'],
    run: ({ gaia }, options) => gaiaFiles('manifests', gaia, options),
  }),
  exporter({
    id: 'package',
    label: 'Gaia package folder (zip)',
    languages: ['gaia'],
    fileName: (b) => `${b}.zip`,
    mime: 'application/zip',
    output: 'files',
    needs: ['files'],
    run: async ({ files }) => ({ files }),
  }),
  exporter({
    id: 'explanations',
    label: 'Explanation records (JSON lines + audit)',
    languages: SESSION_LANGUAGES,
    fileName: (b) => `${b}.explanations.jsonl`,
    mime: 'application/x-ndjson',
    output: 'text',
    needs: ['explanations'],
    options: ['ops'],
    run: async ({ explanations }) => ({ text: (await import('./exportExplanations.ts')).exportExplanations(explanations) }),
  }),
  exporter({
    id: 'oplog',
    label: 'Operation log (signed, JSON lines)',
    languages: LOGGED_LANGUAGES,
    fileName: (b) => `${b}.oplog.jsonl`,
    mime: 'application/x-ndjson',
    output: 'text',
    needs: ['ops'],
    options: ['ops'],
    run: async ({ ops }) => ({ text: (await import('./exportOplog.ts')).exportOplog(ops.ops, ops.head) }),
  }),
  exporter({
    id: 'smtlib',
    label: 'SMT-LIB2 script (the mode chosen for Run)',
    languages: ['proposal'],
    fileName: (b) => `${b}.smt2`,
    mime: 'text/plain',
    output: 'text',
    needs: ['proposal'],
    options: ['mode'],
    run: async ({ proposal }) =>
      proposal.smtlib === null
        ? { refused: `did not pass the ${proposal.gate} gate; no SMT-LIB2 was written`, diagnostics: proposal.diagnostics }
        : { text: proposal.smtlib, diagnostics: proposal.diagnostics },
  }),
] as const satisfies readonly Exporter[];

export type ExportFormat = (typeof EXPORTERS)[number]['id'];

/** Every format id, in the table's (contract §1.5) order. */
export const EXPORT_FORMATS: readonly ExportFormat[] = EXPORTERS.map((e) => e.id);

const BY_ID: ReadonlyMap<string, Exporter> = new Map(EXPORTERS.map((e) => [e.id, e]));

export function isExportFormat(s: string): s is ExportFormat {
  return BY_ID.has(s);
}

export function exporterOf(id: ExportFormat): Exporter {
  return BY_ID.get(id)!;
}

/**
 * The formats of a language, as the Export menu lists them: the language's own formats
 * (those of no other language) first, then the shared ones, each group in table order.
 */
export function exportFormatsOf(language: Language): Exporter[] {
  const mine = EXPORTERS.filter((e) => e.languages.includes(language));
  return [...mine.filter((e) => e.languages.length === 1), ...mine.filter((e) => e.languages.length > 1)];
}

/** The formats that take an option, in table order. */
export function formatsTaking(option: ExportOptionName): Exporter[] {
  return EXPORTERS.filter((e) => e.options.includes(option));
}
