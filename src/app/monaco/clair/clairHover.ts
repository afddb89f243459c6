/** Hover on a belief id: its confidence, band, level, source, content and derived values. */
import type { languages as Languages } from 'monaco-editor/editor';
import { formatConfidence } from '../../../core/graph/explainWhy.ts';
import type { Monaco } from '../monacoSetup.ts';
import type { LanguageHost } from '../languageHost.ts';

export function clairHoverProvider(monaco: Monaco, host: LanguageHost): Languages.HoverProvider {
  return {
    async provideHover(_model, position) {
      const use = await host.symbolAt(position.lineNumber, position.column).catch(() => null);
      if (!use) return null;
      const view = host.views().get(use.id);
      const r = use.range;
      const range = new monaco.Range(r.line, r.column, r.endLine, r.endColumn);
      if (!view) return { range, contents: [{ value: `**${use.id}** — defined on a line that is left out of the graph` }] };
      const n = view.node;
      const source = n.source ? `@${n.source.type}${n.source.reference ? ':' + n.source.reference : ''}` : 'no source';
      const lines = [
        `**${n.id}** · ${formatConfidence(n.confidence)} ${view.band ?? ''} · L${n.level ?? 0}${n.level === null ? ' (no level written)' : ''} · \`${source}\``,
        '',
        escapeMarkdown(n.content),
      ];
      if (view.derived && view.derived.derived !== null) {
        lines.push('', `derived ${formatConfidence(view.derived.derived)} · effective ${formatConfidence(view.derived.effective)}`);
      }
      if (n.invalidations.length > 0) lines.push('', `reconsider if: ${n.invalidations.map(escapeMarkdown).join('; ')}`);
      if (n.broken) lines.push('', '_this line does not parse; shown from what could be read_');
      else if (view.problem) lines.push('', `_${escapeMarkdown(view.problem)}_`);
      const uses = (await host.usesOf(use.id)).filter((u) => u.kind !== 'definition').length;
      lines.push('', `${uses} reference${uses === 1 ? '' : 's'} · line ${n.range.line}`);
      return { range, contents: [{ value: lines.join('\n') }] };
    },
  };
}

function escapeMarkdown(s: string): string {
  return s.replace(/[\\`*_{}[\]()#+\-.!<>|]/g, (c) => '\\' + c);
}
