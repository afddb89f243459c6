/**
 * `export --to svg`: a standalone picture of the graph at given positions (ELK in the
 * command line, the layout on screen in the page). Nodes are drawn at their real sizes
 * by kind (svgNodes.ts), filled by confidence band — a Gaia claim's by its posterior —
 * and marked by the session's lifecycle states; edges are arrows from support to
 * supported. Gaia's helper claims are left out unless asked for, as the page hides them.
 * The viewBox holds every node and edge with a margin. All text is XML-escaped, so any
 * content is safe.
 */
import type { DerivedConfidence } from '../clair/derivedConfidence.ts';
import { nodeLook } from '../graph/nodeLook.ts';
import type { GraphNode, ReasoningGraph } from '../graph/reasoningGraph.ts';
import { shownGraph } from '../graph/shownGraph.ts';
import { languageRow } from '../languages/languageTable.ts';
import type { Positions } from '../layout/layoutTypes.ts';
import { boxOf } from '../layout/nodeBox.ts';
import type { SessionStates } from '../session/sessionStates.ts';
import { NO_STATES } from '../session/sessionStates.ts';
import { BAND_RANGES, coloursOf } from './bandColours.ts';
import { nodesWithStates } from './exportedNode.ts';
import type { Reintroduction } from '../contradiction/reintroductionFlag.ts';
import { documentReintroduction } from '../contradiction/reintroductionFlag.ts';
import type { Curve } from './pictureGeometry.ts';
import { edgeCurve, extentOf, moveBox, moveCurve, placeBoxes, round } from './pictureGeometry.ts';
import { truncate } from './shortenText.ts';
import { hatchPattern, LEGEND_STATES, STATE_STYLES } from './stateStyles.ts';
import type { DrawnNode } from './svgNodes.ts';
import { CHAR_WIDTH, HATCH_ID, nodeElements } from './svgNodes.ts';
import { escapeXml } from './xmlText.ts';

export interface SvgInput {
  readonly graph: ReasoningGraph;
  /** Top-left corner of each node, e.g. from layoutWithElk. Nodes without one are placed in a row below. */
  readonly positions: Positions;
  readonly derived: readonly DerivedConfidence[];
  /** Shown in the header and as the picture's accessible name. */
  readonly title?: string;
  /** The session's lifecycle states (none: every belief active). */
  readonly states?: SessionStates;
  /** Gaia: each claim's posterior, by node id. */
  readonly posteriors?: ReadonlyMap<string, number>;
  /** Gaia: draw the helper claims too (the page's toggle; hidden by default). */
  readonly showHelpers?: boolean;
  /** The open contradictions to flag nodes under (default: the document's own). */
  readonly reintroduction?: Reintroduction;
}

const MARGIN = 24;
/** The header's height: title and counts, the band legend, and a row for states when any show. */
const HEADER = 44;
const STATE_ROW = 22;
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'DejaVu Sans', 'Apple Color Emoji', 'Segoe UI Emoji', sans-serif";
const LEGEND_LEFT = MARGIN + 276;

export function exportSvg(input: SvgInput): string {
  const graph = shownGraph(input.graph, { hideHelpers: input.showHelpers !== true });
  const title = input.title ?? 'Warrant reasoning graph';
  const byId = new Map<string, GraphNode>(graph.nodes.map((n) => [n.id, n]));
  const nodes = nodesWithStates(graph, input.derived, input.states ?? NO_STATES, input.reintroduction ?? documentReintroduction(input.graph));
  const raw = placeBoxes(
    nodes.map((n) => ({ id: n.id, ...boxOf(byId.get(n.id)!) })),
    input.positions,
  );
  const rawCurves: { curve: Curve; tentative: boolean; label: string }[] = [];
  for (const e of graph.edges) {
    const from = raw.get(e.from);
    const to = raw.get(e.to);
    if (from && to) rawCurves.push({ curve: edgeCurve(from, to), tentative: e.tentative, label: `${e.from} → ${e.to}` });
  }

  const shownStates = LEGEND_STATES.filter((s) => nodes.some((n) => n.state === s && !n.broken));
  const top = HEADER + (shownStates.length > 0 ? STATE_ROW : 0) + MARGIN;
  const extent = extentOf(
    raw.values(),
    rawCurves.map((c) => c.curve),
  );
  const dx = extent ? MARGIN - extent.minX : MARGIN;
  const dy = extent ? top - extent.minY : top;
  const bandLegend = legendRow(BAND_RANGES.map(({ band, range }) => `${band} ${range}`));
  const stateLegend = legendRow(shownStates.map((s) => STATE_LEGEND[s]));
  const legendRight = Math.max(0, ...[...bandLegend, ...stateLegend].map((i) => i.end));
  const width = Math.ceil(Math.max(extent ? extent.maxX - extent.minX + 2 * MARGIN : 0, legendRight + MARGIN));
  const height = Math.ceil(extent ? extent.maxY - extent.minY + top + MARGIN : top + 40);

  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}">`,
    `<title>${escapeXml(title)}</title>`,
    '<defs>',
    '<marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">',
    '<path d="M0,0 L10,5 L0,10 z" fill="#64748b"/>',
    '</marker>',
    ...shownStates.filter((st) => STATE_STYLES[st].hatch).map((st) => hatchPattern(HATCH_ID, STATE_STYLES[st].colours!.fill)),
    '</defs>',
    `<style>text{font-family:${FONT};}</style>`,
    `<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${MARGIN}" y="24" font-size="14" font-weight="600" fill="#1f2933">${escapeXml(truncate(title, 40))}</text>`,
    `<text x="${MARGIN}" y="40" font-size="11" fill="#52606d">${escapeXml(summary(graph))}</text>`,
    ...bandLegend.flatMap(({ x, label }, i) => legendItem(x, 14, label, bandSwatch(x, 14, BAND_RANGES[i]!.band))),
    ...(stateLegend.length > 0 ? [`<g class="state-legend">`, ...stateLegend.flatMap(({ x, label }, i) => legendItem(x, 38, label, stateSwatch(x, 38, shownStates[i]!))), '</g>'] : []),
  ];

  out.push('<g class="edges" fill="none" stroke="#64748b" stroke-width="1.4">');
  for (const { curve, tentative, label } of rawCurves) {
    const c = moveCurve(curve, dx, dy);
    const dash = tentative ? ' stroke-dasharray="5 4"' : '';
    const d = `M${c.start.x},${c.start.y} C${c.c1.x},${c.c1.y} ${c.c2.x},${c.c2.y} ${c.end.x},${c.end.y}`;
    out.push(`<path d="${d}" marker-end="url(#arrow)"${dash}><title>${escapeXml(label)}</title></path>`);
  }
  out.push('</g>');

  out.push('<g class="nodes">');
  for (const n of nodes) {
    const graphNode = byId.get(n.id)!;
    const posterior = input.posteriors?.get(n.id);
    const known = posterior !== undefined && Number.isFinite(posterior) ? posterior : null;
    // A Gaia claim is coloured by its posterior, as the page colours it (a corrected prior shows in its badge).
    const band = nodeLook({ stated: n.confidence, effective: n.effective, corrected: n.corrected, posterior: known, broken: n.broken }).band;
    const drawn: DrawnNode = { node: { ...n, band }, graphNode, box: moveBox(raw.get(n.id)!, dx, dy), posterior: known };
    out.push(...nodeElements(drawn));
  }
  out.push('</g>');
  if (nodes.length === 0) {
    out.push(`<text x="${MARGIN}" y="${top + 16}" font-size="13" fill="#52606d">This document has no ${languageRow(graph.language).terms.items}.</text>`);
  }
  out.push('</svg>');
  return out.join('\n') + '\n';
}

