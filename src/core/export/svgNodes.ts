/**
 * How the SVG export draws each kind of node, one drawer per kind (the table at the
 * end), each at the node's real size and in the spirit of the page's graph nodes: a
 * CLAIR belief with its confidence, level and source; a Gaia claim with its prior and
 * posterior (numbers and bars) and no level; a helper claim smaller and dashed; a factor
 * as a pill with its verb's glyph; a note or question as a dotted card. Lifecycle states
 * (stateStyles.ts) change colours, fade, strike through or add a mark.
 */
import { factorGlyph } from '../graph/factorGlyphs.ts';
import type { GraphNode, NodeKind } from '../graph/reasoningGraph.ts';
import type { BandColours } from './bandColours.ts';
import { BROKEN_STROKE, coloursOf } from './bandColours.ts';
import type { NodeWithState } from './exportedNode.ts';
import { displayConfidence, sourceLabel } from './exportedNode.ts';
import type { Box } from './pictureGeometry.ts';
import { round } from './pictureGeometry.ts';
import { graphemes, truncate, wrapText } from './shortenText.ts';
import type { StateStyle } from './stateStyles.ts';
import { STATE_STYLES } from './stateStyles.ts';
import { escapeXml } from './xmlText.ts';

/** One node to draw: what the exports know of it, the graph's own node, where it goes. */
export interface DrawnNode {
  readonly node: NodeWithState;
  readonly graphNode: GraphNode;
  /** Top-left corner and size, in the picture's coordinates. */
  readonly box: Box;
  /** Gaia claims: the posterior from inference; null when there is none. */
  readonly posterior: number | null;
}

/** Rough advance of one character of 10.5–11px text, for sizing badges. */
export const CHAR_WIDTH = 6.4;

interface Badge {
  readonly text: string;
  readonly fill: string;
  readonly colour: string;
}

const PLAIN_BADGE = { fill: '#ffffff', colour: '#323f4b' } as const;
const STRIKE = ' text-decoration="line-through"';

export function nodeElements(d: DrawnNode): string[] {
  const { node: n, box } = d;
  const style = STATE_STYLES[n.state];
  const faded = style.opacity < 1 ? ` opacity="${style.opacity}"` : '';
  return [
    `<g class="node" data-id="${escapeXml(n.id)}" data-kind="${kindOf(d.graphNode)}" data-state="${n.broken ? 'broken' : n.state}" data-band="${n.band ?? 'none'}" data-reintroduced-claim="${n.reintroduced_claim}" transform="translate(${box.x},${box.y})"${faded}>`,
    `<title>${escapeXml(tooltip(d))}</title>`,
    ...DRAWERS[d.graphNode.kind](d, style),
    '</g>',
  ];
}

/** `helper` for Gaia's helper claims, else the node's kind. */
function kindOf(g: GraphNode): string {
  return g.helper ? 'helper' : g.kind;
}

/** The colours a node is drawn in: its state's own, else its band's. */
function coloursFor(d: DrawnNode, style: StateStyle, band: Parameters<typeof coloursOf>[0]): BandColours {
  return style.colours ?? coloursOf(d.node.broken ? null : band);
}

/** The id of the pattern hatched states fill with (exportSvg.ts defines it when one is drawn). */
export const HATCH_ID = 'state-hatch';

function frame(box: Box, c: BandColours, radius: number, dash: string | null, stroke = c.stroke, hatch = false): string {
  const dashed = dash ? ` stroke-dasharray="${dash}"` : '';
  const fill = hatch ? `url(#${HATCH_ID})` : c.fill;
  return `<rect width="${box.width}" height="${box.height}" rx="${radius}" ry="${radius}" fill="${fill}" stroke="${stroke}" stroke-width="${hatch ? 2 : 1.5}"${dashed}/>`;
}

function label(x: number, y: number, text: string, colour: string, strike: boolean, size = 13): string {
  return `<text x="${x}" y="${y}" font-size="${size}" font-weight="700" fill="${colour}"${strike ? STRIKE : ''}>${escapeXml(text)}</text>`;
}

