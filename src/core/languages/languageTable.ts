/**
 * The language table: one row per language Warrant reads, with everything the rest of
 * the program asks about a language — its name, file extensions, Monaco language,
 * what its numbers are called, which views and commands it has, how its graph says what
 * an item rests on, whether its text makes contradictions of its own. The command line,
 * the validation worker, the language server and the page read these rows instead of
 * testing `language === 'gaia'` in place: nothing outside src/core/languages compares a
 * language with a language id or lists the ids (test/core/languages/oneTable.test.ts
 * scans src/ and workers/ and fails on either).
 *
 * The rows are plain data and a few tiny functions, so the page can import them
 * without pulling a parser into its bundle. The heavier contributions are attached to
 * the same ids in files of their own, as CodeMirror's facets let a language contribute:
 *  - languageAnalyzers.ts (and analyzerLoaders.ts): how its text is analysed — parsed,
 *    compiled, validated, printed — in the validation worker and the command line;
 *  - languageEditing.ts: how it is completed, hovered and renamed (the language server);
 *  - languageSimilarity.ts: which items it ranks by similarity, and its merge fixes;
 *  - the exporter table (`exportFormatsOf`), whose rows name their languages, says
 *    which export formats apply; `view` says how it is drawn.
 *
 * Adding a language is adding a row: its id in languageIds.ts, one row here, one entry
 * in each facet above (each is a `Record<Language, …>`, so the type checker names any
 * that is missing, as it does the page's `INSPECTORS`). No other file changes.
 */
import type { AnalysisView } from '../analysis/documentAnalysis.ts';
import { LANGUAGE_IDS, isLanguage, type Language } from './languageIds.ts';
import { MAX_DOCUMENT_BYTES, MAX_LOG_DOCUMENT_BYTES } from '../text/inputLimits.ts';

export type { Language };
export { isLanguage };

/** What a language calls its things, for labels and messages. */
export interface LanguageTerms {
  /** One node the user reasons about: `belief`, `claim`, `assertion`. */
  readonly item: string;
  readonly items: string;
  /** The number written in the text: CLAIR `confidence`, Gaia `prior`. */
  readonly stated: string;
  /** The number computed from the rest: CLAIR `derived`, Gaia `posterior`. */
  readonly computed: string;
  /** What supports an item: CLAIR `justification`, Gaia `premise`. */
  readonly support: string;
}

export interface LanguageRow {
  readonly id: Language;
  /** How the language is named to people: `CLAIR`, `Gaia`, `FormalProposal`. */
  readonly name: string;
  /** A document of the language, in a sentence: `a CLAIR trace`. */
  readonly documentKind: string;
  /** File extensions, lower case with the dot, the usual one first. */
  readonly extensions: readonly string[];
  /** The Monaco language the editor model uses. */
  readonly monacoLanguage: string;
  /**
   * What the page shows beside the editor: the reasoning graph with the inspector, or
   * the proof view (SMT-LIB2, solver verdict) of a document that draws no graph.
   */
  readonly view: 'graph' | 'proof';
  readonly terms: LanguageTerms;
  /**
   * The Format command: `printer` (the canonical text from the language's printer, in
   * the validation worker), `editor` (Monaco's own formatter for the editor language),
   * or null (none).
   */
  readonly formatting: 'printer' | 'editor' | null;
  /** The compiler adds helper nodes, hidden unless asked for. */
  readonly helperNodes: boolean;
  /** Posteriors come from the inference worker. */
  readonly inference: boolean;
  /**
   * A document is a package module whose identity (namespace, name, version) comes from
   * the command line's options or a `pyproject.toml` beside it or above it.
   */
  readonly packageIdentity: boolean;
  /** Items can be ranked by vector-symbolic similarity (`similar`, near-duplicates). */
  readonly similarity: boolean;
  /**
   * How the graph says what an item rests on: `justifications` — an edge from each
   * support straight to the item (CLAIR); `actions` — premise edges into an action whose
   * conclusion edge names the item (Gaia). Explanations, the dependency index and the
   * picture's counts read it.
   */
  readonly supports: 'justifications' | 'actions';
  /**
   * The text itself can set items against each other (Gaia's `contradiction` relations),
   * so states are worked out even when the log holds no lifecycle op.
   */
  readonly ownContradictions: boolean;
  /**
   * A trace of stated beliefs, one per line with an id and its content (CLAIR): two such
   * traces merge by id (`warrant merge`), and a belief that denies another's content is a
   * contradiction the text states (negationContradictions.ts).
   */
  readonly statedBeliefs: boolean;
  /**
   * The document is a signed log of its own (a Mnema log): it carries its lifecycle, its
   * explanations are its own records, and it is exported as itself — the session's op log
   * and explanation records are not its.
   */
  readonly ownLog: boolean;
  /**
   * Where a document first opens: on the whole graph (null), or on its nodes of this kind
   * (a Mnema log opens on its claims, which the evidence they rest on would push out of view).
   */
  readonly opensOn: 'claim' | null;
  /** Other names editors give the language (a language client's `python` for Gaia modules). */
  readonly aliases: readonly string[];
  /** What the problems panel says when there are none. */
  readonly noProblems: string;
  /** What an empty editor invites the person to write. */
  readonly placeholder: string;
  /**
   * Command-line commands that take the language, when not all do, and how to say
   * which do in the refusal (`the infer command does not take … documents (HINT)`).
   */
  readonly commands: { readonly only: readonly string[]; readonly hint: string } | null;
  /**
   * A first document in three lines, shown in an empty one (and inserted on request):
   * small, valid, and showing what a line of the language says. Null: the language
   * starts from its New template instead.
   */
  readonly example: string | null;
  /** What the status bar counts in an analysis: `[count, singular noun]`, e.g. `[12, 'belief']`. */
  counts(analysis: AnalysisView): readonly (readonly [number, string])[];
}

