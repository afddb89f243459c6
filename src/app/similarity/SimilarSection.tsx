/**
 * "Similar beliefs" in the inspector: the beliefs most like the selected one under the
 * chosen strategy, best first, with their scores. Asked of the similarity worker again
 * whenever the selection, the strategy or the worker's loaded version changes.
 */
import { useEffect } from 'react';
import { getSimilarityClient } from '../../store/similarity/similarityInstance.ts';
import { useSimilarityStore } from '../../store/similarity/similarityStore.ts';
import { SimilarityRow } from './SimilarityRow.tsx';
import './similarity.css';

const MEASURE = { hrr: 'HRR cosine', hdc: 'HDC 1 − Hamming/D' } as const;

export function SimilarSection({ id }: { id: string }) {
  const strategy = useSimilarityStore((s) => s.strategy);
  const synced = useSimilarityStore((s) => s.nearDuplicates.version);
  const ranking = useSimilarityStore((s) => s.similar);

  useEffect(() => {
    if (synced < 0) return;
    let live = true;
    getSimilarityClient()
      .similarTo(id)
      .then((r) => {
        if (live) useSimilarityStore.setState({ similar: r });
      })
      .catch((e: unknown) => useSimilarityStore.setState({ error: `similarity worker: ${e instanceof Error ? e.message : String(e)}` }));
    return () => {
      live = false;
    };
  }, [id, strategy, synced]);

  const current = ranking && ranking.query === id && ranking.strategy === strategy ? ranking : null;
  return (
    <section data-testid="similar" data-strategy={strategy} data-version={current?.version ?? -1}>
      <div className="similar-head">
        <h2>Similar beliefs</h2>
        <span className="muted">{MEASURE[strategy]}</span>
      </div>
      {!current ? (
        <p className="muted">Ranking…</p>
      ) : current.results.length === 0 ? (
        <p className="muted">No other belief to compare with.</p>
      ) : (
        current.results.map((r) => <SimilarityRow key={r.id} id={r.id} score={r.score} strategy={current.strategy} testId={`similar-item-${r.id}`} />)
      )}
    </section>
  );
}
