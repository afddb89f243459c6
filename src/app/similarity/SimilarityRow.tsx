/** One ranked belief: id, score (number and bar) and content; clicking selects it. */
import type { SimilarityStrategy } from '../../core/vsa/strategy.ts';
import { selectNode, useDocumentStore } from '../../store/document/documentStore.ts';

/** How far above chance a score is, 0..1: HRR cosine from 0, HDC similarity from ½. */
function aboveChance(strategy: SimilarityStrategy, score: number): number {
  const x = strategy === 'hrr' ? score : (score - 0.5) * 2;
  return Math.max(0, Math.min(1, x));
}

export function SimilarityRow({ id, score, strategy, testId }: { id: string; score: number; strategy: SimilarityStrategy; testId: string }) {
  const content = useDocumentStore((s) => s.views.get(id)?.node.content ?? '');
  const width = `${Math.round(aboveChance(strategy, score) * 100)}%`;
  return (
    <button className="similar-row" data-testid={testId} data-score={score.toFixed(4)} title={content} onClick={() => selectNode(id, 'inspector')}>
      <span className="similar-id">{id}</span>
      <span className="similar-score">{score.toFixed(2)}</span>
      <span className="similar-bar" aria-hidden="true">
        <span style={{ width }} />
      </span>
      <span className="similar-content">{content}</span>
    </button>
  );
}
