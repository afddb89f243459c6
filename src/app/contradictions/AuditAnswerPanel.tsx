/**
 * "Audit answer": an answer pasted beside the session, checked against the document's
 * open contradictions by the same core audit `warrant audit` runs
 * (src/core/contradiction/answerAudit.ts), in the validation worker under the session's
 * log. Each use of a contradicted claim is listed, caveated or asserted as settled, with
 * the CRT metrics; the result's data attributes carry the verdict for tests.
 */
import { useEffect, useState } from 'react';
import type { AnswerAuditResult } from '../../core/contradiction/answerAudit.ts';
import { selectNode, useDocumentStore } from '../../store/document/documentStore.ts';
import { getPipeline } from '../../store/pipeline/pipelineInstance.ts';
import { useLifecycleStore } from '../../store/session/lifecycleStore.ts';

export function AuditAnswerPanel() {
  const [answer, setAnswer] = useState('');
  const [result, setResult] = useState<AnswerAuditResult | null>(null);
  const version = useDocumentStore((s) => s.analysis?.version ?? null);
  // The ledger changes with every operation: audit again when it does.
  const ledger = useLifecycleStore((s) => s.contradictions);

  useEffect(() => {
    if (answer.trim() === '' || version === null) {
      setResult(null);
      return;
    }
    let current = true;
    void getPipeline()
      .validationApi.auditAnswer({ version, answer })
      .then((r) => current && setResult(r))
      .catch((e: unknown) => current && setResult({ ok: false, problem: e instanceof Error ? e.message : String(e) }));
    return () => {
      current = false;
    };
  }, [answer, version, ledger]);

  return (
    <div className="audit-answer">
      <label className="muted" htmlFor="audit-answer">
        Audit answer: paste an answer to check its use of contradicted claims
      </label>
      <textarea
        id="audit-answer"
        data-testid="audit-answer"
        rows={3}
        style={{ width: '100%', boxSizing: 'border-box' }}
        value={answer}
        onChange={(e) => setAnswer(e.target.value)}
        placeholder="e.g. The cache is warm (most recent update)."
      />
      {result && <AuditResult result={result} />}
    </div>
  );
}

function AuditResult({ result }: { result: AnswerAuditResult }) {
  if (!result.ok) {
    return (
      <p className="muted" data-testid="audit-result" data-pass="" data-problem="true">
        {result.problem}
      </p>
    );
  }
  const { audit } = result;
  const m = audit.metrics;
  return (
    <div
      data-testid="audit-result"
      data-pass={String(audit.pass)}
      data-asserted={m.answer_asserted_contradicted_claim_count}
      data-flagged={m.reintroduced_flagged_count}
      data-claims={m.reintroduced_claims_count}
    >
      <p className={audit.pass ? 'muted' : 'caveat'}>
        {audit.pass ? 'Pass' : '⚠ Fails'}: {m.answer_asserted_contradicted_claim_count} asserted without a caveat · {m.reintroduced_flagged_count} with a caveat · {m.reintroduced_claims_count}{' '}
        contradicted {m.reintroduced_claims_count === 1 ? 'claim' : 'claims'} used · {m.reintroduced_unflagged_count} unflagged
      </p>
      {audit.uses.length === 0 ? (
        <p className="muted">The answer uses no contradicted claim.</p>
      ) : (
        <ul className="audit-uses">
          {audit.uses.map((u) => (
            <li key={`${u.claim}-${u.sentence}`} data-testid={`audit-use-${u.claim}`} data-asserted={String(u.asserted)}>
              <button className="link" onClick={() => selectNode(u.claim, 'inspector')}>
                {u.claim}
              </button>{' '}
              line {u.line}: {u.asserted ? 'asserted without a caveat' : `caveated (“${u.caveat}”)`} <span className="muted">— “{u.excerpt}”</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
