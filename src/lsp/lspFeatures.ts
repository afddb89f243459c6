/**
 * The editor features `warrant lsp` answers, each read from the workspace's analysis and
 * worded by src/core/editing (the rules the page's Monaco uses): hover, completion, go to
 * definition, references, highlights, rename, formatting, quick fixes and the outline. In
 * a Gaia package, names are looked up across its modules.
 */
import type {
  CodeAction,
  CodeActionParams,
  CompletionItem,
  CompletionList,
  CompletionParams,
  DefinitionParams,
  DocumentFormattingParams,
  DocumentHighlight,
  DocumentHighlightParams,
  DocumentSymbol,
  DocumentSymbolParams,
  Hover,
  HoverParams,
  Location,
  PrepareRenameParams,
  Range,
  ReferenceParams,
  RenameParams,
  TextDocumentPositionParams,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver';
import { CodeActionKind, CompletionItemKind, CompletionItemTag, DocumentHighlightKind, ErrorCodes, InsertTextFormat, MarkupKind, ResponseError, SymbolKind } from 'vscode-languageserver';
import type { SymbolUse } from '../core/clair/symbolIndex.ts';
import { symbolAt, usesOf } from '../core/clair/symbolIndex.ts';
import type { CompletionKind } from '../core/editing/completions.ts';
import { wordAt } from '../core/editing/completions.ts';
import { outlineOf } from '../core/editing/documentSymbols.ts';
import { formattingEdits } from '../core/editing/formattingEdits.ts';
import { verbNamed } from '../core/editing/gaiaVocabulary.ts';
import { beliefHover, gaiaNodeHover, verbHover } from '../core/editing/hoverText.ts';
import type { ReintroductionFlag } from '../core/contradiction/reintroductionFlag.ts';
import { documentReintroduction } from '../core/contradiction/reintroductionFlag.ts';
import type { ReasoningGraph } from '../core/graph/reasoningGraph.ts';
import type { NameRule } from '../core/editing/nameRules.ts';
import { CLAIR_NAMES, notRenamable, renameRefusal } from '../core/editing/nameRules.ts';
import { diagnosticKey, fixesFor } from '../core/editing/quickFixes.ts';
import { boundNamesOf, packageDefinition, packageReferences, packageSymbolAt, renamePackageSymbol } from '../core/gaia/package/packageSymbols.ts';
import type { PackageSymbolUse } from '../core/gaia/package/packageSymbols.ts';
import { analyzerOf } from '../core/languages/languageAnalyzers.ts';
import { editingOf } from '../core/languages/languageEditing.ts';
import { PACKAGE_LANGUAGE, type Language } from '../core/languages/languageTable.ts';
import type { FileState, Located, LspWorkspace, PackageState } from './lspWorkspace.ts';
import { fromLspRange, toLspEdit, toLspRange } from './lspRanges.ts';

/** The text of an open document, by URI (the server's document manager). */
export type TextOf = (uri: string) => string | null;

const COMPLETION_KINDS: Record<CompletionKind, CompletionItemKind> = {
  belief: CompletionItemKind.Variable,
  claim: CompletionItemKind.Variable,
  source: CompletionItemKind.EnumMember,
  reference: CompletionItemKind.Reference,
  knowledge: CompletionItemKind.Reference,
  snippet: CompletionItemKind.Snippet,
  verb: CompletionItemKind.Function,
  keyword: CompletionItemKind.Property,
};

const SYMBOL_KINDS = {
  variable: SymbolKind.Variable,
  function: SymbolKind.Function,
  string: SymbolKind.String,
  class: SymbolKind.Class,
  constant: SymbolKind.Constant,
  property: SymbolKind.Property,
} as const;

export class LspFeatures {
  constructor(
    private readonly workspaceOf: () => LspWorkspace,
    private readonly textOf: TextOf,
  ) {}

  private get workspace(): LspWorkspace {
    return this.workspaceOf();
  }

  /** A belief's reintroduction flag under its document's own contradictions (an editor has no session log). */
  private flagOf(at: { readonly state: { readonly analysis: { readonly graph: ReasoningGraph } | null } }, id: string): ReintroductionFlag {
    const graph = at.state.analysis?.graph;
    return graph ? documentReintroduction(graph).flagOf(id) : { reintroduced_claim: false };
  }

  async hover(p: HoverParams): Promise<Hover | null> {
    const at = await this.workspace.locate(p.textDocument.uri);
    if (!at) return null;
    const { line, column } = position(p);
    const markdown = (value: string, range: Range): Hover => ({ contents: { kind: MarkupKind.Markdown, value }, range });
    const hover = editingOf(languageAt(at)).hover;
    if (hover === 'symbol' && at.file === null) {
      const use = symbolAt(this.workspace.fileSymbols(at.state), line, column);
      if (!use) return null;
      const view = at.state.views.get(use.id);
      const references = usesOf(this.workspace.fileSymbols(at.state), use.id).filter((u) => u.kind !== 'definition').length;
      return markdown(beliefHover(use.id, view, references, this.flagOf(at, use.id)), toLspRange(use.range));
    }
    if (hover !== 'word') return null;
    // The knowledge a name stands for (a Gaia claim), else the verb.
    const text = this.textOf(p.textDocument.uri) ?? '';
    const lineText = text.split('\n')[line - 1] ?? '';
    const word = wordAt(lineText, column);
    if (word.start === word.end) return null;
    const range = toLspRange({ line, column: word.start, endLine: line, endColumn: word.end });
    const id = this.nodeIdAt(at, line, column) ?? lineText.slice(word.start - 1, word.end - 1);
    const view = at.state.views.get(id);
    if (view) return markdown(gaiaNodeHover(view, at.state.analysis, at.state.posteriors.get(id), this.flagOf(at, id)), range);
    const verb = verbNamed(lineText.slice(word.start - 1, word.end - 1));
    return verb ? markdown(verbHover(verb), range) : null;
  }

  /** A list marked incomplete (more ids than offered) is a CompletionList; otherwise the items alone. */
  async completion(p: CompletionParams): Promise<CompletionItem[] | CompletionList> {
    const at = await this.workspace.locate(p.textDocument.uri);
    const text = this.textOf(p.textDocument.uri);
    if (!at || text === null) return [];
    const { line, column } = position(p);
    const lines = text.split('\n');
    const lineText = lines[line - 1] ?? '';
    const lineBefore = lineText.slice(0, column - 1);
    const word = wordAt(lineText, column);
    const place = { line, column, lineBefore, wordStart: word.start, wordEnd: word.end };
    const textBefore = () => [...lines.slice(Math.max(0, line - 81), line - 1), lineBefore].join('\n');
    const { entries, incomplete } = editingOf(languageAt(at)).complete(place, textBefore, at.state.analysis, at.state.views);
    const items = entries.map(
      (e): CompletionItem => ({
        label: e.label,
        kind: COMPLETION_KINDS[e.kind],
        ...(e.description !== undefined && { labelDetails: { description: e.description } }),
        ...(e.detail !== undefined && { detail: e.detail }),
        ...(e.documentation !== undefined && { documentation: e.documentation }),
        ...(e.sortText !== undefined && { sortText: e.sortText }),
        ...(e.filterText !== undefined && { filterText: e.filterText }),
        ...(e.deprecated && { tags: [CompletionItemTag.Deprecated] }),
        ...(e.retrigger && { command: { title: 'suggest', command: 'editor.action.triggerSuggest' } }),
        insertTextFormat: e.snippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
        textEdit: { range: toLspRange({ line, column: e.replace.column, endLine: line, endColumn: e.replace.endColumn }), newText: e.insertText },
      }),
    );
    return incomplete ? { isIncomplete: true, items } : items;
  }

  async definition(p: DefinitionParams): Promise<Location | null> {
    const at = await this.workspace.locate(p.textDocument.uri);
    if (!at) return null;
    const { line, column } = position(p);
    if (at.file !== null) {
      const use = this.packageUse(at.state, at.file, line, column);
      const def = use ? packageDefinition(this.workspace.packageSymbols(at.state), use) : null;
      return def ? { uri: this.workspace.uriOf(at.state.root, def.file), range: toLspRange(def.range) } : null;
    }
    const def = this.fileUses(at.state, line, column).find((u) => u.kind === 'definition');
    return def ? { uri: p.textDocument.uri, range: toLspRange(def.range) } : null;
  }

  async references(p: ReferenceParams): Promise<Location[]> {
    const at = await this.workspace.locate(p.textDocument.uri);
    if (!at) return [];
    const { line, column } = position(p);
    const withDefinition = p.context.includeDeclaration;
    if (at.file !== null) {
      const use = this.packageUse(at.state, at.file, line, column);
      if (!use) return [];
      return packageReferences(this.workspace.packageSymbols(at.state), use)
        .filter((u) => withDefinition || u.role !== 'definition')
        .map((u) => ({ uri: this.workspace.uriOf(at.state.root, u.file), range: toLspRange(u.range) }));
    }
    return this.fileUses(at.state, line, column)
      .filter((u) => withDefinition || u.kind !== 'definition')
      .map((u) => ({ uri: p.textDocument.uri, range: toLspRange(u.range) }));
  }

  async highlights(p: DocumentHighlightParams): Promise<DocumentHighlight[]> {
    const at = await this.workspace.locate(p.textDocument.uri);
    if (!at) return [];
    const { line, column } = position(p);
    if (at.file !== null) {
      const file = at.file;
      const use = this.packageUse(at.state, file, line, column);
      if (!use) return [];
      return packageReferences(this.workspace.packageSymbols(at.state), use)
        .filter((u) => u.file === file)
        .map((u) => ({ range: toLspRange(u.range), kind: u.role === 'definition' ? DocumentHighlightKind.Write : DocumentHighlightKind.Read }));
    }
    return this.fileUses(at.state, line, column).map((u) => ({ range: toLspRange(u.range), kind: u.kind === 'definition' ? DocumentHighlightKind.Write : DocumentHighlightKind.Read }));
  }

  async prepareRename(p: PrepareRenameParams): Promise<{ range: Range; placeholder: string }> {
    const at = await this.workspace.locate(p.textDocument.uri);
    const { line, column } = position(p);
    if (at && at.file !== null) {
      const use = this.packageUse(at.state, at.file, line, column);
      if (!use) throw refusal('Only names of the package (claims, notes, questions, helpers and module-level values) can be renamed.');
      const symbol = this.workspace.packageSymbols(at.state).symbols[use.symbol]!;
      if (symbol.kind === 'module') throw refusal(`${use.name} is a module: rename its file instead.`);
      return { range: toLspRange(use.range), placeholder: use.name };
    }
    const rule = at ? nameRuleOf(at.state) : CLAIR_NAMES;
    const use = at ? symbolAt(this.workspace.fileSymbols(at.state), line, column) : null;
    if (!use) throw refusal(notRenamable(rule));
    return { range: toLspRange(use.range), placeholder: use.id };
  }

  async rename(p: RenameParams): Promise<WorkspaceEdit> {
    const at = await this.workspace.locate(p.textDocument.uri);
    if (!at) throw refusal('the document is not open');
    const { line, column } = position(p);
    if (at.file !== null) {
      const result = renamePackageSymbol(this.workspace.packageSymbols(at.state), at.file, line, column, p.newName, boundNamesOf(at.state.gaia.run));
      if ('refused' in result) throw refusal(result.refused);
      const changes: Record<string, TextEdit[]> = {};
      for (const e of result.edits) (changes[this.workspace.uriOf(at.state.root, e.file)] ??= []).push({ range: toLspRange(e.range), newText: e.text });
      return { changes };
    }
    const rule = nameRuleOf(at.state);
    const use = symbolAt(this.workspace.fileSymbols(at.state), line, column);
    if (!use) throw refusal(notRenamable(rule));
    const why = renameRefusal(rule, use.id, p.newName, (name) => at.state.views.has(name));
    if (why) throw refusal(why);
    return { changes: { [p.textDocument.uri]: usesOf(this.workspace.fileSymbols(at.state), use.id).map((u) => ({ range: toLspRange(u.range), newText: p.newName })) } };
  }

  async formatting(p: DocumentFormattingParams): Promise<TextEdit[]> {
    const at = await this.workspace.locate(p.textDocument.uri);
    const text = this.textOf(p.textDocument.uri);
    if (!at || at.file !== null || text === null) return [];
    const printed = analyzerOf(at.state.language).print?.(text) ?? null;
    return printed === null ? [] : formattingEdits(text, printed).map(toLspEdit);
  }

  async codeActions(p: CodeActionParams): Promise<CodeAction[]> {
    const at = await this.workspace.locate(p.textDocument.uri);
    if (!at) return [];
    const byKey = new Map(p.context.diagnostics.map((d) => [diagnosticKey(String(d.code ?? ''), fromLspRange(d.range)), d]));
    const mine = at.file === null ? at.state.analysis.diagnostics : at.state.analysis.diagnostics.filter((d) => d.file === at.file);
    return fixesFor(mine, [...byKey.keys()]).map(({ key, fix, preferred }) => ({
      title: fix.title,
      kind: CodeActionKind.QuickFix,
      diagnostics: [byKey.get(key)!],
      isPreferred: preferred,
      edit: { changes: { [p.textDocument.uri]: fix.edits.map(toLspEdit) } },
    }));
  }

  async documentSymbols(p: DocumentSymbolParams): Promise<DocumentSymbol[]> {
    const at = await this.workspace.locate(p.textDocument.uri);
    if (!at) return [];
    return outlineOf(at.state.analysis, at.file).map((e) => ({
      name: e.name,
      ...(e.detail && { detail: e.detail }),
      kind: SYMBOL_KINDS[e.kind],
      range: toLspRange(e.range),
      selectionRange: toLspRange(e.selectionRange),
    }));
  }

  private fileUses(state: FileState, line: number, column: number): SymbolUse[] {
    const symbols = this.workspace.fileSymbols(state);
    const use = symbolAt(symbols, line, column);
    return use ? usesOf(symbols, use.id) : [];
  }

  private packageUse(state: PackageState, file: string, line: number, column: number): PackageSymbolUse | null {
    return packageSymbolAt(this.workspace.packageSymbols(state), file, line, column);
  }

  /** The graph node a Gaia name stands for. */
  private nodeIdAt(at: Located, line: number, column: number): string | null {
    if (at.file !== null) {
      const use = this.packageUse(at.state, at.file, line, column);
      return use ? (this.workspace.packageSymbols(at.state).symbols[use.symbol]!.nodeId ?? use.name) : null;
    }
    return symbolAt(this.workspace.fileSymbols(at.state), line, column)?.id ?? null;
  }
}

function position(p: TextDocumentPositionParams): { line: number; column: number } {
  return { line: p.position.line + 1, column: p.position.character + 1 };
}

function nameRuleOf(state: FileState): NameRule {
  return editingOf(state.language).names;
}

/** The language of what the cursor is in: the file's, or the package's for a module of one. */
function languageAt(at: Located): Language {
  return at.file === null ? at.state.language : PACKAGE_LANGUAGE;
}

function refusal(message: string): ResponseError<void> {
  return new ResponseError(ErrorCodes.InvalidRequest, message);
}
