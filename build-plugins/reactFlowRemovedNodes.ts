/**
 * React Flow's node wrapper selects its node from the store with `node.internals`. When
 * the page stops drawing a node (the view moved past it, a paste replaced the graph), the
 * store takes the new node list while the wrapper is still mounted, and its selector reads
 * `internals` of undefined. React catches that and re-renders the wrapper, which its parent
 * then drops — but every store update until then throws once per dropped node: 420
 * exceptions, each with its stack captured, in the commit that draws a 3,000-belief paste.
 * Reading `internals` optionally gives the same outcome without the throws.
 *
 * One rewrite, applied where the module is read: in the production build (a Vite
 * transform) and in the dev server's dependency pre-bundling (an esbuild plugin). A React
 * Flow whose code no longer has the line stops the build, so the patch is reviewed when
 * the pinned version changes.
 */
import { readFile } from 'node:fs/promises';
import type { Plugin as EsbuildPlugin } from 'esbuild';
import type { Plugin } from 'vite';

const MODULE = /[\\/]@xyflow[\\/]react[\\/]dist[\\/]esm[\\/]index\.m?js$/;
const READ = 'internals: node.internals,';
const READ_OPTIONALLY = 'internals: node?.internals,';

/** The module's code with the selector's read made optional; throws when the code has changed. */
export function patchRemovedNodeRead(code: string, file: string): string {
  const at = code.indexOf(READ);
  if (at < 0 || code.indexOf(READ, at + 1) >= 0) throw new Error(`${file}: React Flow's node selector has changed; review build-plugins/reactFlowRemovedNodes.ts`);
  return code.slice(0, at) + READ_OPTIONALLY + code.slice(at + READ.length);
}

export function reactFlowRemovedNodes(): Plugin {
  return {
    name: 'warrant:react-flow-removed-nodes',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0]!;
      return MODULE.test(file) ? { code: patchRemovedNodeRead(code, file), map: null } : undefined;
    },
  };
}

/** The same rewrite for the dev server's pre-bundling of React Flow (optimizeDeps). */
export function reactFlowRemovedNodesEsbuild(): EsbuildPlugin {
  return {
    name: 'warrant:react-flow-removed-nodes',
    setup(build) {
      build.onLoad({ filter: MODULE }, async (args) => ({ contents: patchRemovedNodeRead(await readFile(args.path, 'utf8'), args.path), loader: 'js' }));
    },
  };
}
