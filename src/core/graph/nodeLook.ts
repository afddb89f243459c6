/**
 * How a node looks, decided once: which of its values colours it, that value's band and
 * what to call it, the colour key, whether it is faded and the badge naming its state.
 * The page's nodes, the minimap, the overview canvas, the inspector and every export
 * (SVG, DOT, GraphML, JSON) call `nodeLook`, so a node cannot show one band in one place
 * and another elsewhere; a test fails on a band rule or threshold written outside it.
 *
 * The value that colours a node is the first that is known of:
 *  1. its posterior (Gaia, from inference): what the claim is believed to be now;
 *  2. a standing correction: it replaces the value written in the text;
 *  3. its effective confidence (CLAIR: min(stated, derived)), not for a line that does
 *     not parse, whose numbers the analysis does not trust;
 *  4. the value written in the text (CLAIR confidence, Gaia prior).
 */
import type { LifecycleState } from '../oplog/lifecycle.ts';
import type { ConfidenceBand } from './confidenceBands.ts';
import { bandOf } from './confidenceBands.ts';

export interface NodeLookInput {
  /** The value written in the text (CLAIR confidence, Gaia prior); null when none is. */
  readonly stated: number | null;
  /** CLAIR's min(stated, derived); null when it cannot be computed. */
  readonly effective?: number | null;
  /** Gaia's posterior from inference; null or absent when there is none. */
  readonly posterior?: number | null;
  /** The value of a standing correction; null when none stands. */
  readonly corrected?: number | null;
  readonly state?: LifecycleState;
  /** The line does not parse. */
  readonly broken?: boolean;
}

/** What the value that colours a node is. */
export type LookLabel = 'posterior' | 'corrected' | 'effective' | 'stated';

/** A band, `none` (no value known) or `broken` (the line does not parse): a colour of the palette. */
export type ColourKey = ConfidenceBand | 'none' | 'broken';

export interface NodeLook {
  /** The value that colours the node; null when none is known. */
  readonly value: number | null;
  readonly label: LookLabel | null;
  /** The band of `value` (clamped to [0, 1]); null when there is no value. */
  readonly band: ConfidenceBand | null;
  readonly colour: ColourKey;
  /** The node no longer stands (refuted, invalidated, retracted): drawn dimmed. */
  readonly faded: boolean;
  /** The badge naming its state; null for an active node. */
  readonly badge: string | null;
}

/** What each lifecycle state does to a node's look. */
export const STATE_LOOKS: Readonly<Record<LifecycleState, { readonly stands: boolean; readonly badge: string | null }>> = {
  active: { stands: true, badge: null },
  refuted: { stands: false, badge: 'refuted' },
  invalidated: { stands: false, badge: 'invalidated' },
  corrected: { stands: true, badge: '✎ corrected' },
  retracted: { stands: false, badge: 'retracted' },
};

const known = (x: number | null | undefined): x is number => x !== null && x !== undefined && Number.isFinite(x);

export function nodeLook(input: NodeLookInput): NodeLook {
  const broken = input.broken ?? false;
  const candidates: readonly [LookLabel, number | null | undefined][] = [
    ['posterior', input.posterior],
    ['corrected', input.corrected],
    ['effective', broken ? null : input.effective],
    ['stated', input.stated],
  ];
  const found = candidates.find(([, v]) => known(v));
  const value = found ? found[1]! : null;
  const band = value === null ? null : bandOf(Math.min(1, Math.max(0, value)));
  const state = STATE_LOOKS[input.state ?? 'active'];
  return {
    value,
    label: found ? found[0] : null,
    band,
    colour: broken ? 'broken' : (band ?? 'none'),
    faded: !state.stands,
    badge: state.badge,
  };
}