export const LANGUAGE_TABLE: readonly LanguageRow[] = [
  {
    id: 'clair',
    name: 'CLAIR',
    documentKind: 'a CLAIR trace',
    extensions: ['.clair'],
    monacoLanguage: 'clair',
    view: 'graph',
    terms: { item: 'belief', items: 'beliefs', stated: 'confidence', computed: 'derived', support: 'justification' },
    formatting: 'printer',
    helperNodes: false,
    inference: false,
    packageIdentity: false,
    similarity: true,
    supports: 'justifications',
    ownContradictions: false,
    statedBeliefs: true,
    ownLog: false,
    opensOn: null,
    aliases: [],
    noProblems: 'No problems: the trace is valid.',
    placeholder: 'Type a belief, paste a trace, or press F1 for help',
    commands: null,
    example: ['b1 1.0 L0 @user "the release must ship by Friday"', 'b2 .8 L0 @ctx "the test suite passes on main"', 'b3 .7 L0 @self <b1,b2 "cutting the release on Thursday is safe"', ''].join('\n'),
    counts: (a) => [
      [a.stats.nodes, 'belief'],
      [a.stats.edges, 'justification'],
      [a.stats.lines, 'line'],
    ],
  },
  {
    id: 'gaia',
    name: 'Gaia',
    documentKind: 'a Gaia package',
    extensions: ['.py', '.gaia'],
    monacoLanguage: 'gaia',
    view: 'graph',
    terms: { item: 'claim', items: 'claims', stated: 'prior', computed: 'posterior', support: 'premise' },
    formatting: null,
    helperNodes: true,
    inference: true,
    packageIdentity: true,
    similarity: true,
    supports: 'actions',
    ownContradictions: true,
    statedBeliefs: false,
    ownLog: false,
    opensOn: null,
    aliases: ['python'],
    noProblems: 'No problems: the package compiles.',
    placeholder: 'Write a Gaia module (claims and reasoning actions), or press F1 for help',
    commands: null,
    example: [
      'from gaia.engine.lang import claim, derive',
      'rain = claim("It rained overnight.", prior=0.7)',
      'wet = derive("The grass is wet this morning.", given=[rain], rationale="Rain wets the grass.")',
      '',
    ].join('\n'),
    counts: (a) => {
      let claims = 0;
      let actions = 0;
      for (const n of a.graph.nodes) {
        if (n.kind === 'claim' && !n.helper) claims++;
        else if (n.kind === 'factor') actions++;
      }
      return [
        [claims, 'claim'],
        [actions, 'action'],
      ];
    },
  },
  {
    id: 'proposal',
    name: 'FormalProposal',
    documentKind: 'a FormalProposal',
    extensions: ['.json'],
    // Edited as JSON, with Monaco's JSON language service and the FormalProposal schema.
    monacoLanguage: 'json',
    view: 'proof',
    terms: { item: 'assertion', items: 'assertions', stated: 'value', computed: 'value', support: 'premise' },
    formatting: 'editor',
    helperNodes: false,
    inference: false,
    packageIdentity: false,
    similarity: false,
    supports: 'justifications',
    ownContradictions: false,
    statedBeliefs: false,
    ownLog: false,
    opensOn: null,
    aliases: [],
    noProblems: 'No problems: the proposal passes the schema, registry and emission gates.',
    placeholder: 'Paste a formal proposal (JSON), or press F1 for help',
    commands: { only: ['check', 'export', 'prove', 'answer'], hint: 'check, export --to smtlib, prove and answer do' },
    example: null,
    // The proposal's own status (gates, declarations) has its own place in the status bar.
    counts: () => [],
  },
  {
    id: 'mnema',
    name: 'Mnema',
    documentKind: 'a Mnema log',
    // The command line reads a Mnema log by its content (`.jsonl`, shared with session logs);
    // in the page a log is named for what it is.
    extensions: ['.mnema'],
    // Signed ops, one per line: read, not typed (an edit breaks a signature, and says so).
    monacoLanguage: 'mnema',
    view: 'graph',
    terms: { item: 'claim', items: 'claims', stated: 'confidence', computed: 'confidence', support: 'input' },
    formatting: null,
    helperNodes: false,
    inference: false,
    packageIdentity: false,
    similarity: false,
    supports: 'justifications',
    ownContradictions: false,
    statedBeliefs: false,
    ownLog: true,
    opensOn: 'claim',
    aliases: [],
    noProblems: 'No problems: every op of the log verifies.',
    placeholder: 'An empty log: import evidence from the inspector (calendars, notes, photos, JSON Lines), or press F1 for help',
    commands: { only: ['check', 'export'], hint: 'check and export do; derive, cascade, explain, provenance and calibrate read it as LOG.jsonl' },
    example: null,
    counts: (a) => {
      let evidence = 0;
      let claims = 0;
      for (const n of a.graph.nodes) {
        if (n.kind === 'claim') claims++;
        else evidence++;
      }
      return [
        [evidence, 'record'],
        [claims, 'claim'],
      ];
    },
  },
];

