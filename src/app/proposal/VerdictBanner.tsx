/**
 * The verdict of the last run, large, with what it rests on: the solver's answer, the
 * budget that ran out when the verdict is unknown, the rounds and the time. While a
 * solve runs, the time spent so far ticks and the rounds finished so far are counted.
 */
import { useEffect, useState } from 'react';
import type { ProveResult, Verdict } from '../../core/proposal/index.ts';
import type { ProofRun } from '../../store/proof/proofRun.ts';
import { useDocumentStore } from '../../store/document/documentStore.ts';
import { useProofStore } from '../../store/proof/proofStore.ts';

const MEANING: Readonly<Record<Verdict, string>> = {
  entailed: 'the goal follows from the assertions (its negation is unsatisfiable)',
  'not-entailed': 'the goal does not follow: there is a world where the assertions hold and the goal does not',
  consistent: 'the assertions hold together: they have a model',
  inconsistent: 'the assertions contradict each other: no world satisfies them all',
  'model-found': 'there is a world where the assertions and the goal hold',
  'no-model': 'no world satisfies the assertions together with the goal',
  unknown: 'the solver did not settle the question',
};

function why(result: ProveResult, run: ProofRun): string {
  if (result.gate) return `stopped at the ${result.gate} gate; no solver ran`;
  switch (result.solver_answer) {
    case 'cancelled':
      return 'cancelled: the solve was stopped before it finished';
    case 'timeout':
      return `the timeout budget (${run.timeoutMs} ms) ran out${run.ending === 'watchdog' ? '; the solver did not answer, so its worker was stopped' : ''}`;
    case 'error':
      return `the solver reported an error, which voids the run: ${result.solver_error ?? run.message ?? 'no message'}`;
    case 'unknown':
      if (result.budget === 'rounds') return 'the round budget ran out before an answer settled it';
      if (result.budget === 'atoms') return 'the active-atom budget capped the assertions before an answer settled it';
      return 'the solver answered unknown (the question may be outside what it decides, e.g. quantifiers it cannot instantiate finitely)';
    case 'no-answer':
      return 'the solver printed no answer';
    default:
      return MEANING[result.verdict ?? 'unknown'];
  }
}

/** `z3 answered unsat` for the solver's own words; `z3: timeout` for how a run was stopped. */
function answered(result: ProveResult) {
  const a = result.solver_answer;
  if (a === null) return 'no solver ran';
  const own = a === 'sat' || a === 'unsat' || a === 'unknown';
  return (
    <>
      z3{own ? ' answered ' : ': '}
      <code>{a}</code>
    </>
  );
}

function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    const id = setInterval(() => setNow(performance.now()), 100);
    return () => clearInterval(id);
  }, []);
  return <>{((now - since) / 1000).toFixed(1)} s</>;
}

export function VerdictBanner() {
  const run = useProofStore((s) => s.run);
  const solver = useProofStore((s) => s.solver);
  const editorVersion = useDocumentStore((s) => s.editorVersion);
  const result = run?.result ?? null;
  const verdict = result?.verdict ?? null;
  const status = run ? run.status : 'idle';
  const stale = run !== null && run.status === 'done' && run.version !== editorVersion;
  return (
    <section
      className={`verdict verdict-${verdict ?? (result?.gate ? 'gate' : status)}`}
      data-testid="verdict"
      data-status={status}
      data-verdict={verdict ?? 'none'}
      data-solver-answer={result?.solver_answer ?? ''}
      data-budget={result?.budget ?? ''}
      data-gate={result?.gate ?? ''}
      data-version={run?.version ?? 0}
      aria-live="polite"
    >
      {!run && solver.status !== 'failed' && <div className="verdict-idle muted">Not run yet. Run (or Ctrl+Enter in the editor) checks the proposal with z3 in the mode and budgets above.</div>}
      {!run && solver.status === 'failed' && (
        <div className="verdict-idle verdict-stale" data-testid="solver-failed">
          z3 could not be loaded, so proposals cannot be run here: {solver.detail ?? 'no reason given'}
        </div>
      )}
      {run && run.status === 'running' && (
        <div className="verdict-line">
          <span className="verdict-word running">solving…</span>
          <span className="verdict-facts">
            {run.mode} · <Elapsed since={run.startedAt} /> · {run.rounds.length} round{run.rounds.length === 1 ? '' : 's'} done
          </span>
        </div>
      )}
      {run && result && (
        <>
          <div className="verdict-line">
            <span className="verdict-word">{verdict ?? 'no verdict'}</span>
            <span className="verdict-facts">
              {result.mode} · {answered(result)} · {result.rounds} round{result.rounds === 1 ? '' : 's'} · {result.elapsed_ms} ms
              {result.intuition !== 'none' ? ` · intuition ${result.intuition.toUpperCase()}` : ''}
            </span>
          </div>
          <div className="verdict-why">
            {why(result, run)}
            {result.logic && result.logic.declared !== null && result.logic.declared !== result.logic.emitted && (
              <span className="muted">
                {' '}
                · logic {result.logic.declared} overridden with {result.logic.emitted}
              </span>
            )}
          </div>
          {stale && <div className="verdict-stale">This verdict is for an earlier version of the text (v{run.version}); run again to check the current one.</div>}
        </>
      )}
    </section>
  );
}
