/**
 * The selected belief's explanation record (docs/contract.md §1.4), generated in the validation
 * worker from the graph and the session's log: shown as readable text, with the raw
 * record one click away. A belief on an open contradiction gets the caveat first.
 */
import { useEffect, useState } from 'react';
import type { ExplanationRecord } from '../../core/explain/explainRecord.ts';
import { languageRow } from '../../core/languages/languageTable.ts';
import { posteriorsStale, useDocumentStore } from '../../store/documentStore.ts';
import { useLifecycleStore } from '../../store/lifecycleStore.ts';
import { getSession } from '../../store/sessionInstance.ts';

export function ExplanationSection({ id }: { id: string }) {
  const version = useDocumentStore((s) => s.analysis?.version ?? 0);
  const posteriors = useDocumentStore((s) => s.posteriors);
  // Gaia: the record's posterior is the last one computed when the latest inference failed.
  const stale = useDocumentStore((s) => s.analysis !== null && languageRow(s.analysis.language).inference && posteriorsStale(s) && s.posteriors.has(id));
  const log = useLifecycleStore((s) => s.log);
  const [shown, setShown] = useState<{ record: ExplanationRecord; text: string } | null>(null);
  useEffect(() => {
    let live = true;
    void getSession()
      .explain(id)
      .then((r) => {
        if (live) setShown(r);
      });
    return () => {
      live = false;
    };
  }, [id, version, posteriors, log]);
  if (!shown) return null;
  return (
    <section data-testid="explanation">
      <h3>Explanation</h3>
      {shown.record.caveat && (
        <p className="caveat" data-testid="explanation-caveat">
          ⚠ {shown.record.caveat}
        </p>
      )}
      {stale && (
        <p className="stale-note" data-testid="explanation-stale">
          stale: inference failed, so the posterior below is the last one computed, before the change that broke it.
        </p>
      )}
      <pre className="explanation-text">{shown.text}</pre>
      <details>
        <summary>raw record</summary>
        <pre className="explanation-raw" data-testid="explanation-raw">{JSON.stringify(shown.record, null, 2)}</pre>
      </details>
    </section>
  );
}
