/**
 * Completion: belief ids after `<` and `,`, source types after `@`, known references
 * after `@file:` / `@model:`, and a new-belief snippet at the start of a line. The
 * context is read from the text before the cursor on the current line only.
 */
import type { languages as Languages } from 'monaco-editor/editor';
import { SOURCE_TYPES } from '../../../core/clair/ast.ts';
import { formatConfidence } from '../../../core/graph/explainWhy.ts';
import type { Monaco } from '../monacoSetup.ts';
import type { LanguageHost } from '../languageHost.ts';

const SOURCE_HELP: Record<string, string> = {
  user: 'stated by the user',
  ctx: 'taken from the context (files, environment)',
  self: 'derived by the reasoner',
  file: 'read from a file: @file:path',
  model: 'stated by a model: @model:name',
};

export function clairCompletionProvider(monaco: Monaco, host: LanguageHost): Languages.CompletionItemProvider {
  const Kind = monaco.languages.CompletionItemKind;
  return {
    triggerCharacters: ['<', ',', '@', ':'],
    provideCompletionItems(model, position) {
      const before = model.getLineContent(position.lineNumber).slice(0, position.column - 1);
      const word = model.getWordUntilPosition(position);
      const range = new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, position.column);
      const analysis = host.latest();

      const source = /@([A-Za-z]*)(:([^\s;]*))?$/.exec(before);
      if (source) {
        if (source[2] !== undefined) {
          const type = source[1];
          const seen = new Set<string>();
          for (const n of analysis?.graph.nodes ?? []) {
            const ref = n.source && n.source.type === type ? n.source.reference : null;
            if (ref) seen.add(ref);
          }
          const start = position.column - (source[3]?.length ?? 0);
          return {
            suggestions: [...seen].map((ref) => ({
              label: ref,
              kind: Kind.Reference,
              insertText: ref,
              range: new monaco.Range(position.lineNumber, start, position.lineNumber, position.column),
            })),
          };
        }
        const start = position.column - (source[1]?.length ?? 0);
        return {
          suggestions: SOURCE_TYPES.map((t, i) => ({
            label: t,
            kind: Kind.EnumMember,
            detail: SOURCE_HELP[t],
            insertText: t === 'file' || t === 'model' ? `${t}:` : t,
            sortText: String(i),
            range: new monaco.Range(position.lineNumber, start, position.lineNumber, position.column),
            ...(t === 'file' || t === 'model' ? { command: { id: 'editor.action.triggerSuggest', title: 'suggest' } } : {}),
          })),
        };
      }

      // Inside a justification list: after `<` or `,`, possibly with a partial id.
      if (/(<|,)\s*[a-z0-9_]*$/.test(before) && !/"/.test(before.replace(/"([^"\\]|\\.)*"/g, ''))) {
        const ownId = /^\s*([a-z][a-z0-9_]*)/.exec(before)?.[1];
        const already = new Set((/<.*$/.exec(before)?.[0] ?? '').split(/[<,\s]+/).filter(Boolean));
        const views = host.views();
        const suggestions: Languages.CompletionItem[] = [];
        for (const n of analysis?.graph.nodes ?? []) {
          if (n.id === ownId || already.has(n.id)) continue;
          const distance = Math.abs(position.lineNumber - n.range.line);
          const above = n.range.line < position.lineNumber ? 0 : 1;
          const view = views.get(n.id);
          suggestions.push({
            label: { label: n.id, description: `${formatConfidence(n.confidence)} ${view?.band ?? ''}`.trim() },
            kind: Kind.Variable,
            detail: `L${n.level ?? 0} @${n.source?.type ?? '?'}`,
            documentation: n.content,
            insertText: n.id,
            filterText: n.id,
            sortText: `${above}${String(distance).padStart(7, '0')}`,
            range,
          });
        }
        return { suggestions };
      }

      // At the start of a line: a new belief.
      if (/^\s*[a-z0-9_]*$/.test(before)) {
        let next = 1;
        const ids = new Set<string>((analysis?.graph.nodes ?? []).map((n) => n.id));
        for (const n of ids) {
          const m = /^b(\d+)$/.exec(n);
          if (m) next = Math.max(next, Number(m[1]) + 1);
        }
        while (ids.has(`b${next}`)) next++;
        return {
          suggestions: [
            {
              label: `b${next} — new belief`,
              kind: Kind.Snippet,
              insertText: `b${next} \${1:.8} L0 @\${2|self,user,ctx,file:,model:|} <\${3:b1} "\${4:proposition}"`,
              insertTextRules: monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet,
              documentation: 'A belief justified by others: id, confidence, level, source, justifications, content.',
              range,
            },
            {
              label: `b${next} — new root belief`,
              kind: Kind.Snippet,
              insertText: `b${next} \${1:1.0} L0 @\${2|user,ctx,file:,model:,self|} "\${3:proposition}"`,
              insertTextRules: monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet,
              documentation: 'A belief with no justification: what the user said, the context, a file or a model.',
              range,
            },
          ],
        };
      }
      return { suggestions: [] };
    },
  };
}
