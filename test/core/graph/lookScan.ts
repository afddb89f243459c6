/**
 * Finds band rules written outside nodeLook.ts and confidenceBands.ts: a band threshold
 * (`c < 0.4`, a legend's `< .40`), a call of `bandOf` that picks which of a node's values
 * colours it, and a hand-made set of the states drawn faded. Takes any root, so the scan
 * can be run on an older checkout to count what it had.
 */
import { productSources, withoutComments } from '../../support/sourceTree.ts';

export interface LookFinding {
  readonly file: string;
  readonly line: number;
  readonly kind: 'threshold' | 'colour rule' | 'faded states';
  readonly text: string;
}

/** Where the bands and the look are declared. */
const HOME = new Set(['src/core/graph/confidenceBands.ts', 'src/core/graph/nodeLook.ts']);

/**
 * `bandOf` of one named value, not of "the value that colours the node": each of these
 * prints the band of the value it names beside that value, as the contract words it.
 */
export const NAMED_VALUE_BANDS: ReadonlyMap<string, string> = new Map([
  ['src/cli/commands/infer.ts', "the table's band column is the effective value's"],
  ['src/core/export/exportDot.ts', "the label's `effective 0.72 (likely)`"],
  ['src/core/explain/explainRecord.ts', "an explanation's band is of the value it holds"],
  ['src/core/graph/explainWhy.ts', '"Why?" names the stated confidence and its band'],
  ['src/core/analysis/beliefView.ts', "hover and completion name the stated confidence's band"],
  ['src/core/mnema/claimSummary.ts', "derive --json's band is of the served confidence printed beside it"],
  ['src/core/mnema/explainClaim.ts', "a claim's record and its built_from name the band of the confidence they print"],
  ['src/cli/commands/mnema.ts', "derive's report names each appended claim's confidence by its band (Mnema §5.2)"],
  ['src/app/inspector/MnemaInspector.tsx', 'a history entry names the confidence it was derived at by its band (Mnema §5.2)'],
  ['src/app/inspector/MnemaLogPanel.tsx', "a plan's table names each key's served confidence, before and after, by its band (Mnema §5.2)"],
  ['src/core/mnema/mnemaPreview.ts', "a preview's line of what re-derivation produces names each confidence it prints by its band (Mnema §5.2)"],
]);

const THRESHOLD = /[<>]=?\s*0?\.[479]0?\b(?!\d)|[<≥]\s*\.[479]0\b|\.[479]0–\.[479]0/;
const FADED = /new Set\(\[[^\]]*'(refuted|invalidated|retracted)'[^\]]*'(refuted|invalidated|retracted)'/;

export function scanLookText(file: string, text: string): LookFinding[] {
  if (HOME.has(file)) return [];
  const out: LookFinding[] = [];
  withoutComments(text)
    .split('\n')
    .forEach((line, i) => {
      const at = { file, line: i + 1, text: line.trim() };
      if (THRESHOLD.test(line)) out.push({ ...at, kind: 'threshold' });
      if (/\bbandOf\(/.test(line) && !NAMED_VALUE_BANDS.has(file)) out.push({ ...at, kind: 'colour rule' });
      if (FADED.test(line)) out.push({ ...at, kind: 'faded states' });
    });
  return out;
}

export function scanLookCheckout(root: string): LookFinding[] {
  return productSources(root).flatMap(({ file, text }) => scanLookText(file, text));
}
