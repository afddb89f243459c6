/** Completion entries of src/core/editing/completions.ts as Monaco's items. */
import type { languages as Languages } from 'monaco-editor/editor';
import type { CompletionKind, Completions } from '../../core/editing/completions.ts';
import type { Monaco } from './monacoSetup.ts';

export function toMonacoItems(monaco: Monaco, line: number, { entries, incomplete }: Completions): Languages.CompletionList {
  const L = monaco.languages;
  const kinds: Record<CompletionKind, Languages.CompletionItemKind> = {
    belief: L.CompletionItemKind.Variable,
    claim: L.CompletionItemKind.Variable,
    source: L.CompletionItemKind.EnumMember,
    reference: L.CompletionItemKind.Reference,
    knowledge: L.CompletionItemKind.Reference,
    snippet: L.CompletionItemKind.Snippet,
    verb: L.CompletionItemKind.Function,
    keyword: L.CompletionItemKind.Property,
  };
  return {
    // Monaco asks again on the next key, so a longer prefix brings the ids left out.
    incomplete,
    suggestions: entries.map((e) => ({
      label: e.description !== undefined ? { label: e.label, description: e.description } : e.label,
      kind: kinds[e.kind],
      insertText: e.insertText,
      range: new monaco.Range(line, e.replace.column, line, e.replace.endColumn),
      ...(e.detail !== undefined && { detail: e.detail }),
      ...(e.documentation !== undefined && { documentation: e.documentation }),
      ...(e.sortText !== undefined && { sortText: e.sortText }),
      ...(e.filterText !== undefined && { filterText: e.filterText }),
      ...(e.snippet && { insertTextRules: L.CompletionItemInsertTextRule.InsertAsSnippet }),
      ...(e.deprecated && { tags: [L.CompletionItemTag.Deprecated] }),
      ...(e.retrigger && { command: { id: 'editor.action.triggerSuggest', title: 'suggest' } }),
    })),
  };
}
