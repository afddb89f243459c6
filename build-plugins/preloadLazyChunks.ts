/**
 * The production page asks for its lazily loaded editor (Monaco, four fifths of the
 * JavaScript) only once the first chunk has run; this plugin lists that chunk and what it
 * imports as `<link rel="modulepreload">` in index.html, so the browser fetches and
 * compiles them alongside the first chunk. Nothing runs earlier than before: a preloaded
 * module is evaluated when the page imports it, as a lazy chunk should be.
 */
import type { OutputChunk } from 'rollup';
import type { Plugin } from 'vite';

/** `entries`: source paths (relative to the project) of the dynamically imported modules to preload. */
export function preloadLazyChunks(entries: readonly string[]): Plugin {
  let base = '/';
  return {
    name: 'warrant:preload-lazy-chunks',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const files = new Set<string>();
        const styles = new Set<string>();
        const visit = (chunk: OutputChunk): void => {
          if (files.has(chunk.fileName) || chunk.isEntry) return;
          files.add(chunk.fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const imported of chunk.imports) {
            const next = byFile.get(imported);
            if (next) visit(next);
          }
        };
        for (const entry of entries) {
          const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(entry));
          if (chunk) visit(chunk);
        }
        return [
          ...[...files].map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` }, injectTo: 'head' as const })),
          ...[...styles].map((file) => ({ tag: 'link', attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `${base}${file}` }, injectTo: 'head' as const })),
        ];
      },
    },
  };
}
