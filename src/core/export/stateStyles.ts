/**
 * How each lifecycle state (contract §1.3) looks in the drawn exports, shared by SVG and
 * DOT so a refuted belief looks the same in both: refuted has its own colour and its
 * text struck through, invalidated is faded, corrected carries a ✎ mark and the corrected
 * value, retracted is greyed and dashed. `active` draws as the band says.
 */
import type { LifecycleState } from '../oplog/lifecycle.ts';
import type { BandColours } from './bandColours.ts';
import { STATE_LOOKS } from '../graph/nodeLook.ts';

export interface StateStyle {
  /** Colours that replace the band's (refuted, retracted); null keeps the band's. */
  readonly colours: BandColours | null;
  /** Opacity of the whole node: faded states show they no longer stand. */
  readonly opacity: number;
  readonly strike: boolean;
  /** Fill with diagonal stripes of the state's fill (SVG), as the page cross-hatches refuted nodes. */
  readonly hatch: boolean;
  /** A dash pattern for the border, or null for a solid one. */
  readonly dash: string | null;
  /** The badge naming the state (null for active), and its colours. */
  readonly badge: { readonly text: string; readonly fill: string; readonly colour: string } | null;
}

export const STATE_STYLES: Readonly<Record<LifecycleState, StateStyle>> = {
  active: { colours: null, opacity: 1, strike: false, hatch: false, dash: null, badge: null },
  refuted: {
    colours: { fill: '#efbfc8', stroke: '#a3132b', text: '#5c0a17' },
    opacity: 1,
    strike: true,
    hatch: true,
    dash: null,
    badge: { text: STATE_LOOKS.refuted.badge!, fill: '#a3132b', colour: '#ffffff' },
  },
  invalidated: { colours: null, opacity: 0.42, strike: false, hatch: false, dash: '4 3', badge: { text: STATE_LOOKS.invalidated.badge!, fill: '#f5e3b3', colour: '#5b4a20' } },
  corrected: { colours: null, opacity: 1, strike: false, hatch: false, dash: null, badge: { text: STATE_LOOKS.corrected.badge!, fill: '#1f4f6e', colour: '#ffffff' } },
  retracted: {
    colours: { fill: '#e4e7eb', stroke: '#616e7c', text: '#3e4c59' },
    opacity: 0.6,
    strike: false,
    hatch: false,
    dash: '2 3',
    badge: { text: STATE_LOOKS.retracted.badge!, fill: '#616e7c', colour: '#ffffff' },
  },
};

/** The states, in the order legends list them. */
export const LEGEND_STATES: readonly LifecycleState[] = ['refuted', 'invalidated', 'corrected', 'retracted'];

/** The SVG pattern a hatched state fills with: stripes of its fill over white. */
export function hatchPattern(id: string, fill: string): string {
  return `<pattern id="${id}" patternUnits="userSpaceOnUse" width="8" height="8" patternTransform="rotate(45)"><rect width="8" height="8" fill="#fdf2f4"/><rect width="4" height="8" fill="${fill}"/></pattern>`;
}
