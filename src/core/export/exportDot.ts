/**
 * `export --to dot`: a Graphviz digraph. Each node's label shows id, confidence,
 * level and source over its wrapped content; the tooltip carries the content exactly,
 * so it survives a round trip. Nodes are filled by confidence band; a line that does
 * not parse is dashed red; `?` marks nodes with invalidation conditions. A session's
 * lifecycle states (stateStyles.ts) show as attributes: `state="…"` on every node, and
 * the state's colours, fading and dashes, with the state named in the label.
 */
import { bandOf } from '../clair/confidenceAlgebra.ts';
import type { SessionStates } from '../session/sessionStates.ts';
import { NO_STATES } from '../session/sessionStates.ts';
import { BROKEN_STROKE, coloursOf } from './bandColours.ts';
import type { ExportInput } from './exportInput.ts';
import type { NodeWithState } from './exportedNode.ts';
import { displayConfidence, nodesWithStates, sourceLabel } from './exportedNode.ts';
import { wrapText } from './shortenText.ts';
import { STATE_STYLES } from './stateStyles.ts';
import type { Reintroduction } from '../contradiction/reintroductionFlag.ts';
import { documentReintroduction } from '../contradiction/reintroductionFlag.ts';

/** `flags`: the open contradictions to flag nodes under (default: the document's own). */
export function exportDot(input: ExportInput, states: SessionStates = NO_STATES, flags: Reintroduction = documentReintroduction(input.graph)): string {
  const lines: string[] = [
    'digraph warrant {',
    '  graph [rankdir=TB, fontname="Helvetica"];',
    '  node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=10];',
    '  edge [color="#64748b", arrowsize=0.7];',
  ];
  for (const n of nodesWithStates(input.graph, input.derived, states, flags)) lines.push('  ' + nodeStatement(n));
  for (const e of input.graph.edges) {
    const style = e.tentative ? ' [style=dashed]' : '';
    lines.push(`  ${dotString(e.from)} -> ${dotString(e.to)}${style};`);
  }
  lines.push('}');
  return lines.join('\n') + '\n';
}

function nodeStatement(n: NodeWithState): string {
  const style = STATE_STYLES[n.state];
  const colours = style.colours ?? coloursOf(n.band);
  const head = [n.id, n.corrected === null ? displayConfidence(n.confidence) : `${displayConfidence(n.confidence)} ✎ ${displayConfidence(n.corrected)}`];
  if (n.level !== null) head.push(`L${n.level}`);
  const source = sourceLabel(n.source);
  if (source) head.push(source);
  if (n.invalidations.length > 0) head.push('?');
  if (style.badge) head.push(`[${style.badge.text}]`);
  if (n.reintroduced_claim) head.push('[contradicted]');
  const labelLines = [head.join('  '), ...wrapText(n.content, 36, 4)];
  if (n.effective !== null && n.confidence !== null && n.effective < n.confidence - 1e-9) {
    labelLines.push(`effective ${displayConfidence(n.effective)} (${bandOf(n.effective)})`);
  }
  // Faded states are drawn at reduced alpha: Graphviz reads #RRGGBBAA.
  const alpha =
    style.opacity < 1
      ? Math.round(style.opacity * 255)
          .toString(16)
          .padStart(2, '0')
      : '';
  const attrs: [string, string][] = [
    ['label', labelLines.join('\n')],
    ['tooltip', n.caveat ? `${n.content}\n⚠ ${n.caveat}` : n.content],
    ['fillcolor', colours.fill + alpha],
    ['color', (n.broken ? BROKEN_STROKE : colours.stroke) + alpha],
    ['fontcolor', colours.text + alpha],
    ['state', n.state],
  ];
  if (n.corrected !== null) attrs.push(['corrected', displayConfidence(n.corrected)]);
  attrs.push(['reintroduced_claim', String(n.reintroduced_claim)]);
  if (n.caveat) attrs.push(['caveat', n.caveat]);
  if (n.broken || style.dash) attrs.push(['style', 'rounded,filled,dashed']);
  else if (style.strike) attrs.push(['style', 'rounded,filled,bold']);
  return `${dotString(n.id)} [${attrs.map(([k, v]) => `${k}=${dotString(v)}`).join(', ')}];`;
}

/**
 * A DOT double-quoted string. A backslash is doubled so Graphviz does not read it as
 * an escape (`\l`, `\N`…); a quote is escaped; a line break becomes `\n`.
 */
export function dotString(s: string): string {
  return (
    '"' +
    s
      .replace(/\\/g, '\\\\')
      .replace(/"/g, '\\"')
      .replace(/\r\n|\r|\n/g, '\\n') +
    '"'
  );
}