function contentLines(text: string, x: number, y: number, width: number, lines: number, strike: boolean, size = 11.5): string[] {
  return wrapText(text, width, lines).map((line, i) => `<text x="${x}" y="${round(y + i * (size + 3.5))}" font-size="${size}" fill="#1f2933"${strike ? STRIKE : ''}>${escapeXml(line)}</text>`);
}

/** A row of badges from `x`, as many as fit before `limit`. */
function badgeRow(badges: readonly Badge[], x: number, y: number, limit: number): string[] {
  const out: string[] = [];
  for (const b of badges) {
    const w = round(10 + graphemes(b.text).length * CHAR_WIDTH);
    if (x + w > limit) break;
    out.push(`<rect x="${round(x)}" y="${y}" width="${w}" height="16" rx="8" fill="${b.fill}" fill-opacity="0.9" stroke="${b.colour}" stroke-opacity="0.35"/>`);
    out.push(`<text x="${round(x + w / 2)}" y="${y + 12}" font-size="10.5" text-anchor="middle" fill="${b.colour}">${escapeXml(b.text)}</text>`);
    x += w + 5;
  }
  return out;
}

/**
 * A value shown right-aligned at (x, y): the corrected value with a ✎ mark, after the
 * stated one struck through, when a correction stands; else `shown`.
 */
function valueText(x: number, y: number, colour: string, shown: string, stated: number | null, corrected: number | null, strike: boolean): string {
  const head = `<text x="${x}" y="${y}" font-size="13" font-weight="600" text-anchor="end" fill="${colour}"${strike ? STRIKE : ''}>`;
  if (corrected === null) return `${head}${escapeXml(shown)}</text>`;
  return `${head}<tspan font-weight="400" fill-opacity="0.7"${STRIKE}>${escapeXml(displayConfidence(stated))}</tspan> ✎ ${escapeXml(displayConfidence(corrected))}</text>`;
}

function stateBadges(style: StateStyle): Badge[] {
  return style.badge ? [style.badge] : [];
}

/** A CLAIR belief: id and confidence, then state, level and source badges, then content. */
function beliefNode(d: DrawnNode, style: StateStyle): string[] {
  const { node: n, box } = d;
  const c = coloursFor(d, style, n.band);
  const out = [
    frame(box, c, 10, n.broken ? '6 4' : style.dash, n.broken ? BROKEN_STROKE : c.stroke, style.hatch),
    label(10, 21, truncate(n.id, 18), c.text, style.strike),
    valueText(box.width - 10, 21, c.text, effectiveText(n), n.confidence, n.corrected, false),
  ];
  const badges: Badge[] = [...stateBadges(style), { text: n.level === null ? 'L0?' : `L${n.level}`, ...PLAIN_BADGE }];
  const source = sourceLabel(n.source);
  if (source) badges.push({ text: truncate(source, 20), ...PLAIN_BADGE });
  if (n.broken) badges.push({ text: 'does not parse', fill: '#fde2e1', colour: BROKEN_STROKE });
  out.push(...badgeRow(badges, 10, 29, box.width - 44));
  out.push(...invalidationMarker(n, box));
  out.push(...contentLines(n.content, 10, 63, 33, 2, style.strike));
  return out;
}

/** Stated confidence, followed by the effective value when the justifications pull it lower. */
function effectiveText(n: NodeWithState): string {
  const stated = displayConfidence(n.confidence);
  if (n.effective !== null && n.confidence !== null && n.effective < n.confidence - 1e-9) return `${stated} → ${displayConfidence(n.effective)}`;
  return stated;
}

