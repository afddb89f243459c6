/**
 * What the editor's language features need from the rest of the app. Every answer comes
 * from the worker's analysis (or from the worker itself), never from parsing here.
 */
import type { AnalysisView } from '../../core/analysis/documentAnalysis.ts';
import type { SymbolUse } from '../../core/clair/symbolIndex.ts';
import type { BeliefView } from '../../core/analysis/beliefView.ts';
import type { RenameResult } from '../../core/gaia/package/packageSymbols.ts';
import type { ProjectSymbol, ProjectUse } from '../../core/analysis/analysisSession.ts';

export interface LanguageHost {
  /** The newest analysis, possibly of an older version than the text. */
  latest(): AnalysisView | null;
  /** The analysis of the text as it is now, once it arrives. */
  current(): Promise<AnalysisView>;
  /** Node views by id (confidence band, derived values, problems). */
  views(): ReadonlyMap<string, BeliefView>;
  /** Canonical text from the worker's printer. */
  format(text: string): Promise<string | null>;
  /** The id used at a position of the current text (asked of the worker). */
  symbolAt(line: number, column: number): Promise<SymbolUse | null>;
  /** Every use of an id in the current text (asked of the worker). */
  usesOf(id: string): Promise<SymbolUse[]>;
  /** Gaia: the posterior of a claim node, when inference has run. */
  posterior(id: string): number | undefined;
  /** A project (a Gaia package's files): the file a model shows, by the model's URI; null for the one-file document. */
  projectFileOf(uri: string): string | null;
  /** A project: the model URI of one of its files (null when there is no such file). */
  projectUri(file: string): string | null;
  /** A project: the name at a place in one of its files, asked of the worker. */
  projectSymbolAt(file: string, line: number, column: number): Promise<ProjectSymbol | null>;
  /** A project: every use of what that name stands for, in every file. */
  projectReferences(file: string, line: number, column: number): Promise<ProjectUse[]>;
  /** A project: the edits renaming that name in every file, or why not. */
  projectRename(file: string, line: number, column: number, newName: string): Promise<RenameResult>;
}
