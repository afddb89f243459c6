/**
 * The bands of the Mnema confidence scale and where each starts, declared once: what
 * `bandOf` answers, what legends print (the page's, the SVG's, `infer`'s table) and what
 * every node's colour comes from (nodeLook.ts). A test fails on a band threshold written
 * anywhere else.
 */
export type ConfidenceBand = 'speculative' | 'probable' | 'likely' | 'strong';

/** Each band and the value it starts at, low to high. */
export const BANDS: readonly { readonly band: ConfidenceBand; readonly from: number }[] = [
  { band: 'speculative', from: 0 },
  { band: 'probable', from: 0.4 },
  { band: 'likely', from: 0.7 },
  { band: 'strong', from: 0.9 },
];

/** The band of a confidence. Values below 0 are speculative and above 1 (and NaN) strong, as the bounds are checked elsewhere. */
export function bandOf(c: number): ConfidenceBand {
  for (let i = 1; i < BANDS.length; i++) if (c < BANDS[i]!.from) return BANDS[i - 1]!.band;
  return BANDS[BANDS.length - 1]!.band;
}

/** `.40`: a threshold as legends write it. */
const written = (x: number): string => x.toFixed(2).replace(/^0/, '');

/** Each band's range in words, for legends: `< .40`, `.40–.70`, `.70–.90`, `≥ .90`. */
export const BAND_RANGES: readonly { readonly band: ConfidenceBand; readonly range: string }[] = BANDS.map(({ band, from }, i) => {
  const to = BANDS[i + 1]?.from;
  return { band, range: i === 0 ? `< ${written(to!)}` : to === undefined ? `≥ ${written(from)}` : `${written(from)}–${written(to)}` };
});

/** `speculative < .40 · probable .40–.70 · likely .70–.90 · strong ≥ .90`. */
export function bandLegend(): string {
  return BAND_RANGES.map((r) => `${r.band} ${r.range}`).join(' · ');
}

/** `likely (.70–.90)`: a confidence as a person is shown it, by its band rather than its decimal (Mnema §5.2). */
export function bandPhrase(c: number): string {
  const band = bandOf(c);
  return `${band} (${BAND_RANGES.find((r) => r.band === band)!.range})`;
}
