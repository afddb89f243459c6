/**
 * `export --to svg`: a standalone picture of the graph at given positions (from ELK in
 * the CLI). Each node is a rounded box filled by its confidence band, showing id,
 * confidence (and the effective value when lower), level and source badges, a `?`
 * marker with the invalidation conditions, and the first words of its content; the
 * full text is in the node's tooltip. Edges are arrows from support to supported.
 * All text is XML-escaped, so any content is safe.
 */
import type { DerivedConfidence } from '../clair/derivedConfidence.ts';
import type { ReasoningGraph } from '../graph/reasoningGraph.ts';
import type { Point, Positions } from '../layout/layoutTypes.ts';
import { NODE_HEIGHT, NODE_WIDTH } from '../layout/layoutTypes.ts';
import { BAND_RANGES, BROKEN_STROKE, coloursOf } from './bandColours.ts';
import type { ExportedNode } from './exportedNode.ts';
import { displayConfidence, exportedNodes, sourceLabel } from './exportedNode.ts';
import { graphemes, truncate, wrapText } from './shortenText.ts';
import { escapeXml } from './xmlText.ts';

export interface SvgInput {
  readonly graph: ReasoningGraph;
  /** Top-left corner of each node, e.g. from layoutWithElk. Nodes without one are placed in a row below. */
  readonly positions: Positions;
  readonly derived: readonly DerivedConfidence[];
  /** Shown in the header and as the picture's accessible name. */
  readonly title?: string;
}

const MARGIN = 24;
const HEADER = 44;
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Apple Color Emoji', 'Segoe UI Emoji', sans-serif";
/** Rough advance of one character of 11px text, for sizing badges. */
const CHAR_WIDTH = 6.4;
const CONTENT_WIDTH = 33;

export function exportSvg(input: SvgInput): string {
  const nodes = exportedNodes(input.graph, input.derived);
  const placed = placeNodes(nodes, input.positions);
  const title = input.title ?? 'Warrant reasoning graph';

  let right = 0;
  let bottom = 0;
  for (const p of placed.values()) {
    right = Math.max(right, p.x + NODE_WIDTH);
    bottom = Math.max(bottom, p.y + NODE_HEIGHT);
  }
  const legend = legendItems();
  const legendRight = legend.length > 0 ? legend[legend.length - 1]!.end : 0;
  const width = Math.ceil(Math.max(right + MARGIN, legendRight + MARGIN));
  const height = Math.ceil(Math.max(bottom + MARGIN, HEADER + MARGIN + 40));

  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(title)}">`,
    `<title>${escapeXml(title)}</title>`,
    '<defs>',
    '<marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">',
    '<path d="M0,0 L10,5 L0,10 z" fill="#64748b"/>',
    '</marker>',
    '</defs>',
    `<style>text{font-family:${FONT};}</style>`,
    `<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`,
    ...header(title, nodes.length, input.graph.edges.length, legend),
  ];

  out.push('<g class="edges" fill="none" stroke="#64748b" stroke-width="1.4">');
  for (const e of input.graph.edges) {
    const from = placed.get(e.from);
    const to = placed.get(e.to);
    if (!from || !to) continue;
    out.push(edgePath(from, to, e.tentative, `${e.from} → ${e.to}`));
  }
  out.push('</g>');

  out.push('<g class="nodes">');
  for (const n of nodes) {
    const p = placed.get(n.id);
    if (p) out.push(...nodeGroup(n, p));
  }
  out.push('</g>');
  if (nodes.length === 0) {
    out.push(`<text x="${MARGIN}" y="${HEADER + MARGIN + 16}" font-size="13" fill="#52606d">This document has no beliefs.</text>`);
  }
  out.push('</svg>');
  return out.join('\n') + '\n';
}

