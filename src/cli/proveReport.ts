/**
 * `prove` without `--json`: the verdict in a sentence, then what it rests on — the
 * unsat core, the model (or counter-model), the rounds of the intuition loop — or, when
 * a gate failed, its diagnostics as `check` prints them.
 */
import type { ProveResult } from '../core/proposal/index.ts';
import type { Diagnostic } from '../core/text/diagnostic.ts';
import { diagnosticLine } from './diagnosticReport.ts';

const BUDGET_WORDS = { timeout: 'the time budget ran out', rounds: 'the expansion-round budget ran out', atoms: 'the active-assertion budget was reached' } as const;

export function proveReport(file: string, diagnostics: readonly Diagnostic[], r: ProveResult): string {
  if (r.gate !== null) {
    const lines = diagnostics.map((d) => diagnosticLine(file, d));
    lines.push(`${file}: stopped at the ${r.gate} gate; no solver was run`);
    return lines.join('\n') + '\n';
  }
  const lines: string[] = [];
  const rounds = `${r.rounds} round${r.rounds === 1 ? '' : 's'}`;
  lines.push(`${file}: ${r.verdict} (${r.mode}; ${r.solver} answered ${r.solver_answer} after ${rounds}, ${r.elapsed_ms} ms)`);
  if (r.probe?.answer === 'sat') lines.push(`  settled by the one-element probe (${r.probe.ms} ms): every declared sort read as a single element`);
  if (r.verdict === 'unknown') {
    const why = r.budget
      ? BUDGET_WORDS[r.budget]
      : r.solver_answer === 'error'
        ? `the solver reported an error: ${r.solver_error ?? ''}`
        : r.solver_answer === 'unknown'
          ? 'the solver could not decide'
          : `the solver answered ${r.solver_answer}`;
    lines.push(`  why unknown: ${why}`);
  }
  if (r.logic && r.logic.declared !== r.logic.emitted) lines.push(`  logic: ${r.logic.declared ?? 'none'} declared, ${r.logic.emitted} emitted`);
  if (r.core) {
    const goal = r.goal_in_core === true ? ', with the goal' : r.goal_in_core === false ? ' (the goal was not needed)' : '';
    lines.push(`  unsat core${goal}: ${r.core.length > 0 ? r.core.join(', ') : '(no assertions)'}`);
  }
  if (r.model) {
    lines.push(r.mode === 'entailment' ? '  counter-model (the knowledge holds and the goal fails):' : '  model:');
    if (r.model.length === 0) lines.push('    (no declared symbol needs a value)');
    for (const m of r.model) {
      const head = m.params ? `${m.name} ${m.params}` : m.name;
      lines.push(`    ${head} : ${m.sort} = ${m.value}`);
    }
  }
  if (r.rounds > 1 || r.intuition !== 'none') {
    lines.push(`  intuition ${r.intuition}:`);
    for (const round of r.round_log) lines.push(`    round ${round.round}: ${round.active.length} active (+${round.added.length}) → ${round.answer}, ${round.ms} ms`);
  }
  return lines.join('\n') + '\n';
}
