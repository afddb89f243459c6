/**
 * The log's standing review list (src/core/mnema/reviewList.ts): corrections the evidence
 * moved under, read off the log. Shown for the whole log in its panel, and for one claim
 * in its inspector; each row leads to its claim.
 */
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import type { PendingReview } from '../../core/mnema/mnemaCascade.ts';
import { selectNode } from '../../store/document/documentStore.ts';
import { useRuleTables } from '../../store/mnema/ruleTables.ts';
import { getPipeline } from '../../store/pipeline/pipelineInstance.ts';

/** What a review item says, in the person's words. */
const REVIEW_WORDS: Readonly<Record<PendingReview['reason'], string>> = {
  evidence_changed_under_correction: 'what it rests on changed since you corrected it',
  rederived_differs_from_correction: 'newer evidence now derives something else',
};

/** The log's standing review list: corrections the evidence moved under (reviewList.ts). Correct again, or withdraw, to answer one. */
/** An identity key that breaks before its `|` separators in a narrow panel, not inside a word. */
function keyBreakable(key: string): ReactNode[] {
  const out: ReactNode[] = [];
  let at = 0;
  for (const part of key.split('|')) {
    // Keyed by where the separator stands in the key.
    if (at > 0) out.push(<wbr key={at} />, `|${part}`);
    else out.push(part);
    at += part.length + 1;
  }
  return out;
}

export function MnemaReviewList({ version, only }: { version: number; only: string | null }) {
  const [items, setItems] = useState<readonly PendingReview[] | null>(null);
  const rules = useRuleTables((s) => s.generation);
  useEffect(() => {
    let live = true;
    void Promise.resolve(getPipeline().validationApi.mnemaReviews(version)).then((got) => {
      if (live && got) setItems(got);
    });
    return () => {
      live = false;
    };
  }, [version, rules]);
  const shown = items?.filter((p) => only === null || p.identity_key === only) ?? [];
  if (shown.length === 0) return null;
  return (
    <section className="mnema-review" data-testid="mnema-review" aria-label="to review">
      <h2>To review ({shown.length})</h2>
      <ul>
        {shown.map((p) => (
          // The whole row is the button that selects the claim: a click anywhere on it, or Enter.
          <li key={`${p.identity_key}:${p.reason}`} data-testid={`review-${p.identity_key}`}>
            <button type="button" className="review-row" onClick={() => selectNode(p.identity_key, 'inspector')} title="Correct it again to confirm, or withdraw the correction">
              <span className="link-text">{keyBreakable(p.identity_key)}</span>: {REVIEW_WORDS[p.reason]}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
