/**
 * The editor's questions to the validation worker about the current text: the id at a
 * place and its uses, a project's names across its files and their renaming, and the
 * canonical text. Each is asked of the analysis of the newest edit (whenCurrent), so the
 * worker answers for the text the person sees.
 */
import type { Remote } from 'comlink';
import type { AnalysisView } from '../../core/analysis/documentAnalysis.ts';
import type { SymbolUse } from '../../core/clair/symbolIndex.ts';
import type { RenameResult } from '../../core/gaia/package/packageSymbols.ts';
import type { ValidationApi } from '../../../workers/validation.worker.ts';
import type { ProjectSymbol, ProjectUse } from '../../../workers/validationApi.ts';
import { useDocumentStore } from '../document/documentStore.ts';

/** Resolves with the analysis of the newest edit once it has arrived. */
export function whenCurrent(timeoutMs = 10_000): Promise<AnalysisView> {
  const isCurrent = (s = useDocumentStore.getState()) => (s.analysis && s.analysis.version === s.editorVersion ? s.analysis : null);
  const now = isCurrent();
  if (now) return Promise.resolve(now);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error('the document is still being analysed'));
    }, timeoutMs);
    const unsubscribe = useDocumentStore.subscribe((s) => {
      const a = isCurrent(s);
      if (!a) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(a);
    });
  });
}

export class EditorQueries {
  constructor(private readonly validation: Remote<ValidationApi>) {}

  /** The id use at a position of the current text, asked of the worker. */
  async symbolAt(line: number, column: number): Promise<SymbolUse | null> {
    const a = await whenCurrent();
    return this.validation.symbolAt(a.version, line, column);
  }

  /** Every use of an id in the current text, asked of the worker. */
  async usesOf(id: string): Promise<SymbolUse[]> {
    const a = await whenCurrent();
    return (await this.validation.usesOf(a.version, id)) ?? [];
  }

  /** A project: the name at a place in one of its files, and what it stands for across modules. */
  async projectSymbolAt(file: string, line: number, column: number): Promise<ProjectSymbol | null> {
    const a = await whenCurrent();
    return this.validation.projectSymbolAt(a.version, file, line, column);
  }

  /** A project: every use, in every file, of what the name at a place stands for. */
  async projectReferences(file: string, line: number, column: number): Promise<ProjectUse[]> {
    const a = await whenCurrent();
    return (await this.validation.projectReferences(a.version, file, line, column)) ?? [];
  }

  /** A project: the edits renaming the name at a place across its files, or why not. */
  async projectRename(file: string, line: number, column: number, newName: string): Promise<RenameResult> {
    const a = await whenCurrent();
    return (await this.validation.projectRename(a.version, file, line, column, newName)) ?? { refused: 'the package changed meanwhile; try again' };
  }

  /** Canonical text of the document, from the printer in the worker. */
  format(text: string): Promise<string | null> {
    return this.validation.format(text, useDocumentStore.getState().language);
  }
}
