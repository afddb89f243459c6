/**
 * Tarjan's strongly connected components over a graph in compressed rows (vertex v's
 * successors are `targets[offsets[v] .. offsets[v+1])`), iterative so that a 100k-belief
 * chain does not overflow the stack. Returns the component number of every vertex.
 */
export function stronglyConnected(offsets: Int32Array, targets: Int32Array): Int32Array {
  const n = offsets.length - 1;
  const index = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const component = new Int32Array(n).fill(-1);
  const stack: number[] = [];
  const callStack: number[] = [];
  // Next edge to explore from each vertex, an index into `targets`.
  const edgeCursor = offsets.slice(0, n);
  let counter = 0;
  let components = 0;

  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    callStack.push(root);
    index[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = 1;
    while (callStack.length > 0) {
      const v = callStack[callStack.length - 1]!;
      if (edgeCursor[v]! < offsets[v + 1]!) {
        const w = targets[edgeCursor[v]!]!;
        edgeCursor[v]!++;
        if (index[w] === -1) {
          index[w] = low[w] = counter++;
          stack.push(w);
          onStack[w] = 1;
          callStack.push(w);
        } else if (onStack[w]) {
          low[v] = Math.min(low[v]!, index[w]!);
        }
        continue;
      }
      callStack.pop();
      const parent = callStack[callStack.length - 1];
      if (parent !== undefined) low[parent] = Math.min(low[parent]!, low[v]!);
      if (low[v] === index[v]) {
        for (;;) {
          const w = stack.pop()!;
          onStack[w] = 0;
          component[w] = components;
          if (w === v) break;
        }
        components++;
      }
    }
  }
  return component;
}
