import { defineConfig } from 'vite';

// Workers are ES modules so they can import the core directly; Monaco's editor worker
// comes in through `?worker`. Everything is served from this machine: no CDN.
export default defineConfig({
  worker: { format: 'es' },
  server: { port: 5173, strictPort: false },
  preview: { port: 4173, strictPort: false },
  build: { target: 'es2022', chunkSizeWarningLimit: 4000 },
  // Pre-bundled up front so the dev server does not reload the page when it first meets them.
  optimizeDeps: { include: ['comlink', 'zustand', '@xyflow/react', 'react', 'react-dom', 'react-dom/client', 'elkjs/lib/elk.bundled.js'] },
});