/** Shifts the layout below the header and gives unplaced nodes a row of their own. */
function placeNodes(nodes: readonly ExportedNode[], positions: Positions): Map<string, Point> {
  let minX = Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const n of nodes) {
    const p = positions[n.id];
    if (!p || !Number.isFinite(p.x) || !Number.isFinite(p.y)) continue;
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxY = Math.max(maxY, p.y + NODE_HEIGHT);
  }
  const dx = Number.isFinite(minX) ? MARGIN - minX : MARGIN;
  const dy = Number.isFinite(minY) ? HEADER + MARGIN - minY : HEADER + MARGIN;
  let spareY = Number.isFinite(maxY) ? maxY + dy + 40 : HEADER + MARGIN;
  let spareX = MARGIN;
  const out = new Map<string, Point>();
  for (const n of nodes) {
    const p = positions[n.id];
    if (p && Number.isFinite(p.x) && Number.isFinite(p.y)) {
      out.set(n.id, { x: round(p.x + dx), y: round(p.y + dy) });
      continue;
    }
    out.set(n.id, { x: spareX, y: spareY });
    spareX += NODE_WIDTH + 28;
    if (spareX > 8 * (NODE_WIDTH + 28)) {
      spareX = MARGIN;
      spareY += NODE_HEIGHT + 28;
    }
  }
  return out;
}

interface LegendItem {
  readonly x: number;
  readonly end: number;
  readonly label: string;
  readonly band: (typeof BAND_RANGES)[number]['band'];
}

/** One swatch per band, in a row to the right of the title. */
function legendItems(): LegendItem[] {
  const out: LegendItem[] = [];
  let x = MARGIN + 276;
  for (const { band, range } of BAND_RANGES) {
    const label = `${band} ${range}`;
    const end = x + 20 + label.length * CHAR_WIDTH;
    out.push({ x, end, label, band });
    x = end + 12;
  }
  return out;
}

function header(title: string, nodeCount: number, edgeCount: number, legend: readonly LegendItem[]): string[] {
  const out = [
    `<text x="${MARGIN}" y="24" font-size="14" font-weight="600" fill="#1f2933">${escapeXml(truncate(title, 40))}</text>`,
    `<text x="${MARGIN}" y="40" font-size="11" fill="#52606d">${nodeCount} ${nodeCount === 1 ? 'belief' : 'beliefs'} · ${edgeCount} ${edgeCount === 1 ? 'justification' : 'justifications'}</text>`,
  ];
  for (const { x, label, band } of legend) {
    const c = coloursOf(band);
    out.push(`<rect x="${round(x)}" y="14" width="14" height="14" rx="3" fill="${c.fill}" stroke="${c.stroke}"/>`);
    out.push(`<text x="${round(x + 20)}" y="25" font-size="11" fill="#323f4b">${escapeXml(label)}</text>`);
  }
  return out;
}

function edgePath(from: Point, to: Point, tentative: boolean, label: string): string {
  const x1 = from.x + NODE_WIDTH / 2;
  const y1 = from.y + NODE_HEIGHT;
  const x2 = to.x + NODE_WIDTH / 2;
  const y2 = to.y;
  const bend = Math.max(24, Math.abs(y2 - y1) / 2);
  const d = `M${x1},${y1} C${x1},${round(y1 + bend)} ${x2},${round(y2 - bend)} ${x2},${y2}`;
  const dash = tentative ? ' stroke-dasharray="5 4"' : '';
  return `<path d="${d}" marker-end="url(#arrow)"${dash}><title>${escapeXml(label)}</title></path>`;
}

