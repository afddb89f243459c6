/**
 * How a node looks is decided once (src/core/graph/nodeLook.ts): a table of cases, and a
 * scan that fails on a band threshold, a colour rule or a set of faded states written
 * anywhere else in src/ or workers/.
 */
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { BAND_RANGES, BANDS, bandLegend, bandOf } from '../../../src/core/graph/confidenceBands.ts';
import type { NodeLookInput } from '../../../src/core/graph/nodeLook.ts';
import { nodeLook, STATE_LOOKS } from '../../../src/core/graph/nodeLook.ts';
import { LIFECYCLE_STATES } from '../../../src/core/oplog/lifecycle.ts';
import { scanLookCheckout, scanLookText } from './lookScan.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

describe('nodeLook', () => {
  const cases: readonly [string, NodeLookInput, { value: number | null; label: string | null; band: string | null; colour: string; faded: boolean; badge: string | null }][] = [
    ['a root: its stated value', { stated: 0.95 }, { value: 0.95, label: 'stated', band: 'strong', colour: 'strong', faded: false, badge: null }],
    ['a belief weaker than it says: its effective value', { stated: 0.9, effective: 0.3 }, { value: 0.3, label: 'effective', band: 'speculative', colour: 'speculative', faded: false, badge: null }],
    // The inspector's old disagreement: effective 1.0 beside a correction to .56.
    [
      'a correction stands in for stated and effective',
      { stated: 1, effective: 1, corrected: 0.56, state: 'corrected' },
      { value: 0.56, label: 'corrected', band: 'probable', colour: 'probable', faded: false, badge: '✎ corrected' },
    ],
    [
      'a Gaia claim: its posterior, over a corrected prior',
      { stated: 0.7, corrected: 0.2, posterior: 0.81, state: 'corrected' },
      { value: 0.81, label: 'posterior', band: 'likely', colour: 'likely', faded: false, badge: '✎ corrected' },
    ],
    ['a Gaia claim before inference: its prior', { stated: 0.7, posterior: null }, { value: 0.7, label: 'stated', band: 'likely', colour: 'likely', faded: false, badge: null }],
    ['no value at all', { stated: null }, { value: null, label: null, band: null, colour: 'none', faded: false, badge: null }],
    ['out of range: banded as clamped', { stated: 1.2 }, { value: 1.2, label: 'stated', band: 'strong', colour: 'strong', faded: false, badge: null }],
    [
      'NaN and infinities are not values',
      { stated: 0.5, effective: Number.NaN, posterior: Number.POSITIVE_INFINITY },
      { value: 0.5, label: 'stated', band: 'probable', colour: 'probable', faded: false, badge: null },
    ],
    [
      'a line that does not parse: its effective value is not trusted',
      { stated: 0.8, effective: 0.1, broken: true },
      { value: 0.8, label: 'stated', band: 'likely', colour: 'broken', faded: false, badge: null },
    ],
    ['refuted: faded, badged', { stated: 0.8, state: 'refuted' }, { value: 0.8, label: 'stated', band: 'likely', colour: 'likely', faded: true, badge: 'refuted' }],
    ['invalidated: faded', { stated: 0.5, state: 'invalidated' }, { value: 0.5, label: 'stated', band: 'probable', colour: 'probable', faded: true, badge: 'invalidated' }],
    ['retracted: faded', { stated: 0.2, state: 'retracted' }, { value: 0.2, label: 'stated', band: 'speculative', colour: 'speculative', faded: true, badge: 'retracted' }],
  ];
  for (const [name, input, expected] of cases) {
    it(name, () => expect(nodeLook(input)).toEqual(expected));
  }

  it('has a look for every lifecycle state', () => {
    expect(Object.keys(STATE_LOOKS).sort()).toEqual([...LIFECYCLE_STATES].sort());
  });

  it('declares the bands once: bandOf, the legends and the ranges agree', () => {
    expect(BANDS.map((b) => b.from)).toEqual([0, 0.4, 0.7, 0.9]);
    for (const { band, from } of BANDS) expect(bandOf(from)).toBe(band);
    expect([0.39, 0.69, 0.89].map(bandOf)).toEqual(['speculative', 'probable', 'likely']);
    expect(BAND_RANGES.map((r) => r.range)).toEqual(['< .40', '.40–.70', '.70–.90', '≥ .90']);
    expect(bandLegend()).toBe('speculative < .40 · probable .40–.70 · likely .70–.90 · strong ≥ .90');
  });
});

describe('how a node looks is written once', () => {
  it('finds no band threshold, colour rule or set of faded states outside nodeLook and the bands', () => {
    expect(scanLookCheckout(ROOT).map((f) => `${f.kind} ${f.file}:${f.line}  ${f.text}`)).toEqual([]);
  });

  it('would find the rules as main had them', () => {
    const before: readonly [string, string][] = [
      ['src/core/clair/confidenceAlgebra.ts', "  if (c < 0.4) return 'speculative';"],
      ['src/core/export/bandColours.ts', "  { band: 'probable', range: '.40–.70' },"],
      ['src/cli/commands/other.ts', "const legend = 'bands: speculative < .40 · strong ≥ .90';"],
      ['src/app/graph/BeliefNode.tsx', '  const band = corrected !== null ? bandOf(corrected) : view.band;'],
      ['src/app/graph/bandColours.ts', '  if (posterior !== undefined && Number.isFinite(posterior)) return bandOf(posterior);'],
      ['src/app/graph/OverviewCanvas.tsx', "const FADED = new Set(['refuted', 'invalidated', 'retracted']);"],
    ];
    for (const [file, line] of before) expect(scanLookText(file, line), line).not.toEqual([]);
    expect(scanLookText('src/app/graph/levelOfDetail.ts', 'if (zoom >= 0.65) return "full";')).toEqual([]);
  });
});
