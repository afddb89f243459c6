/**
 * Colours for the confidence bands, shared by the drawn exports (SVG, DOT) so a band
 * looks the same everywhere. Fill is light enough for dark text; stroke is the accent.
 */
import type { ConfidenceBand } from '../clair/confidenceAlgebra.ts';

export interface BandColours {
  readonly fill: string;
  readonly stroke: string;
  readonly text: string;
}

export const BAND_COLOURS: Readonly<Record<ConfidenceBand, BandColours>> = {
  speculative: { fill: '#fde2e1', stroke: '#d9463b', text: '#7a1c16' },
  probable: { fill: '#fdf0d5', stroke: '#d89a1c', text: '#6b4a07' },
  likely: { fill: '#e0eefc', stroke: '#3b7dd8', text: '#163f73' },
  strong: { fill: '#ddf3e4', stroke: '#2f9a57', text: '#14502b' },
};

/** For nodes with no usable confidence and for lines that do not parse. */
export const UNKNOWN_COLOURS: BandColours = { fill: '#eceff3', stroke: '#7b8794', text: '#323f4b' };
export const BROKEN_STROKE = '#c2262e';

/** The band ranges, for legends (declared with the thresholds). */
export { BAND_RANGES } from '../graph/confidenceBands.ts';

export function coloursOf(band: ConfidenceBand | null): BandColours {
  return band === null ? UNKNOWN_COLOURS : BAND_COLOURS[band];
}
