/**
 * Completion in Gaia modules: verbs at the start of a statement or after `name =`, the
 * verb's keyword arguments inside its call, and the package's existing labels where a
 * claim is expected (positional arguments, given=[...], parts=[...], …).
 */
import type { languages as Languages } from 'monaco-editor/editor';
import { formatConfidence } from '../../../core/graph/explainWhy.ts';
import type { Monaco } from '../monacoSetup.ts';
import type { LanguageHost } from '../languageHost.ts';
import { callContext } from './gaiaCallContext.ts';
import { GAIA_VERBS, verbNamed } from './gaiaVocabulary.ts';

/** Keyword arguments whose value is a number or text, not a claim. */
const NON_CLAIM_KEYWORDS = new Set(['rationale', 'label', 'prior', 'p_e_given_h', 'p_e_given_not_h', 'p_a_given_b', 'p_b_given_a', 'pattern', 'title', 'format', 'justification', 'source_id', 'value', 'fn']);

export function gaiaCompletionProvider(monaco: Monaco, host: LanguageHost): Languages.CompletionItemProvider {
  const Kind = monaco.languages.CompletionItemKind;
  return {
    triggerCharacters: ['(', ',', '[', '='],
    provideCompletionItems(model, position) {
      const before = model.getValueInRange(new monaco.Range(Math.max(1, position.lineNumber - 80), 1, position.lineNumber, position.column));
      const word = model.getWordUntilPosition(position);
      const range = new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn);
      const context = callContext(before);

      const verbItems = (): Languages.CompletionItem[] =>
        GAIA_VERBS.map((v, i) => ({
          label: { label: v.name, description: v.deprecated ? `deprecated: ${v.deprecated}` : undefined },
          kind: Kind.Function,
          detail: v.signature,
          documentation: v.summary,
          insertText: v.name,
          sortText: `${v.deprecated ? 'z' : 'a'}${String(i).padStart(3, '0')}`,
          tags: v.deprecated ? [monaco.languages.CompletionItemTag.Deprecated] : [],
          range,
        }));

      const labelItems = (): Languages.CompletionItem[] => {
        const out: Languages.CompletionItem[] = [];
        const views = host.views();
        for (const n of host.latest()?.graph.nodes ?? []) {
          if (n.kind === 'factor' || n.helper) continue;
          const posterior = views.get(n.id);
          out.push({
            label: { label: n.id, description: n.kind === 'claim' ? (n.confidence === null ? 'no prior' : `prior ${formatConfidence(n.confidence)}`) : n.kind },
            kind: n.kind === 'claim' ? Kind.Variable : Kind.Reference,
            detail: n.kind,
            documentation: n.content,
            insertText: n.id,
            sortText: `${n.kind === 'claim' ? 0 : 1}${n.id}`,
            range,
          });
          void posterior;
        }
        return out;
      };

      if (context.kind === 'statement') return { suggestions: verbItems() };
      if (context.kind === 'arguments') {
        const verb = verbNamed(context.verb);
        const suggestions: Languages.CompletionItem[] = [];
        if (!context.keyword || !NON_CLAIM_KEYWORDS.has(context.keyword)) suggestions.push(...labelItems());
        if (verb && !context.keyword) {
          for (const k of verb.keywords) {
            if (context.usedKeywords.includes(k)) continue;
            suggestions.push({
              label: `${k}=`,
              kind: Kind.Property,
              detail: `${verb.name}: keyword argument`,
              insertText: k === 'given' || k === 'background' || k === 'parts' ? `${k}=[$0]` : `${k}=$0`,
              insertTextRules: monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet,
              sortText: `!${k}`,
              range,
            });
          }
        }
        return { suggestions };
      }
      return { suggestions: [] };
    },
  };
}