/** What the legend says of each state. */
const STATE_LEGEND: Readonly<Record<(typeof LEGEND_STATES)[number], string>> = {
  active: 'active',
  refuted: 'refuted (struck through)',
  invalidated: 'invalidated (faded)',
  corrected: 'corrected (✎ new value)',
  retracted: 'retracted',
};

/** `9 beliefs · 10 justifications`, `12 claims · 7 actions · 1 note`: what the picture holds. */
function summary(graph: ReasoningGraph): string {
  const counts = new Map<string, number>();
  for (const n of graph.nodes) {
    const noun = n.helper ? 'helper claim' : NOUNS[n.kind];
    counts.set(noun, (counts.get(noun) ?? 0) + 1);
  }
  const order: readonly string[] = Object.values(NOUNS);
  const ordered = new Map([...counts].sort(([a], [b]) => order.indexOf(a) - order.indexOf(b)));
  const justifications = graph.edges.filter((e) => e.kind === 'justification').length;
  // A language whose items rest on justification edges always counts them, even none.
  if (justifications > 0 || languageRow(graph.language).supports === 'justifications') ordered.set('justification', justifications);
  if (ordered.size === 0) ordered.set(languageRow(graph.language).terms.item, 0);
  return [...ordered].map(([noun, k]) => `${k} ${k === 1 ? noun : noun + 's'}`).join(' · ');
}

const NOUNS = { belief: 'belief', claim: 'claim', helper: 'helper claim', factor: 'action', note: 'note', question: 'question' } as const;

interface LegendSlot {
  readonly x: number;
  readonly end: number;
  readonly label: string;
}

/** Swatches in a row to the right of the title. */
function legendRow(labels: readonly string[]): LegendSlot[] {
  const out: LegendSlot[] = [];
  let x = LEGEND_LEFT;
  for (const label of labels) {
    const end = x + 20 + label.length * CHAR_WIDTH;
    out.push({ x, end, label });
    x = end + 12;
  }
  return out;
}

function legendItem(x: number, y: number, label: string, swatch: string[]): string[] {
  return [...swatch, `<text x="${round(x + 20)}" y="${y + 11}" font-size="11" fill="#323f4b">${escapeXml(label)}</text>`];
}

function bandSwatch(x: number, y: number, band: (typeof BAND_RANGES)[number]['band']): string[] {
  const c = coloursOf(band);
  return [`<rect x="${round(x)}" y="${y}" width="14" height="14" rx="3" fill="${c.fill}" stroke="${c.stroke}"/>`];
}

/** A small node in the state's style: its colours, fade and dashes, a line through it when struck. */
function stateSwatch(x: number, y: number, state: (typeof LEGEND_STATES)[number]): string[] {
  const style = STATE_STYLES[state];
  const c = style.colours ?? coloursOf('likely');
  const dash = style.dash ? ` stroke-dasharray="${style.dash === '4 3' ? '3 2' : style.dash}"` : '';
  const fill = style.hatch ? `url(#${HATCH_ID})` : c.fill;
  const out = [`<rect x="${round(x)}" y="${y}" width="14" height="14" rx="3" fill="${fill}" stroke="${c.stroke}" opacity="${style.opacity}"${dash}/>`];
  if (style.strike) out.push(`<line x1="${round(x + 2)}" y1="${y + 7}" x2="${round(x + 12)}" y2="${y + 7}" stroke="${c.stroke}" stroke-width="1.5"/>`);
  if (state === 'corrected') out.push(`<text x="${round(x + 7)}" y="${y + 11}" font-size="10" text-anchor="middle" fill="${c.text}">✎</text>`);
  return out;
}
