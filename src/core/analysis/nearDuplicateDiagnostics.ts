/**
 * `near-duplicate` (info): a belief that repeats an earlier one — their vectors are at
 * least as alike as the strategy's threshold (see vsa/nearDuplicates.ts). Reported on
 * the later belief's id, with the merge quick fix where the language has one.
 */
import type { Diagnostic } from '../text/diagnostic.ts';
import type { NearDuplicatePair } from '../vsa/nearDuplicates.ts';
import type { SimilarityStrategy } from '../vsa/strategy.ts';
import type { SimilaritySource } from './similaritySource.ts';

export const NEAR_DUPLICATE = 'near-duplicate';

export function nearDuplicateDiagnostics(source: SimilaritySource, pairs: readonly NearDuplicatePair[], strategy: SimilarityStrategy): Diagnostic[] {
  const out: Diagnostic[] = [];
  const measure = strategy === 'hrr' ? 'HRR cosine' : 'HDC similarity';
  const fixes = source.mergeFixes(pairs.map((p) => ({ drop: p.later, keep: p.earlier })));
  for (const p of pairs) {
    const range = source.rangeOf(p.later);
    if (!range) continue;
    const fix = fixes.get(p.later);
    const file = source.fileOf?.(p.later) ?? null;
    out.push({
      severity: 'info',
      code: NEAR_DUPLICATE,
      message: `${p.later} nearly repeats ${p.earlier} (${measure} ${p.score.toFixed(2)})`,
      range,
      subject: p.later,
      ...(file !== null ? { file } : {}),
      ...(fix ? { fixes: [fix] } : {}),
    });
  }
  return out;
}
