import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { loopbackUncompressed } from './build-plugins/loopbackUncompressed.ts';
import { preloadLazyChunks } from './build-plugins/preloadLazyChunks.ts';
import { reactFlowRemovedNodes, reactFlowRemovedNodesEsbuild } from './build-plugins/reactFlowRemovedNodes.ts';
import { CROSS_ORIGIN_ISOLATION, z3Assets } from './build-plugins/z3Assets.ts';

// Workers are ES modules so they can import the core directly; Monaco's editor worker
// comes in through `?worker`. Everything is served from this machine: no CDN.
// Both servers send the cross-origin-isolation headers: z3 (WebAssembly with threads, in
// the solver worker) needs SharedArrayBuffer, which only an isolated page has.
export default defineConfig({
  plugins: [z3Assets(), preloadLazyChunks(['src/app/editor/EditorPane.tsx']), reactFlowRemovedNodes(), loopbackUncompressed()],
  worker: { format: 'es' },
  // y-monaco imports Monaco's API by a path the package's exports no longer map: the same module.
  // Monaco's language services make their workers through a module that first imports every editor
  // feature, registered after the editor's services exist: the page's own copy (languageWorkers.ts).
  resolve: {
    alias: [
      { find: 'monaco-editor/esm/vs/editor/editor.api.js', replacement: 'monaco-editor/editor' },
      { find: /^(\.\.\/)+internal\/common\/workers\.js$/, replacement: fileURLToPath(new URL('./src/app/monaco/languageWorkers.ts', import.meta.url)) },
    ],
  },
  server: { port: 5173, strictPort: false, headers: { ...CROSS_ORIGIN_ISOLATION } },
  preview: { port: 4173, strictPort: false, headers: { ...CROSS_ORIGIN_ISOLATION } },
  // WARRANT_OUT_DIR lets two test runs on one machine build and serve their own copies.
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 4000,
    outDir: process.env.WARRANT_OUT_DIR ?? 'dist',
    // The storage benchmark's probe is a page of its own (bench/page/storage.html): the IDE's page carries no bench code.
    rollupOptions: { input: { main: 'index.html', storage: 'bench/page/storage.html' } },
  },
  // Pre-bundled up front so the dev server does not reload the page when it first meets them.
  optimizeDeps: {
    esbuildOptions: { plugins: [reactFlowRemovedNodesEsbuild()] },
    include: [
      'comlink',
      'zustand',
      '@xyflow/react',
      'react',
      'react-dom',
      'react-dom/client',
      'elkjs/lib/elk.bundled.js',
      'elkjs/lib/elk-api.js',
      'z3-solver/build/low-level/wrapper.__GENERATED__.js',
      'monaco-editor/language/json/monaco.contribution',
      'monaco-editor/languages/features/json/register',
    ],
  },
});
