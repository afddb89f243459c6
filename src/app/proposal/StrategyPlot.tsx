/**
 * DS004's strategy matrix over the open proposal, drawn: one bar per strategy (solver ×
 * solving style × intuition), its length the time the strategy took, its colour the
 * verdict, with the rounds it needed — and whether the strategies agree. The page runs
 * z3's six strategies; cvc5's are listed as the command line's (`warrant evaluate`).
 */
import type { StrategyRun } from '../../core/proposal/index.ts';
import { STRATEGIES } from '../../core/proposal/index.ts';
import { useDocumentStore } from '../../store/document/documentStore.ts';
import { runEvaluation, useProofStore } from '../../store/proof/proofStore.ts';
import { activeEditor } from '../editor/activeEditor.ts';

const INTUITION_WORDS = { none: 'NoIntuition', hrr: 'VSA HRR', hdc: 'VSA HDC' } as const;
const ROW = 18;
const LABEL = 150;
const BAR = 130;
const TAIL = 160;

/** `z3/one-shot/hrr` → `strategy-z3-one-shot-hrr`. */
function hookOf(id: string): string {
  return `strategy-${id.replaceAll('/', '-')}`;
}

function verdictClass(run: StrategyRun): string {
  if (run.skipped !== null) return 'skipped';
  if (run.verdict === null || run.verdict === 'unknown') return 'unknown';
  return ['entailed', 'consistent', 'model-found'].includes(run.verdict) ? 'proved' : 'refuted';
}

export function StrategyPlot({ blocked }: { blocked: string | null }) {
  const evaluation = useProofStore((s) => s.evaluation);
  const version = useDocumentStore((s) => s.editorVersion);
  const name = useDocumentStore((s) => s.name);
  const current = evaluation !== null && evaluation.version === version;
  const start = () => {
    const text = activeEditor()?.getValue();
    if (blocked === null && text !== undefined) void runEvaluation(text, version, name);
  };
  const row = current && evaluation.report ? evaluation.report.proposals[0] : undefined;
  const runs = row ? STRATEGIES.map((s) => row.runs.find((r) => r.strategy === s.id)).filter((r): r is StrategyRun => r !== undefined) : [];
  const longest = Math.max(1, ...runs.map((r) => r.elapsed_ms));
  return (
    <div className="strategies" data-testid="strategy-plot" data-status={current ? evaluation.status : 'none'} data-agreement={row?.agreement ?? ''}>
      <h2>
        Strategies{' '}
        <button
          type="button"
          data-testid="strategy-run"
          disabled={blocked !== null || (current && evaluation.status === 'running')}
          title={blocked ?? 'Prove with every strategy the page has, each with the timeout budget'}
          onClick={start}
        >
          {current && evaluation.status === 'running' ? 'Comparing…' : 'Compare strategies'}
        </button>
      </h2>
      {!current && <p className="muted">z3 × incremental or one-shot × NoIntuition, HRR or HDC on this proposal: verdicts, rounds and times side by side.</p>}
      {current && evaluation.status === 'failed' && <p className="error-text">The comparison stopped: {evaluation.detail}</p>}
      {row?.gate && <p className="muted">The proposal stops at the {row.gate} gate: no strategy ran.</p>}
      {row && runs.length > 0 && (
        <>
          <p className="muted" data-testid="strategy-agreement">
            {row.agreement === 'agree'
              ? `Every strategy that decided says ${row.verdicts[0]}.`
              : row.agreement === 'disagree'
                ? `The strategies disagree (${row.verdicts.join(' vs ')}): one of them is wrong.`
                : 'No strategy decided within its budget.'}
          </p>
          <svg
            className="strategy-bars"
            viewBox={`0 0 ${LABEL + BAR + TAIL} ${runs.length * ROW + 4}`}
            style={{ width: '100%', maxWidth: LABEL + BAR + TAIL }}
            role="img"
            aria-label="time per strategy (solver/style/intuition)"
          >
            {runs.map((r, i) => {
              const s = STRATEGIES.find((x) => x.id === r.strategy)!;
              const y = i * ROW + 2;
              const width = r.skipped === null ? Math.max(2, (r.elapsed_ms / longest) * BAR) : 0;
              return (
                <g key={r.strategy} data-testid={hookOf(r.strategy)} data-verdict={r.verdict ?? 'not-run'} data-ms={r.elapsed_ms} data-rounds={r.rounds} className={`strategy-${verdictClass(r)}`}>
                  <title>{r.skipped ?? `${r.strategy}: ${r.verdict} (${r.solver_answer}) after ${r.rounds} round${r.rounds === 1 ? '' : 's'}, ${r.elapsed_ms} ms`}</title>
                  <text x={0} y={y + 12}>
                    {s.id}
                    <title>{`${s.solver}, ${s.style}, ${INTUITION_WORDS[s.intuition]}`}</title>
                  </text>
                  <rect x={LABEL} y={y + 2} width={width} height={ROW - 6} rx={2} />
                  <text x={LABEL + width + 6} y={y + 12}>
                    {r.skipped !== null ? 'command line only' : `${r.verdict} · ${r.rounds} rd · ${r.elapsed_ms} ms`}
                  </text>
                </g>
              );
            })}
          </svg>
        </>
      )}
    </div>
  );
}
