/**
 * The selected belief's explanation record (docs/contract.md §1.4), generated in the validation
 * worker from the graph and the session's log: shown as readable text, with the raw
 * record one click away. A belief on an open contradiction gets the caveat first. A long
 * provenance is shown cut (shownExplanation.ts); the whole record saves as a file.
 */
import { useEffect, useState } from 'react';
import type { ShownExplanation } from '../../core/explain/shownExplanation.ts';
import { languageRow } from '../../core/languages/languageTable.ts';
import { posteriorsStale, useDocumentStore } from '../../store/document/documentStore.ts';
import { useLifecycleStore } from '../../store/session/lifecycleStore.ts';
import { getSession } from '../../store/session/sessionInstance.ts';
import { whenGraphShown } from '../../store/pipeline/graphShown.ts';
import { downloadFile } from '../chrome/downloadFile.ts';

export function ExplanationSection({ id }: { id: string }) {
  const version = useDocumentStore((s) => s.analysis?.version ?? 0);
  const posteriors = useDocumentStore((s) => s.posteriors);
  // Gaia: the record's posterior is the last one computed when the latest inference failed.
  const stale = useDocumentStore((s) => s.analysis !== null && languageRow(s.analysis.language).inference && posteriorsStale(s) && s.posteriors.has(id));
  // The log's length names its state (it only grows while a session is open): one request per change.
  const logLength = useLifecycleStore((s) => s.log.length);
  // Kept with the id it explains: while another belief's record is on its way (after a
  // big paste it waits for the graph), the last one is not shown under this belief's name.
  const [explained, setExplained] = useState<{ readonly id: string; readonly shown: ShownExplanation | null } | null>(null);
  useEffect(() => {
    let live = true;
    // Asked once the graph shows this version (graphShown.ts): not beside a big paste's layout.
    // The session controller asks the worker once per belief, version, log and posteriors.
    void whenGraphShown()
      .then(() => (live ? getSession().explain(id) : null))
      .then((r) => {
        if (live) setExplained({ id, shown: r });
      });
    return () => {
      live = false;
    };
  }, [id, version, posteriors, logLength]);
  const shown = explained?.id === id ? explained.shown : null;
  if (!shown) return null;
  return (
    <section data-testid="explanation">
      <h2>Explanation</h2>
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
      {/* A Tab stop, so a long record scrolls from the keyboard too. */}
      <pre className="explanation-text" tabIndex={0}>
        {shown.text}
      </pre>
      {shown.provenanceSteps > shown.record.provenance.length && (
        <p className="muted" data-testid="explanation-cut">
          The first {shown.record.provenance.length} of {shown.provenanceSteps.toLocaleString('en')} provenance steps are shown.{' '}
          <button className="link-button" data-testid="explanation-save" onClick={() => void saveWholeRecord(id)}>
            Save the whole record
          </button>
        </p>
      )}
      <details>
        <summary>raw record</summary>
        <pre className="explanation-raw" data-testid="explanation-raw" tabIndex={0}>
          {JSON.stringify(shown.record, null, 2)}
        </pre>
      </details>
    </section>
  );
}

async function saveWholeRecord(id: string): Promise<void> {
  const json = await getSession().explainJson(id);
  if (json !== null) downloadFile(json, `explanation-${id}.json`, 'application/json');
}