/** Every language id, in table order: what `--lang` accepts. */
export const LANGUAGES: readonly Language[] = LANGUAGE_IDS;

/** The language of standard input, and of a file name with no known extension in the page. */
export const DEFAULT_LANGUAGE: Language = 'clair';

const BY_ID: ReadonlyMap<string, LanguageRow> = new Map(LANGUAGE_TABLE.map((r) => [r.id, r]));
const BY_EXTENSION: ReadonlyMap<string, LanguageRow> = new Map(LANGUAGE_TABLE.flatMap((r) => r.extensions.map((e) => [e, r] as const)));

export function languageRow(id: Language): LanguageRow {
  return BY_ID.get(id)!;
}

const countsMade = new WeakMap<AnalysisView, readonly (readonly [number, string])[]>();

/** The language row's counts of `analysis`, counted once per analysis (a 100,000-node graph is read on every redraw that shows them). */
export function analysisCounts(analysis: AnalysisView): readonly (readonly [number, string])[] {
  let counts = countsMade.get(analysis);
  if (!counts) countsMade.set(analysis, (counts = languageRow(analysis.language).counts(analysis)));
  return counts;
}

/** The ids of the rows a predicate holds for, in table order. */
/** The largest text a document of `language` may be (src/core/text/inputLimits.ts): a log's limit for a document that is its own log; unknown, the document limit. */
export function textLimitOf(language: Language | null): number {
  return language !== null && languageRow(language).ownLog ? MAX_LOG_DOCUMENT_BYTES : MAX_DOCUMENT_BYTES;
}

export function languagesWhere(test: (row: LanguageRow) => boolean): readonly Language[] {
  return LANGUAGE_TABLE.filter(test).map((r) => r.id);
}

/** The language a folder of files is read as (a Gaia package): the row whose documents are package modules. */
export const PACKAGE_LANGUAGE: Language = languagesWhere((r) => r.packageIdentity)[0]!;

/** A language an editor names by its id, its Monaco language or one of its aliases; null when none does. */
export function languageOfEditorId(editorId: string): Language | null {
  return LANGUAGE_TABLE.find((r) => r.id === editorId || r.monacoLanguage === editorId || r.aliases.includes(editorId))?.id ?? null;
}

/** The extension of the last segment of a path, lower case with its dot; '' when none. */
export function extensionOf(path: string): string {
  const dot = path.lastIndexOf('.');
  const slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return dot > slash ? path.slice(dot).toLowerCase() : '';
}

/** Every extension a document opens from (each language's), for a file picker's `accept`. */
export const DOCUMENT_EXTENSIONS: readonly string[] = LANGUAGE_TABLE.flatMap((r) => r.extensions);

/** What opens as a document, in words, from the table: `CLAIR (.clair), … and Mnema (.mnema) documents`. */
export function openableDocuments(): string {
  const parts = LANGUAGE_TABLE.map((r) => `${r.name} (${r.extensions.join(', ')})`);
  return `${parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : (parts[0] ?? '')} documents`;
}

/** The language a file's extension says (case-insensitive), or null when none does. */
export function languageOfPath(path: string): Language | null {
  return BY_EXTENSION.get(extensionOf(path))?.id ?? null;
}
