/**
 * Serves z3's WebAssembly build (the z3-solver package's `z3-built.js` and
 * `z3-built.wasm`) to the page from node_modules — nothing from a CDN, nothing committed.
 *
 * The page imports `virtual:z3-assets` for the two URLs and hands them to the solver
 * worker. `z3-built.js` is an Emscripten classic script: the worker evaluates it, and
 * z3's own pthread workers load it again by URL, so it has to be served untouched (not
 * transformed as a module).
 * - dev (`vite`): a middleware answers `<base>@z3/z3-built.{js,wasm}` from node_modules;
 * - build: both files are emitted as hashed assets, and the module exports their URLs.
 */
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

const VIRTUAL_ID = 'virtual:z3-assets';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const FILES = { script: 'z3-built.js', wasm: 'z3-built.wasm' } as const;
const CONTENT_TYPES: Record<string, string> = { [FILES.script]: 'text/javascript; charset=utf-8', [FILES.wasm]: 'application/wasm' };

/** The headers that make a page cross-origin isolated, which z3's threads (SharedArrayBuffer) need. */
export const CROSS_ORIGIN_ISOLATION = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
} as const;

function z3BuildDir(root: string): string {
  const require = createRequire(join(root, 'package.json'));
  return dirname(require.resolve('z3-solver/build/z3-built.js'));
}

export function z3Assets(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'warrant:z3-assets',
    configResolved(resolved) {
      config = resolved;
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_ID) return null;
      if (config.command === 'serve') {
        const at = (file: string) => JSON.stringify(`${config.base}@z3/${file}`);
        return `export const z3ScriptUrl = ${at(FILES.script)};\nexport const z3WasmUrl = ${at(FILES.wasm)};\n`;
      }
      const dir = z3BuildDir(config.root);
      const script = this.emitFile({ type: 'asset', name: FILES.script, source: readFileSync(join(dir, FILES.script)) });
      const wasm = this.emitFile({ type: 'asset', name: FILES.wasm, source: readFileSync(join(dir, FILES.wasm)) });
      return `export const z3ScriptUrl = import.meta.ROLLUP_FILE_URL_${script};\nexport const z3WasmUrl = import.meta.ROLLUP_FILE_URL_${wasm};\n`;
    },
    configureServer(server) {
      const dir = z3BuildDir(server.config.root);
      const prefix = `${server.config.base}@z3/`;
      server.middlewares.use((req, res, next) => {
        const path = req.url?.split('?')[0] ?? '';
        if (!path.startsWith(prefix)) return next();
        const file = path.slice(prefix.length);
        const type = CONTENT_TYPES[file];
        if (!type) return next();
        // 35 MB of wasm: revalidated by size and time, not sent again on every worker start.
        const stat = statSync(join(dir, file));
        const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
        for (const [name, value] of Object.entries(CROSS_ORIGIN_ISOLATION)) res.setHeader(name, value);
        res.setHeader('Cache-Control', 'no-cache');
        res.setHeader('ETag', etag);
        if (req.headers['if-none-match'] === etag) {
          res.statusCode = 304;
          res.end();
          return;
        }
        res.setHeader('Content-Type', type);
        res.end(readFileSync(join(dir, file)));
      });
    },
  };
}
