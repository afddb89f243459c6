import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { preloadEditor } from './lazyPanes.tsx';
import './styles.css';

// The browser benchmark's storage probe, loaded only on `?bench` pages.
if (new URLSearchParams(location.search).has('bench')) void import('../db/benchProbe.ts').then((m) => m.installDbBenchProbe());

// The editor's chunk (Monaco) starts downloading now, while the shell renders.
preloadEditor();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
