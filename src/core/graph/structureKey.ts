/**
 * A fingerprint of a graph's shape — its node ids and edges, nothing else — so that a
 * content or confidence edit keeps the key and the layout is reused untouched.
 */
import type { ReasoningGraph } from './reasoningGraph.ts';

export function structureKey(graph: ReasoningGraph): string {
  // FNV-1a over the ids and edges, in two 32-bit lanes for a 64-bit key.
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ graph.nodes.length;
  const feed = (s: string) => {
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 0x01000193);
      h2 = Math.imul(h2 ^ c, 0x5bd1e995);
    }
    h1 = Math.imul(h1 ^ 0xff, 0x01000193);
    h2 = Math.imul(h2 ^ 0xff, 0x5bd1e995);
  };
  for (const n of graph.nodes) feed(n.id);
  feed('|');
  // An edge is its two ends (its id is made of them): hashing the ends reads strings the
  // parse already has, where an id is a joined string that reading would first copy
  // whole (62k of them at a 5 MB paste). Tentative edges (from lines that do not parse)
  // are drawn differently, so they count.
  for (const e of graph.edges) {
    feed(e.from);
    feed(e.tentative ? '~' : '');
    feed(e.to);
  }
  return `${graph.nodes.length}:${graph.edges.length}:${(h1 >>> 0).toString(16)}${(h2 >>> 0).toString(16)}`;
}
