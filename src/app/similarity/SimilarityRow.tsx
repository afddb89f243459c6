/** One ranked belief: id, score (number and bar) and content; clicking selects it. */
import { selectNode, useDocumentStore } from '../../store/documentStore.ts';

export function SimilarityRow({ id, score, testId }: { id: string; score: number; testId: string }) {
  const content = useDocumentStore((s) => s.views.get(id)?.node.content ?? '');
  const width = `${Math.round(Math.max(0, Math.min(1, score)) * 100)}%`;
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
