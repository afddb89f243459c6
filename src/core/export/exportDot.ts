/**
 * `export --to dot`: a Graphviz digraph. Each node's label shows id, confidence,
 * level and source over its wrapped content; the tooltip carries the content exactly,
 * so it survives a round trip. Nodes are filled by confidence band; a line that does
 * not parse is dashed red; `?` marks nodes with invalidation conditions.
 */
import { bandOf } from '../clair/confidenceAlgebra.ts';
import { BROKEN_STROKE, coloursOf } from './bandColours.ts';
import type { ExportInput } from './exportInput.ts';
import type { ExportedNode } from './exportedNode.ts';
import { displayConfidence, exportedNodes, sourceLabel } from './exportedNode.ts';
import { wrapText } from './shortenText.ts';

export function exportDot(input: ExportInput): string {
  const lines: string[] = [
    'digraph warrant {',
    '  graph [rankdir=TB, fontname="Helvetica"];',
    '  node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=10];',
    '  edge [color="#64748b", arrowsize=0.7];',
  ];
  for (const n of exportedNodes(input.graph, input.derived)) lines.push('  ' + nodeStatement(n));
  for (const e of input.graph.edges) {
    const style = e.tentative ? ' [style=dashed]' : '';
    lines.push(`  ${dotString(e.from)} -> ${dotString(e.to)}${style};`);
  }
  lines.push('}');
  return lines.join('\n') + '\n';
}

function nodeStatement(n: ExportedNode): string {
  const colours = coloursOf(n.band);
  const head = [n.id, displayConfidence(n.confidence)];
  if (n.level !== null) head.push(`L${n.level}`);
  const source = sourceLabel(n.source);
  if (source) head.push(source);
  if (n.invalidations.length > 0) head.push('?');
  const labelLines = [head.join('  '), ...wrapText(n.content, 36, 4)];
  if (n.effective !== null && n.confidence !== null && n.effective < n.confidence - 1e-9) {
    labelLines.push(`effective ${displayConfidence(n.effective)} (${bandOf(n.effective)})`);
  }
  const attrs: [string, string][] = [
    ['label', labelLines.join('\n')],
    ['tooltip', n.content],
    ['fillcolor', colours.fill],
    ['color', n.broken ? BROKEN_STROKE : colours.stroke],
    ['fontcolor', colours.text],
  ];
  if (n.broken) attrs.push(['style', 'rounded,filled,dashed']);
  return `${dotString(n.id)} [${attrs.map(([k, v]) => `${k}=${dotString(v)}`).join(', ')}];`;
}

/**
 * A DOT double-quoted string. A backslash is doubled so Graphviz does not read it as
 * an escape (`\l`, `\N`…); a quote is escaped; a line break becomes `\n`.
 */
export function dotString(s: string): string {
  return '"' + s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r\n|\r|\n/g, '\\n') + '"';
}
