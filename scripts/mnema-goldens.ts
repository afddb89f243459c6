/**
 * `npm run goldens:mnema`: re-baselines the golden confidences of the sample corpus
 * (test/fixtures/mnema/goldens.json). A change of a prior, a curve or the combination
 * rule fails the golden test until this is run — and the diff of the goldens is then
 * the reviewed record of the change (§5.3).
 */
import { writeFileSync } from 'node:fs';
import { claimSummaries } from '../src/core/mnema/claimSummary.ts';
import { GOLDENS_URL, sampleCorpusLog } from '../test/support/mnemaCorpus.ts';

const log = await sampleCorpusLog();
const goldens = Object.fromEntries(Object.entries(claimSummaries(log.graph)).map(([key, c]) => [key, { confidence: c.confidence, basis: c.confidence_basis }]));
writeFileSync(GOLDENS_URL, JSON.stringify(goldens, null, 2) + '\n');
console.log(`${Object.keys(goldens).length} golden confidences written to ${GOLDENS_URL.pathname}`);
