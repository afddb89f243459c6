/**
 * §5.3 on the sample corpus (samples/mnema): every derived confidence equals its golden
 * (re-baselined only by `npm run goldens:mnema`), and each band's labelled-true fraction
 * lies within its nominal range ± 0.10.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { calibrate } from '../../../src/core/mnema/calibration.ts';
import { claimSummaries } from '../../../src/core/mnema/claimSummary.ts';
import { GOLDENS_URL, sampleCorpusLog, sampleLabels } from '../../support/mnemaCorpus.ts';
import type { TestLog } from '../../support/mnemaLogs.ts';

let log: TestLog;
beforeAll(async () => {
  log = await sampleCorpusLog();
});

describe('the sample corpus', () => {
  it('derives exactly the golden confidences (npm run goldens:mnema re-baselines them)', () => {
    const goldens = JSON.parse(readFileSync(GOLDENS_URL, 'utf8')) as Record<string, { confidence: number; basis: unknown }>;
    const derived = Object.fromEntries(Object.entries(claimSummaries(log.graph)).map(([key, c]) => [key, { confidence: c.confidence, basis: c.confidence_basis }]));
    expect(derived).toEqual(goldens);
  });

  it('is calibrated: the labelled-true fraction of each band within its range ± 0.10', () => {
    const report = calibrate(log.graph, new Map(Object.entries(sampleLabels())));
    expect(report.unlabelled).toEqual([]);
    expect(report.unknown_labels).toEqual([]);
    for (const band of report.bands) expect({ band: band.band, pass: band.pass }).toEqual({ band: band.band, pass: true });
    expect(report.bands.filter((b) => b.count > 0).length).toBeGreaterThanOrEqual(3);
  });
});
