/**
 * What `warrant lsp` knows about the files an editor has open: the analysis of each one
 * (a CLAIR trace, a Gaia module, a FormalProposal), or — for a module of a Gaia package,
 * a folder with a pyproject.toml — the analysis of its whole package, read from disk with
 * the editor's unsaved texts laid over it. Analyses are made exactly as `warrant check`
 * makes them (src/node/loadDocument.ts, src/node/gaiaInference.ts), so the diagnostics are
 * the same codes and ranges; a CLAIR edit reuses the unchanged lines of the last parse.
 */
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnalysisView } from '../core/analysis/documentAnalysis.ts';
import type { BeliefView } from '../core/analysis/beliefView.ts';
import { buildBeliefViews } from '../core/analysis/beliefView.ts';
import { symbolsOf } from '../core/analysis/symbolsOf.ts';
import type { ClairDocument } from '../core/clair/ast.ts';
import type { SymbolIndex } from '../core/clair/symbolIndex.ts';
import type { GaiaAnalysis } from '../core/gaia/analyzeGaia.ts';
import type { PackageSymbolIndex } from '../core/gaia/package/packageSymbols.ts';
import { indexPackageSymbols } from '../core/gaia/package/packageSymbols.ts';
import type { Language } from '../core/graph/reasoningGraph.ts';
import { posteriorsByNode } from '../core/infer/posteriorsByNode.ts';
import { analyzerOf } from '../core/languages/languageAnalyzers.ts';
import { analyzeGaiaPackageFiles } from '../core/languages/gaiaAnalyzer.ts';
import { DEFAULT_LANGUAGE, PACKAGE_LANGUAGE, languageOfEditorId, languageOfPath, languageRow } from '../core/languages/languageTable.ts';
import { sameLanguage } from '../core/languages/languageIds.ts';
import type { Diagnostic } from '../core/text/diagnostic.ts';
import type { SimilarityDocument } from '../core/analysis/similaritySession.ts';
import { SimilaritySession } from '../core/analysis/similaritySession.ts';
import { withNearDuplicates } from '../core/analysis/withNearDuplicates.ts';
import type { SimilarityStrategy } from '../core/vsa/strategy.ts';
import { withInference } from '../node/gaiaInference.ts';
import { fileContext, packageContext } from '../node/loadDocument.ts';
import { readDependencies, readPackage } from '../node/readPackage.ts';
import { statOrNull } from '../node/statOrNull.ts';

export interface WorkspaceOptions {
  /** Report `near-duplicate` findings (info, with the merge fix) as the page does, under this strategy; null: not (check's diagnostics only). */
  readonly nearDuplicates: SimilarityStrategy | null;
}

/** An open document's text as the editor has it. */
export interface OpenText {
  readonly uri: string;
  readonly languageId: string;
  readonly version: number;
  readonly text: string;
}

/** What the analysis of one open file, or of one package, holds for the features. */
interface Analysed {
  readonly analysis: AnalysisView;
  readonly views: ReadonlyMap<string, BeliefView>;
  /** Gaia: each claim's posterior, when inference ran. */
  readonly posteriors: ReadonlyMap<string, number>;
}

export interface FileState extends Analysed {
  readonly kind: 'file';
  readonly uri: string;
  readonly language: Language;
  readonly version: number;
  readonly document: ClairDocument | null;
  symbols: SymbolIndex | null;
}

export interface PackageState extends Analysed {
  readonly kind: 'package';
  readonly root: string;
  /** Every file of the package, root-relative POSIX path → text (the editor's where open). */
  readonly files: ReadonlyMap<string, string>;
  readonly gaia: GaiaAnalysis;
  symbols: PackageSymbolIndex | null;
}

/** Where an open document's answers come from. */
export type Located = { readonly state: FileState; readonly file: null } | { readonly state: PackageState; readonly file: string };

/** Diagnostics to send for one URI (an empty list clears it). */
export interface Publish {
  readonly uri: string;
  readonly diagnostics: readonly Diagnostic[];
  /** The editor's version of the text they are of (a lone file's). */
  readonly version?: number;
}

export class LspWorkspace {
  private readonly files = new Map<string, FileState>();
  private readonly packages = new Map<string, PackageState>();
  /** The package root a URI's file belongs to, or null: looked up once per URI. */
  private readonly roots = new Map<string, string | null>();
  /** URIs each package last published diagnostics for, to clear those that have none now. */
  private readonly published = new Map<string, Set<string>>();
  /** The editor's version of each open document that the analyses now held were made from. */
  private readonly analysed = new Map<string, number>();
  /** Analyses run one at a time, in the order asked. */
  private queue: Promise<unknown> = Promise.resolve();

