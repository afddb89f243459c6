/**
 * One open document's analysis state, as the validation worker keeps it between edits:
 * the last parse (so unchanged lines are reused), the last few analyses sent to the
 * page (so each reply can be a small patch against what the page holds), and symbol
 * indexes built only when an editor feature asks. A Gaia package opened as a project is
 * one document of several files: each version analyses all of them together, and its
 * names are looked up across modules (src/core/gaia/package/packageSymbols.ts).
 */
import type { ClairDocument } from '../clair/ast.ts';
import type { SymbolIndex, SymbolUse } from '../clair/symbolIndex.ts';
import { symbolAt, usesOf } from '../clair/symbolIndex.ts';
import type { Language, ReasoningGraph } from '../graph/reasoningGraph.ts';
import type { GaiaAnalysis } from '../gaia/analyzeGaia.ts';
import type { MnemaDocument } from '../mnema/mnemaDocument.ts';
import type { PackageSymbolIndex, PackageSymbolKind, PackageUseRole, RenameResult } from '../gaia/package/packageSymbols.ts';
import { boundNamesOf, indexPackageSymbols, packageDefinition, packageReferences, packageSymbolAt, renamePackageSymbol } from '../gaia/package/packageSymbols.ts';
import { analyzeGaiaPackageFiles } from '../languages/gaiaAnalyzer.ts';
import type { SourceRange } from '../text/sourceRange.ts';
import type { AnalysisPatch } from './analysisPatch.ts';
import { completePatch, makePatch, positionsOf } from './analysisPatch.ts';
import type { SlicedPart } from './analysisSlices.ts';
import { needsSlices, patchHead, patchSlice } from './analysisSlices.ts';
import type { PackedSlice } from './packedSlices.ts';
import { packSlice } from './packedSlices.ts';
import { toLayoutInput } from '../layout/toLayoutInput.ts';
import { layoutInputAhead } from '../layout/layoutInputAhead.ts';
import { indexGraph } from '../graph/graphIndex.ts';
import type { GraphViewRequest } from '../graph/graphView.ts';
import { viewNodes } from '../graph/graphView.ts';
import type { LayoutInput } from '../layout/layoutTypes.ts';
import { analyzeIncrementally } from './analyzeDocument.ts';
import { symbolsOf } from './symbolsOf.ts';
import type { AnalysisView } from './documentAnalysis.ts';
import type { TextEdit } from '../text/textReplica.ts';
import { TextReplica } from '../text/textReplica.ts';
import { sameLanguage } from '../languages/languageIds.ts';

export interface AnalyzeRequest {
  /** The editor's document version; echoed back so stale results can be dropped. */
  readonly version: number;
  readonly text: string;
  readonly language: Language;
  /** The version of the analysis the page holds, to patch against; null for none. */
  readonly baseVersion: number | null;
  /** The document's file name (a Gaia package takes its name from it). */
  readonly fileName?: string | null;
  /**
   * A Gaia package opened as a project: every file of it, root-relative path → text,
   * read as Gaia reads the folder (`text` is then not read).
   */
  readonly files?: ReadonlyMap<string, string> | null;
  /**
   * Hand a large graph's layout input to the session's listener (onLayoutInputAhead) as
   * soon as the graph is built: the page asks this of a whole new text (a big paste).
   */
  readonly layoutAhead?: boolean;
}

/**
 * An analysis of a version whose text the session already has: set whole (setText) or
 * built by the edits since (editText), so a keystroke never carries the whole document.
 */
export type HeldTextRequest = Omit<AnalyzeRequest, 'text'>;

/** A name of a project at a place in one of its files, and what it stands for. */
export interface ProjectSymbol {
  readonly file: string;
  readonly range: SourceRange;
  readonly name: string;
  readonly role: PackageUseRole;
  readonly kind: PackageSymbolKind;
  /** The graph node it stands for (knowledge), else null. */
  readonly nodeId: string | null;
  readonly definition: { readonly file: string; readonly range: SourceRange } | null;
}

/** One place a project's name is used. */
export interface ProjectUse {
  readonly file: string;
  readonly range: SourceRange;
  readonly role: PackageUseRole;
}

