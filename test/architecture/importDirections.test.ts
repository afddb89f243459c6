/**
 * The layers import only in the allowed directions (docs/architecture.md):
 *
 *   core ← everything
 *   app → store → workers, db, team
 *   cli, lsp, server → node → core
 *
 * Every relative import in src/ and workers/ is read, `import type` included (a type
 * pulls its module's meaning along with it), and each one between two layers must be
 * listed below. A new direction is a decision for docs/architecture.md, not a quiet edit.
 */
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { productSources } from '../support/sourceTree.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** What each layer may import besides itself. */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  core: [],
  node: ['core'],
  // Adapters around engines that run both in workers and in Node.
  elk: ['core'],
  solvers: ['core'],
  team: ['core'],
  db: ['core'],
  workers: ['core', 'elk', 'solvers'],
  store: ['core', 'db', 'workers', 'team'],
  app: ['core', 'store'],
  lsp: ['core', 'node'],
  server: ['core', 'node'],
  // The command line is the entry point of the servers it starts (`serve`, `lsp`).
  cli: ['core', 'node', 'elk', 'solvers', 'team', 'server', 'lsp'],
};

/** Imports across layers allowed one by one, with the reason. */
const EXCEPTIONS: readonly { from: string; to: string; why: string }[] = [{ from: 'src/cli/commands/bench.ts', to: 'bench/', why: '`warrant bench` loads the suite lazily, only when it runs' }];

function layerOf(file: string): string {
  const rel = relative(root, file).split('\\').join('/');
  if (rel.startsWith('workers/')) return 'workers';
  if (rel.startsWith('src/')) return rel.split('/')[1] ?? '';
  return rel.split('/')[0] ?? '';
}

const IMPORT = /(?:\bfrom|\bimport\s*\(|^\s*import)\s*['"](\.{1,2}\/[^'"]+)['"]/gm;

function wrongWayImports(sources: readonly { file: string; text: string }[]): string[] {
  const wrong: string[] = [];
  for (const { file, text } of sources) {
    const from = layerOf(file);
    for (const [, spec] of text.matchAll(IMPORT)) {
      const target = resolve(dirname(file), spec!);
      const to = layerOf(target);
      if (to === from) continue;
      const fromRel = relative(root, file);
      const toRel = relative(root, target);
      if ((ALLOWED[from] ?? []).includes(to)) continue;
      if (EXCEPTIONS.some((e) => fromRel === e.from && toRel.startsWith(e.to))) continue;
      wrong.push(`${fromRel} → ${toRel} (${from} → ${to})`);
    }
  }
  return wrong;
}

describe('import directions', () => {
  // Paths made absolute again: an import is resolved against the file's own folder.
  const sources = productSources(root).map(({ file, text }) => ({ file: join(root, file), text }));

  it('reads the whole source tree', () => {
    expect(sources.length).toBeGreaterThan(300);
    const layers = new Set(sources.map(({ file }) => layerOf(file)));
    // A new top-level folder needs a row in ALLOWED before anything can import it.
    expect([...layers].filter((l) => !(l in ALLOWED))).toEqual([]);
  });

  it('has no import against the allowed directions', () => {
    expect(wrongWayImports(sources)).toEqual([]);
  });

  it.each([
    ['src/core/graph/x.ts', "import { a } from '../../store/documentStore.ts';"],
    ['src/store/x.ts', "import type { A } from '../app/editor/activeEditor.ts';"],
    ['src/lsp/x.ts', "import { b } from '../cli/output.ts';"],
    ['src/server/x.ts', "const m = await import('../cli/main.ts');"],
    ['src/db/x.ts', "import { c } from '../store/signatureVerifier.ts';"],
    ['src/app/x.tsx', "import type { P } from '../../workers/validationApi.ts';"],
    ['src/cli/x.ts', "import { d } from '../../bench/runBench.ts';"],
  ])('catches %s importing against the grain', (file, text) => {
    expect(wrongWayImports([{ file: join(root, file), text }])).toHaveLength(1);
  });

  it('lets a layer import itself and what sits below it', () => {
    expect(wrongWayImports([{ file: join(root, 'src/app/x.tsx'), text: "import { s } from '../store/documentStore.ts';\nimport { c } from '../core/largeArrays.ts';" }])).toEqual([]);
  });
});
