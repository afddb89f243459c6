/**
 * The sample documents mutations start from: the page's samples (public/samples) and,
 * when present beside the clone, the shared reference documents (CLAIR traces, Gaia's
 * galileo package, HoloProof's demo proposals). Sorted by name, so a seed gives the same
 * inputs wherever the same files are.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Language } from '../../src/core/graph/reasoningGraph.ts';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

const SOURCES: Readonly<Record<Language, readonly { dir: string; test: RegExp }[]>> = {
  clair: [
    { dir: 'public/samples', test: /\.clair$/ },
    { dir: '../shared/reference/clair', test: /\.clair$/ },
  ],
  gaia: [
    { dir: 'public/samples', test: /\.py$/ },
    { dir: '../shared/reference/gaia/galileo', test: /^(package|priors)\.py$/ },
  ],
  proposal: [
    { dir: 'public/samples', test: /\.json$/ },
    { dir: '../shared/reference/holoproof/demo-proposals', test: /^(?!.*\.expected\.json$).*\.json$/ },
  ],
  mnema: [{ dir: 'public/samples', test: /\.mnema$/ }],
};

const cache = new Map<Language, readonly string[]>();

export function samplesOf(language: Language): readonly string[] {
  let texts = cache.get(language);
  if (!texts) {
    const found: string[] = [];
    for (const { dir, test } of SOURCES[language]) {
      const full = join(REPO_ROOT, dir);
      if (!existsSync(full)) continue;
      for (const name of readdirSync(full)
        .filter((n) => test.test(n))
        .sort())
        found.push(readFileSync(join(full, name), 'utf8'));
    }
    if (found.length === 0) throw new Error(`no ${language} samples found under ${REPO_ROOT}`);
    texts = found;
    cache.set(language, texts);
  }
  return texts;
}