interface Kept {
  readonly analysis: AnalysisView;
  /** The text analysed; null for a project, whose files are its text. */
  readonly text: string | null;
  readonly document: ClairDocument | null;
  symbols: SymbolIndex | null;
  /** A project's whole compile, and its names across modules (built when first asked). */
  readonly gaia: GaiaAnalysis | null;
  /** A Mnema log as read (mnemaDocument.ts): explanations and previews are asked of it. */
  readonly mnema: MnemaDocument | null;
  packageSymbols: PackageSymbolIndex | null;
}

/** How many recent analyses to keep: the page is never more than a few versions behind. */
const KEEP = 4;

export class AnalysisSession {
  private readonly kept: Kept[] = [];
  private readonly now: () => number;
  /** The last patch sent as a head, until the page has fetched its slices (or a newer one replaces it). */
  private sliced: AnalysisPatch | null = null;
  /** The editor's text as its edits arrive, ahead of the analyses asked of it. */
  private readonly replica = new TextReplica();

  /** Told a version's layout input as soon as its graph is built (requests with `layoutAhead`). */
  private layoutInputAhead: ((version: number, input: LayoutInput, structureKey: string) => void) | null = null;

  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  /** Where a large graph's layout input goes ahead of its analysis (see AnalyzeRequest.layoutAhead). */
  onLayoutInputAhead(listener: (version: number, input: LayoutInput, structureKey: string) => void): void {
    this.layoutInputAhead = listener;
  }

  analyze(request: AnalyzeRequest): AnalysisPatch {
    const last = this.kept[this.kept.length - 1];
    const oneLanguage = sameLanguage(last?.analysis.language, request.language);
    let kept: Kept;
    if (request.files) {
      const a = analyzeGaiaPackageFiles(request.files, new Map(), { version: request.version, previous: null, now: this.now, fileName: request.fileName ?? null });
      kept = { analysis: a.analysis, text: null, document: null, symbols: null, gaia: a.gaia ?? null, packageSymbols: null, mnema: null };
    } else {
      const listener = request.layoutAhead ? this.layoutInputAhead : null;
      const onGraph = listener
        ? (graph: ReasoningGraph, structureKey: string) => {
            const input = layoutInputAhead(graph);
            if (input) listener(request.version, input, structureKey);
          }
        : null;
      const { analysis, document, symbols, mnema } = analyzeIncrementally(request.text, request.language, request.version, oneLanguage ? (last?.document ?? null) : null, this.now, {
        fileName: request.fileName ?? null,
        onGraph,
      });
      kept = { analysis, text: request.text, document, symbols: symbols ?? null, gaia: null, packageSymbols: null, mnema: mnema ?? null };
    }
    const analysis = kept.analysis;
    const base = request.baseVersion === null ? undefined : this.kept.find((k) => k.analysis.version === request.baseVersion);
    this.kept.push(kept);
    if (this.kept.length > KEEP) this.kept.shift();
    return base ? makePatch(base.analysis, analysis) : completePatch(analysis);
  }

  /**
   * As analyze, but a very large complete patch comes back as its head; the page asks for
   * the rest with patchSlice (src/core/analysis/analysisSlices.ts).
   */
  analyzeInSlices(request: AnalyzeRequest): AnalysisPatch {
    const patch = this.analyze(request);
    if (!needsSlices(patch)) return patch;
    this.sliced = patch;
    return patchHead(patch);
  }

  /** The whole text of `version`, sent once (an opened document, a paste); edits follow it. */
  setText(version: number, text: string): void {
    this.replica.set(version, text);
  }

  /** An edit of the text held; one that does not fit leaves it unknown until setText. */
  editText(edit: TextEdit): boolean {
    return this.replica.apply(edit);
  }

  /**
   * As analyzeInSlices, of the text held for `version` (a project's files come with the
   * request); null when the session does not hold that version's text, which must then
   * be sent whole.
   */
  analyzeHeldText(request: HeldTextRequest): AnalysisPatch | null {
    const text = request.files ? '' : this.textOf(request.version);
    return text === null ? null : this.analyzeInSlices({ ...request, text });
  }

  /** The text of `version`: the one held, or one of the versions analysed lately. */
  textOf(version: number): string | null {
    return this.replica.textOf(version) ?? this.kept.find((k) => k.analysis.version === version)?.text ?? null;
  }

