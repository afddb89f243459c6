/**
 * `npm run goldens:mnema [-- --deriver NAME ...]`: re-baselines the golden confidences of
 * the sample corpus (test/fixtures/mnema/goldens.json), each recorded with the deriver and
 * version that derived it. A change of a prior, a curve or the combination rule fails the
 * golden test until this is run — and the diff of the goldens is then the reviewed record
 * of the change (§5.3). With `--deriver`, only that deriver's keys are re-baselined (a new
 * version of one deriver leaves the others' goldens as they were, §2.1).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { GOLDENS_URL, goldensOf, rebaselined, sampleCorpusLog, type Golden } from '../test/support/mnemaCorpus.ts';

const args = process.argv.slice(2);
const only: string[] = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--deriver' && args[i + 1]) only.push(args[++i]!);
  else {
    console.error(`usage: npm run goldens:mnema [-- --deriver NAME ...]; not understood: ${args[i]}`);
    process.exit(2);
  }
}
const held = existsSync(GOLDENS_URL) ? (JSON.parse(readFileSync(GOLDENS_URL, 'utf8')) as Record<string, Golden>) : {};
const goldens = rebaselined(held, goldensOf((await sampleCorpusLog()).graph), only);
writeFileSync(GOLDENS_URL, JSON.stringify(goldens, null, 2) + '\n');
console.log(`${Object.keys(goldens).length} golden confidences written to ${GOLDENS_URL.pathname}${only.length > 0 ? ` (re-baselined: ${only.join(', ')})` : ''}`);