function nodeGroup(n: ExportedNode, p: Point): string[] {
  const c = coloursOf(n.broken ? null : n.band);
  const stroke = n.broken ? BROKEN_STROKE : c.stroke;
  const dash = n.broken ? ' stroke-dasharray="6 4"' : '';
  const out: string[] = [
    `<g class="node" data-id="${escapeXml(n.id)}" data-band="${n.band ?? 'none'}" transform="translate(${p.x},${p.y})">`,
    `<title>${escapeXml(tooltip(n))}</title>`,
    `<rect width="${NODE_WIDTH}" height="${NODE_HEIGHT}" rx="10" ry="10" fill="${c.fill}" stroke="${stroke}" stroke-width="1.5"${dash}/>`,
    `<text x="10" y="21" font-size="13" font-weight="700" fill="${c.text}">${escapeXml(truncate(n.id, 18))}</text>`,
    `<text x="${NODE_WIDTH - 10}" y="21" font-size="13" font-weight="600" text-anchor="end" fill="${c.text}">${escapeXml(confidenceText(n))}</text>`,
  ];

  // Badges: level, source, and "does not parse" for broken lines.
  let x = 10;
  const badges: { text: string; fill: string; colour: string }[] = [];
  badges.push({ text: n.level === null ? 'L0?' : `L${n.level}`, fill: '#ffffff', colour: '#323f4b' });
  const source = sourceLabel(n.source);
  if (source) badges.push({ text: truncate(source, 20), fill: '#ffffff', colour: '#323f4b' });
  if (n.broken) badges.push({ text: 'does not parse', fill: '#fde2e1', colour: BROKEN_STROKE });
  for (const b of badges) {
    const w = round(10 + graphemes(b.text).length * CHAR_WIDTH);
    if (x + w > NODE_WIDTH - 44) break;
    out.push(`<rect x="${x}" y="29" width="${w}" height="16" rx="8" fill="${b.fill}" fill-opacity="0.85" stroke="${b.colour}" stroke-opacity="0.35"/>`);
    out.push(`<text x="${round(x + w / 2)}" y="41" font-size="10.5" text-anchor="middle" fill="${b.colour}">${escapeXml(b.text)}</text>`);
    x += w + 5;
  }

  if (n.invalidations.length > 0) {
    // The marker for "reconsider when…": an amber `?` with the conditions as its tooltip.
    const label = n.invalidations.length === 1 ? '?' : `? ${n.invalidations.length}`;
    const w = label.length === 1 ? 18 : 30;
    const conditions = 'Reconsider if: ' + n.invalidations.join('; ');
    out.push(`<g class="invalidations" transform="translate(${NODE_WIDTH - 10 - w},29)">`);
    out.push(`<title>${escapeXml(conditions)}</title>`);
    out.push(`<rect width="${w}" height="16" rx="8" fill="#f5b82e" stroke="#b7791f"/>`);
    out.push(`<text x="${w / 2}" y="12" font-size="11" font-weight="700" text-anchor="middle" fill="#4a3106">${label}</text>`);
    out.push('</g>');
  }

  const lines = wrapText(n.content, CONTENT_WIDTH, 2);
  lines.forEach((line, i) => {
    out.push(`<text x="10" y="${63 + i * 15}" font-size="11.5" fill="#1f2933">${escapeXml(line)}</text>`);
  });
  out.push('</g>');
  return out;
}

/** Stated confidence, followed by the effective value when the justifications pull it lower. */
function confidenceText(n: ExportedNode): string {
  const stated = displayConfidence(n.confidence);
  if (n.effective !== null && n.confidence !== null && n.effective < n.confidence - 1e-9) {
    return `${stated} → ${displayConfidence(n.effective)}`;
  }
  return stated;
}

function tooltip(n: ExportedNode): string {
  const parts = [`${n.id} (line ${n.line})`, n.content];
  if (n.confidence !== null) parts.push(`confidence ${displayConfidence(n.confidence)}`);
  if (n.derived !== null) parts.push(`derived ${displayConfidence(n.derived)}, effective ${displayConfidence(n.effective)}`);
  if (n.band) parts.push(`band: ${n.band}`);
  if (n.invalidations.length > 0) parts.push('reconsider if: ' + n.invalidations.join('; '));
  if (n.broken) parts.push('this line does not parse');
  return parts.join('\n');
}

function round(x: number): number {
  return Math.round(x * 10) / 10;
}