  /** A slice of the sliced patch of `version`, packed; null once it is gone (a newer one was sent). */
  patchSlice(version: number, part: SlicedPart, from: number): PackedSlice | null {
    if (this.sliced?.version !== version) return null;
    // An edge's ends go as places among the nodes (kept per node list: built once a patch).
    return packSlice(part, patchSlice(this.sliced, part, from), part === 'edges' ? positionsOf(this.sliced.nodes) : null);
  }

  /**
   * What the layout worker lays out for `version` (of a focused view: its neighbourhood
   * alone), taken here so it never crosses the page.
   */
  layoutInput(version: number, hideHelpers: boolean, view: GraphViewRequest | null = null): LayoutInput | null {
    const analysis = this.analysisOf(version);
    if (!analysis) return null;
    const only = view ? viewNodes(indexGraph(analysis.graph), view) : null;
    return toLayoutInput(analysis.graph, { hideHelpers, only });
  }

  /**
   * The graph of a text that may not be the newest version (a session's starting text):
   * a kept analysis of that very text when there is one, else analysed aside (not kept).
   */
  graphOfText(text: string, language: Language, fileName: string | null): ReasoningGraph {
    const kept = this.kept.find((k) => k.text === text && sameLanguage(k.analysis.language, language));
    if (kept) return kept.analysis.graph;
    return analyzeIncrementally(text, language, -1, null, this.now, { fileName }).analysis.graph;
  }

  /** The Mnema log read for `version`, while the session keeps it (null for other languages). */
  mnemaDocumentOf(version: number): MnemaDocument | null {
    return this.kept.find((x) => x.analysis.version === version)?.mnema ?? null;
  }

  /** The analysis of `version`, while the session still keeps it. */
  analysisOf(version: number): AnalysisView | null {
    return this.kept.find((x) => x.analysis.version === version)?.analysis ?? null;
  }

  /** The id use at a position, in the analysis of `version` (null if that version is gone). */
  symbolAt(version: number, line: number, column: number): SymbolUse | null {
    const symbols = this.symbolsFor(version);
    return symbols ? symbolAt(symbols, line, column) : null;
  }

  /** Every use of `id` in the analysis of `version`. */
  usesOf(version: number, id: string): SymbolUse[] | null {
    const symbols = this.symbolsFor(version);
    return symbols ? usesOf(symbols, id) : null;
  }

  /** A project's name at (line, column) of `file`, in version `version` (null: none there, or the version is gone). */
  projectSymbolAt(version: number, file: string, line: number, column: number): ProjectSymbol | null {
    const index = this.packageSymbolsFor(version);
    const use = index ? packageSymbolAt(index, file, line, column) : null;
    if (!index || !use) return null;
    const symbol = index.symbols[use.symbol]!;
    return { file, range: use.range, name: use.name, role: use.role, kind: symbol.kind, nodeId: symbol.nodeId, definition: packageDefinition(index, use) };
  }

  /** Every use, in every file, of what the name at (line, column) of `file` stands for. */
  projectReferences(version: number, file: string, line: number, column: number): ProjectUse[] | null {
    const index = this.packageSymbolsFor(version);
    const use = index ? packageSymbolAt(index, file, line, column) : null;
    if (!index || !use) return index ? [] : null;
    return packageReferences(index, use).map((u) => ({ file: u.file, range: u.range, role: u.role }));
  }

  /** The edits renaming the name at (line, column) of `file` across the project, or why not. */
  projectRename(version: number, file: string, line: number, column: number, newName: string): RenameResult | null {
    const k = this.kept.find((x) => x.analysis.version === version);
    const index = this.packageSymbolsFor(version);
    if (!k?.gaia || !index) return null;
    return renamePackageSymbol(index, file, line, column, newName, boundNamesOf(k.gaia.run));
  }

  private packageSymbolsFor(version: number): PackageSymbolIndex | null {
    const k = this.kept.find((x) => x.analysis.version === version);
    if (!k?.gaia) return null;
    k.packageSymbols ??= indexPackageSymbols(k.gaia);
    return k.packageSymbols;
  }

  private symbolsFor(version: number): SymbolIndex | null {
    const k = this.kept.find((x) => x.analysis.version === version);
    if (!k) return null;
    k.symbols ??= symbolsOf(k.document);
    return k.symbols;
  }
}
