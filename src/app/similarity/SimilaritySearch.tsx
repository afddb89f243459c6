/**
 * The toolbar's similarity search: free text ranks every belief of the document by
 * vector-symbolic similarity (the worker encodes the text as it encodes beliefs), and
 * the strategy switch (HRR or HDC) that the inspector's "Similar beliefs" and the
 * near-duplicate findings follow too. Results open under the box, a page at a time.
 */
import { useEffect, useState } from 'react';
import { isSimilarityStrategy } from '../../core/vsa/strategy.ts';
import { getSimilarityClient } from '../../store/similarity/similarityInstance.ts';
import { useSimilarityStore } from '../../store/similarity/similarityStore.ts';
import { SimilarityRow } from './SimilarityRow.tsx';
import './similarity.css';

const PAGE = 50;
/** Typing pauses this long before the worker is asked. */
const DEBOUNCE_MS = 120;

export function SimilaritySearch() {
  const strategy = useSimilarityStore((s) => s.strategy);
  const synced = useSimilarityStore((s) => s.nearDuplicates.version);
  const text = useSimilarityStore((s) => s.searchText);
  const ranking = useSimilarityStore((s) => s.search);
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(PAGE);

  useEffect(() => {
    const query = text.trim();
    if (query === '' || synced < 0) {
      useSimilarityStore.setState({ search: null });
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      getSimilarityClient()
        .search(query)
        .then((r) => {
          if (live) useSimilarityStore.setState({ search: r });
        })
        .catch((e: unknown) => useSimilarityStore.setState({ error: `similarity worker: ${e instanceof Error ? e.message : String(e)}` }));
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text, strategy, synced]);

  const current = ranking && ranking.query === text.trim() && ranking.strategy === strategy ? ranking : null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the box only listens for Escape bubbling up from its own input and buttons, which are the controls
    <div className="similarity-search" onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <input
        type="search"
        data-testid="similarity-search"
        placeholder="Find beliefs like…"
        aria-label="rank beliefs by similarity to this text"
        value={text}
        onFocus={() => setOpen(true)}
        onChange={(e) => {
          useSimilarityStore.setState({ searchText: e.target.value });
          setShown(PAGE);
          setOpen(true);
        }}
      />
      <select
        data-testid="similarity-strategy"
        aria-label="similarity strategy"
        value={strategy}
        title="HRR: real vectors, circular convolution, cosine. HDC: 10,000-bit vectors, XOR, Hamming."
        onChange={(e) => {
          if (isSimilarityStrategy(e.target.value)) getSimilarityClient().setStrategy(e.target.value);
        }}
      >
        <option value="hrr">HRR</option>
        <option value="hdc">HDC</option>
      </select>
      {open && text.trim() !== '' && (
        <div className="similarity-results" data-testid="similarity-results" data-strategy={strategy} data-count={current?.results.length ?? 0}>
          <header>
            <span>{current ? `${current.results.length} beliefs ranked, ${current.strategy.toUpperCase()}, ${current.ms.toFixed(1)} ms in the worker` : 'ranking…'}</span>
            <button onClick={() => setOpen(false)} aria-label="close">
              ×
            </button>
          </header>
          {current?.results.slice(0, shown).map((r) => (
            <SimilarityRow key={r.id} id={r.id} score={r.score} strategy={current.strategy} testId={`similarity-result-${r.id}`} />
          ))}
          {current && current.results.length > shown && (
            <button className="show-more" onClick={() => setShown(shown + PAGE * 4)}>
              show {Math.min(PAGE * 4, current.results.length - shown)} more of {current.results.length - shown}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