  /** Near-duplicate findings, as the page shows them, when the client asked for them (one session per file or package). */
  private readonly similarity = new Map<string, SimilaritySession>();

  constructor(
    private readonly openTexts: () => readonly OpenText[],
    private readonly options: WorkspaceOptions = { nearDuplicates: null },
  ) {}

  /** Adds the near-duplicate findings of the document (or package) under `key`, when asked for. */
  private withSimilarity(key: string, analysis: AnalysisView, doc: SimilarityDocument): AnalysisView {
    const strategy = this.options.nearDuplicates;
    if (strategy === null || !languageRow(analysis.language).similarity) return analysis;
    let session = this.similarity.get(key);
    if (!session) this.similarity.set(key, (session = new SimilaritySession()));
    session.load(doc);
    return withNearDuplicates(analysis, session.nearDuplicates(strategy), true);
  }

  /** Analyses the open document at `uri` (or its package) as its text is now; returns what to publish. */
  refresh(uri: string): Promise<Publish[]> {
    return this.serially(async () => {
      const open = this.openTexts().find((t) => t.uri === uri);
      if (!open) return [];
      const root = await this.rootOf(uri);
      if (root !== null) {
        const published = await this.analysePackage(root);
        // A .py file below the package that its reader does not take (a test, a script) is a module of its own.
        if (published && this.roots.get(uri) === root) return published;
        this.roots.set(uri, null);
        return [...(published ?? []), await this.analyseFile(open)];
      }
      return [await this.analyseFile(open)];
    });
  }

  /** A folder of the workspace that is a Gaia package: analysed whole as soon as the editor connects. */
  openFolder(folder: string): Promise<Publish[]> {
    return this.serially(async () => (statOrNull(join(folder, 'pyproject.toml'))?.isFile() ? ((await this.analysePackage(resolve(folder))) ?? []) : []));
  }

  /** The editor closed `uri`: a lone file's diagnostics are cleared; a package goes back to the text on disk. */
  close(uri: string): Promise<Publish[]> {
    return this.serially(async () => {
      const root = this.roots.get(uri);
      this.roots.delete(uri);
      if (root) return (await this.analysePackage(root)) ?? [];
      this.files.delete(uri);
      this.similarity.delete(uri);
      this.analysed.delete(uri);
      return [{ uri, diagnostics: [] }];
    });
  }

  /** The analysis an open document's features read, once every analysis asked for so far is done. */
  async locate(uri: string): Promise<Located | null> {
    await this.queue;
    // A change not analysed yet (its analysis is still scheduled): analysed now, so an answer never lags the text.
    const open = this.openTexts().find((t) => t.uri === uri);
    if (open && this.analysed.get(uri) !== open.version) await this.refresh(uri);
    const root = this.roots.get(uri);
    if (root) {
      const state = this.packages.get(root);
      const path = pathOf(uri);
      if (state && path) return { state, file: relative(root, path).split(sep).join('/') };
    }
    const state = this.files.get(uri);
    return state ? { state, file: null } : null;
  }

  /** The URI of a package's file. */
  uriOf(root: string, file: string): string {
    return pathToFileURL(join(root, file)).href;
  }

  /** The package symbol index, built when a feature first needs it. */
  packageSymbols(state: PackageState): PackageSymbolIndex {
    state.symbols ??= indexPackageSymbols(state.gaia);
    return state.symbols;
  }

  /** A lone file's symbol index, built when a feature first needs it. */
  fileSymbols(state: FileState): SymbolIndex {
    state.symbols ??= symbolsOf(state.document);
    return state.symbols;
  }

  private serially<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async analyseFile(open: OpenText): Promise<Publish> {
    const path = pathOf(open.uri);
    const language = (path ? languageOfPath(path) : null) ?? languageOfId(open.languageId);
    const previous = this.files.get(open.uri);
    if (previous && previous.version === open.version && sameLanguage(previous.language, language)) return { uri: open.uri, diagnostics: previous.analysis.diagnostics, version: open.version };
    const reuse = sameLanguage(previous?.language, language) ? previous!.document : null;
    const a = analyzerOf(language).analyze(open.text, await fileContext(path, language, {}, open.version, reuse));
    const analysed = a.gaia ? inferred(a.analysis, a.gaia) : { analysis: a.analysis, posteriors: new Map<string, number>() };
    const withPosteriors = { ...analysed, analysis: this.withSimilarity(open.uri, analysed.analysis, { version: open.version, text: open.text, language, fileName: path }) };
    const state: FileState = {
      kind: 'file',
      uri: open.uri,
      language,
      version: open.version,
      document: a.document,
      symbols: a.symbols ?? null,
      analysis: withPosteriors.analysis,
      posteriors: withPosteriors.posteriors,
      views: buildBeliefViews(withPosteriors.analysis, previous?.views ?? new Map()),
    };
    this.files.set(open.uri, state);
    this.analysed.set(open.uri, open.version);
    return { uri: open.uri, diagnostics: state.analysis.diagnostics, version: open.version };
  }

