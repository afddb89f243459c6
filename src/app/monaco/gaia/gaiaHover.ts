/**
 * Hover on a name in a Gaia module: for a claim, its prior and where it came from, its
 * posterior, and how it lowers (helper claims, the actions it takes part in); for a
 * verb, its signature and what it means.
 */
import type { languages as Languages } from 'monaco-editor/editor';
import { formatConfidence } from '../../../core/graph/explainWhy.ts';
import type { Monaco } from '../monacoSetup.ts';
import type { LanguageHost } from '../languageHost.ts';
import { verbNamed } from './gaiaVocabulary.ts';

function escapeMarkdown(s: string): string {
  return s.replace(/[\\`*_{}[\]()#+\-.!<>|]/g, (c) => '\\' + c);
}

export function gaiaHoverProvider(monaco: Monaco, host: LanguageHost): Languages.HoverProvider {
  return {
    async provideHover(model, position) {
      const word = model.getWordAtPosition(position);
      if (!word) return null;
      const range = new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn);
      const use = await host.symbolAt(position.lineNumber, position.column).catch(() => null);
      const id = use?.id ?? word.word;
      const view = host.views().get(id);
      if (view) {
        const n = view.node;
        const analysis = host.latest();
        const posterior = host.posterior(id);
        const lines = [`**${escapeMarkdown(id)}** · ${n.kind}${n.helper ? ' (helper)' : ''}${n.qid ? ` · \`${n.qid}\`` : ''}`, '', escapeMarkdown(n.content)];
        if (n.kind === 'claim') {
          const prior = n.confidence === null ? 'none (maximum entropy, 0.5)' : `${formatConfidence(n.confidence)} from ${n.priorSource === 'user_priors' ? 'register_prior' : n.priorSource === 'claim_inline' ? 'prior=' : (n.priorSource ?? 'the package')}`;
          lines.push('', `prior ${prior} · posterior ${posterior === undefined ? '…' : formatConfidence(posterior)}`);
        }
        if (analysis) {
          const factors = analysis.graph.edges
            .filter((e) => e.from === id || e.to === id)
            .map((e) => (e.from === id ? e.to : e.from))
            .map((f) => analysis.graph.nodes.find((x) => x.id === f))
            .filter((f) => f?.kind === 'factor')
            .map((f) => `${f!.factor?.verb ?? 'action'}${f!.factor?.label ? ` \`${f!.factor.label}\`` : ''}`);
          if (factors.length > 0) lines.push('', `lowers into: ${[...new Set(factors)].join(', ')}`);
        }
        if (view.problem) lines.push('', `_${escapeMarkdown(view.problem)}_`);
        return { range, contents: [{ value: lines.join('\n') }] };
      }
      const verb = verbNamed(word.word);
      if (verb) {
        const lines = [`\`${verb.signature}\``, '', verb.summary];
        if (verb.deprecated) lines.push('', `_Deprecated: ${verb.deprecated}._`);
        return { range, contents: [{ value: lines.join('\n') }] };
      }
      return null;
    },
  };
}