/** The marker for "reconsider when…": an amber `?` with the conditions as its tooltip. */
function invalidationMarker(n: NodeWithState, box: Box): string[] {
  if (n.invalidations.length === 0) return [];
  const text = n.invalidations.length === 1 ? '?' : `? ${n.invalidations.length}`;
  const w = text.length === 1 ? 18 : 30;
  return [
    `<g class="invalidations" transform="translate(${box.width - 10 - w},29)">`,
    `<title>${escapeXml('Reconsider if: ' + n.invalidations.join('; '))}</title>`,
    `<rect width="${w}" height="16" rx="8" fill="#f5b82e" stroke="#b7791f"/>`,
    `<text x="${w / 2}" y="12" font-size="11" font-weight="700" text-anchor="middle" fill="#4a3106">${text}</text>`,
    '</g>',
  ];
}

/** A Gaia claim: label and posterior, its kind and prior, content, then prior and posterior bars. */
function claimNode(d: DrawnNode, style: StateStyle): string[] {
  if (d.graphNode.helper) return helperNode(d, style);
  const { node: n, box } = d;
  const c = coloursFor(d, style, n.band);
  return [
    frame(box, c, 8, n.broken ? '6 4' : style.dash, n.broken ? BROKEN_STROKE : c.stroke, style.hatch),
    label(10, 20, truncate(n.id, 22), c.text, style.strike),
    posteriorText(box.width - 10, 20, c.text, d.posterior),
    // The prior before the kind: a corrected prior must show whatever room is left.
    ...badgeRow([...stateBadges(style), priorBadge(n), { text: 'claim', ...PLAIN_BADGE }], 10, 27, box.width - 10),
    ...contentLines(n.content, 10, 58, 33, 2, style.strike),
    ...bars(n, d.posterior, c, box, box.height - 12),
  ];
}

/** A helper claim Gaia made (a warrant, a relation's result): smaller, dashed, its short name. */
function helperNode(d: DrawnNode, style: StateStyle): string[] {
  const { node: n, box } = d;
  const c: BandColours = style.colours ?? { fill: '#f1f3f6', stroke: '#9aa5b1', text: '#3e4c59' };
  const name = d.graphNode.qid?.split('::').pop() ?? n.id;
  return [
    frame(box, c, 8, style.dash ?? '5 3', c.stroke, style.hatch),
    label(10, 19, truncate(name, 20), c.text, style.strike, 12),
    posteriorText(box.width - 10, 19, c.text, d.posterior),
    ...badgeRow([...stateBadges(style), priorBadge(n), { text: 'helper', ...PLAIN_BADGE }], 10, 26, box.width - 10),
    ...bars(n, d.posterior, c, box, box.height - 12),
  ];
}

function posteriorText(x: number, y: number, colour: string, posterior: number | null): string {
  return `<text x="${x}" y="${y}" font-size="13" font-weight="700" text-anchor="end" fill="${colour}">${escapeXml(displayConfidence(posterior))}</text>`;
}

/** `prior 0.7`; a standing correction shows as `prior ✎ 0.3`. */
function priorBadge(n: NodeWithState): Badge {
  if (n.corrected !== null) return { text: `prior ✎ ${displayConfidence(n.corrected)}`, fill: '#dbeafe', colour: '#1f4f6e' };
  return { text: n.confidence === null ? 'no prior' : `prior ${displayConfidence(n.confidence)}`, ...PLAIN_BADGE };
}

/** Two thin bars, as the page's claim nodes have: the prior (0.5 when unset) and the posterior. */
function bars(n: NodeWithState, posterior: number | null, c: BandColours, box: Box, y: number): string[] {
  const width = box.width - 20;
  const part = (x: number | null) => round(width * Math.max(0, Math.min(1, x !== null && Number.isFinite(x) ? x : 0)));
  const prior = n.corrected ?? n.confidence ?? 0.5;
  return [
    `<rect class="bar-prior" x="10" y="${y}" width="${width}" height="3" rx="1.5" fill="#d9dee6"/>`,
    `<rect x="10" y="${y}" width="${part(prior)}" height="3" rx="1.5" fill="#7b8794"/>`,
    `<rect class="bar-posterior" x="10" y="${y + 5}" width="${width}" height="3" rx="1.5" fill="#d9dee6"/>`,
    `<rect x="10" y="${y + 5}" width="${part(posterior)}" height="3" rx="1.5" fill="${c.stroke}"/>`,
  ];
}

