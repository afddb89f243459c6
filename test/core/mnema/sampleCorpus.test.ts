/**
 * §5.3 on the sample corpus (samples/mnema): every derived confidence equals its golden
 * (re-baselined only by `npm run goldens:mnema`), and each band's labelled-true fraction
 * lies within its nominal range ± 0.10.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { calibrate } from '../../../src/core/mnema/calibration.ts';
import { GOLDENS_URL, type Golden, goldensOf, rebaselined, sampleCorpusLog, sampleLabels } from '../../support/mnemaCorpus.ts';
import type { TestLog } from '../../support/mnemaLogs.ts';

let log: TestLog;
beforeAll(async () => {
  log = await sampleCorpusLog();
});

describe('the sample corpus', () => {
  it('derives exactly the golden confidences, each by the deriver version it names (npm run goldens:mnema re-baselines them)', () => {
    const goldens = JSON.parse(readFileSync(GOLDENS_URL, 'utf8')) as Record<string, Golden>;
    expect(goldensOf(log.graph)).toEqual(goldens);
  });

  it('re-baselining one deriver (a new version of it) leaves the goldens of the others as they were (§2.1)', () => {
    const held = JSON.parse(readFileSync(GOLDENS_URL, 'utf8')) as Record<string, Golden>;
    // The routines deriver at a new version with another prior: its keys change, no other.
    const derived = Object.fromEntries(
      Object.entries(goldensOf(log.graph)).map(([key, g]) => [key, g.deriver.startsWith('routines@') ? { ...g, deriver: 'routines@2.0.0', confidence: 0.5 } : { ...g, confidence: 0 }]),
    );
    const next = rebaselined(held, derived, ['routines']);
    for (const [key, g] of Object.entries(next)) {
      if (key.startsWith('routine.')) expect(g).toMatchObject({ deriver: 'routines@2.0.0', confidence: 0.5 });
      else expect(g).toEqual(held[key]);
    }
    expect(Object.keys(next).sort()).toEqual(Object.keys(held).sort());
  });

  it('is calibrated: the labelled-true fraction of each band within its range ± 0.10', () => {
    const report = calibrate(log.graph, new Map(Object.entries(sampleLabels())));
    expect(report.unlabelled).toEqual([]);
    expect(report.unknown_labels).toEqual([]);
    for (const band of report.bands) expect({ band: band.band, pass: band.pass }).toEqual({ band: band.band, pass: true });
    expect(report.bands.filter((b) => b.count > 0).length).toBeGreaterThanOrEqual(3);
  });
});