  /** Reads the package at `root` (the editor's texts over the disk's) and analyses it; null when it cannot be read. */
  private async analysePackage(root: string): Promise<Publish[] | null> {
    let input: Awaited<ReturnType<typeof readPackage>>;
    try {
      input = await readPackage(root);
    } catch {
      return null;
    }
    const files = new Map(input.files);
    for (const t of this.openTexts()) if (this.roots.get(t.uri) === root) this.roots.delete(t.uri);
    for (const t of this.openTexts()) {
      const path = pathOf(t.uri);
      if (!path || !isInside(root, path)) continue;
      const rel = relative(root, path).split(sep).join('/');
      if (files.has(rel)) {
        files.set(rel, t.text);
        this.roots.set(t.uri, root);
        this.analysed.set(t.uri, t.version);
      }
    }
    const overlaid = { ...input, files };
    const dependencies = await readDependencies(overlaid, undefined).catch(() => new Map<string, ReadonlyMap<string, string>>());
    const a = analyzeGaiaPackageFiles(files, dependencies, packageContext({}, 1));
    const inferredPackage = inferred(a.analysis, a.gaia!);
    const posteriors = inferredPackage.posteriors;
    const analysis = this.withSimilarity(root, inferredPackage.analysis, { version: a.analysis.version, text: '', language: PACKAGE_LANGUAGE, files });
    const previous = this.packages.get(root);
    const state: PackageState = { kind: 'package', root, files, gaia: a.gaia!, symbols: null, analysis, posteriors, views: buildBeliefViews(analysis, previous?.views ?? new Map()) };
    this.packages.set(root, state);
    // One list per file; a finding of the package as a whole goes on its pyproject.toml.
    const byUri = new Map<string, Diagnostic[]>();
    for (const d of analysis.diagnostics) {
      const uri = this.uriOf(root, d.file ?? 'pyproject.toml');
      byUri.set(uri, [...(byUri.get(uri) ?? []), d]);
    }
    const before = this.published.get(root) ?? new Set<string>();
    const out: Publish[] = [...byUri].map(([uri, diagnostics]) => ({ uri, diagnostics }));
    for (const uri of before) if (!byUri.has(uri)) out.push({ uri, diagnostics: [] });
    // Open modules with no findings are published too, so an editor clears what it showed.
    for (const t of this.openTexts()) if (this.roots.get(t.uri) === root && !byUri.has(t.uri) && !before.has(t.uri)) out.push({ uri: t.uri, diagnostics: [] });
    this.published.set(root, new Set(byUri.keys()));
    return out;
  }

  /** The root of the Gaia package a `.py` file is a module of, or null. */
  private async rootOf(uri: string): Promise<string | null> {
    if (this.roots.has(uri)) return this.roots.get(uri)!;
    const path = pathOf(uri);
    let root: string | null = null;
    if (path && path.endsWith('.py')) {
      for (let dir = dirname(path); ; dir = dirname(dir)) {
        if (statOrNull(join(dir, 'pyproject.toml'))?.isFile()) {
          root = dir;
          break;
        }
        if (dirname(dir) === dir) break;
      }
    }
    this.roots.set(uri, root);
    return root;
  }
}

/** Runs the package's inference as `warrant check` does: its failures join the diagnostics; posteriors for hovers. */
function inferred(analysis: AnalysisView, gaia: GaiaAnalysis): { analysis: AnalysisView; posteriors: Map<string, number> } {
  try {
    const r = withInference(analysis, gaia);
    return { analysis: r.analysis, posteriors: posteriorsByNode(r.analysis.graph, r.result.beliefs) };
  } catch {
    return { analysis, posteriors: new Map() };
  }
}

function pathOf(uri: string): string | null {
  try {
    return uri.startsWith('file:') ? fileURLToPath(uri) : null;
  } catch {
    return null;
  }
}

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith('..') && !rel.startsWith(sep);
}

/** An editor's language id: the language table's id or Monaco language, `python` for Gaia modules; CLAIR otherwise. */
function languageOfId(languageId: string): Language {
  return languageOfEditorId(languageId) ?? DEFAULT_LANGUAGE;
}