/** Factor colours by verb, as the page tints them: relations red, equality teal, probabilistic steps indigo. */
const VERB_COLOURS: Readonly<Record<string, BandColours>> = {
  contradict: { fill: '#fbe4e6', stroke: '#b4505a', text: '#6d1f28' },
  exclusive: { fill: '#fbe4e6', stroke: '#b4505a', text: '#6d1f28' },
  equal: { fill: '#dcf1ef', stroke: '#2f6a64', text: '#163d39' },
  infer: { fill: '#e6e7f7', stroke: '#4a4f8a', text: '#2a2d5c' },
  associate: { fill: '#e6e7f7', stroke: '#4a4f8a', text: '#2a2d5c' },
};
const FACTOR_COLOURS: BandColours = { fill: '#e8edf5', stroke: '#52606d', text: '#1f2933' };

/** A Gaia reasoning action: a pill with its verb's glyph and the verb. */
function factorNode(d: DrawnNode): string[] {
  const { box } = d;
  const verb = d.graphNode.factor?.verb ?? 'action';
  const c = VERB_COLOURS[verb] ?? FACTOR_COLOURS;
  return [
    frame(box, c, box.height / 2, null),
    `<text x="${box.width / 2}" y="${round(box.height / 2 + 4.5)}" font-size="12.5" text-anchor="middle" fill="${c.text}"><tspan font-weight="700" fill="${c.stroke}">${escapeXml(factorGlyph(verb))}</tspan> ${escapeXml(truncate(verb, 14))}</text>`,
  ];
}

/** A Gaia note or question: context for the claims, outside inference. */
function contextNode(d: DrawnNode): string[] {
  const { node: n, box } = d;
  return [
    `<rect width="${box.width}" height="${box.height}" rx="6" ry="6" fill="#f7f8fa" stroke="#7b8794" stroke-width="1.2" stroke-dasharray="2 2"/>`,
    `<text x="8" y="16" font-size="11.5" font-weight="700" fill="#3e4c59">${escapeXml(`${n.kind === 'question' ? '?' : '¶'} ${truncate(n.id, 26)}`)}</text>`,
    ...contentLines(n.content, 8, 32, 30, 2, false, 11),
  ];
}

const DRAWERS: Readonly<Record<NodeKind, (d: DrawnNode, style: StateStyle) => string[]>> = {
  belief: beliefNode,
  claim: claimNode,
  helper: helperNode,
  factor: factorNode,
  note: contextNode,
  question: contextNode,
};

function tooltip(d: DrawnNode): string {
  const n = d.node;
  if (d.graphNode.kind === 'factor') {
    const f = d.graphNode.factor;
    return [f?.label ? `${f.verb} · ${f.label}` : (f?.verb ?? n.id), f?.rationale ?? null].filter((x) => x !== null).join('\n');
  }
  const parts = [`${n.id} (line ${n.line})`, n.content];
  if (n.state !== 'active') parts.push(`state: ${n.state}`);
  const stated = d.graphNode.kind === 'belief' ? 'confidence' : 'prior';
  if (n.confidence !== null) parts.push(`${stated} ${displayConfidence(n.confidence)}`);
  if (n.corrected !== null) parts.push(`corrected to ${displayConfidence(n.corrected)}`);
  if (d.posterior !== null) parts.push(`posterior ${displayConfidence(d.posterior)}`);
  if (n.derived !== null) parts.push(`derived ${displayConfidence(n.derived)}, effective ${displayConfidence(n.effective)}`);
  if (n.band) parts.push(`band: ${n.band}`);
  if (n.invalidations.length > 0) parts.push('reconsider if: ' + n.invalidations.join('; '));
  if (n.broken) parts.push('this line does not parse');
  if (n.caveat) parts.push(`⚠ ${n.caveat}`);
  return parts.join('\n');
}
