/**
 * `warrant evaluate` without `--json`: one row per proposal, one column per strategy
 * (the verdict, shortened, and the run's time), its agreement; then one row per strategy
 * (decided, unknown, rounds, total time) and the totals.
 */
import type { MatrixReport, Verdict } from '../core/proposal/index.ts';

const SHORT: Readonly<Record<Verdict, string>> = {
  entailed: 'ent',
  'not-entailed': 'not',
  consistent: 'con',
  inconsistent: 'inc',
  'model-found': 'mod',
  'no-model': 'nom',
  unknown: 'unk',
};

export function matrixText(dir: string, r: MatrixReport): string {
  const ids = r.strategies.map((s) => s.strategy);
  const head = ['proposal', 'mode', ...ids.map((id) => id.replace('/incremental/', '/inc/').replace('/one-shot/', '/1shot/')), 'agreement'];
  const rows = r.proposals.map((p) => [
    p.file,
    p.gate ? `(${p.gate} gate)` : (p.mode ?? ''),
    ...ids.map((id) => {
      const run = p.runs.find((x) => x.strategy === id);
      if (!run) return '';
      if (run.skipped !== null || run.verdict === null) return '—';
      return `${SHORT[run.verdict]} ${run.elapsed_ms}ms`;
    }),
    p.agreement === 'agree' ? `agree: ${p.verdicts[0]}` : p.agreement === 'disagree' ? `DISAGREE: ${p.verdicts.join(' vs ')}` : p.agreement,
  ]);
  const lines = [`${dir}: ${r.summary.proposals} proposals × ${ids.length} strategies, ${r.summary.runs} runs, ${r.summary.elapsed_ms} ms`, '', ...table([head, ...rows]), ''];
  lines.push(
    ...table([
      ['strategy', 'decided', 'unknown', 'rounds', 'total ms', ''],
      ...r.strategies.map((s) => [s.strategy, String(s.decided), String(s.unknown), String(s.rounds), String(s.total_ms), s.skipped ? `not run: ${s.skipped}` : '']),
    ]),
  );
  lines.push('', `agree ${r.summary.agree}, disagree ${r.summary.disagree}, undecided ${r.summary.undecided}, stopped at a gate ${r.summary.gate}`);
  lines.push('verdicts: ent entailed, not not-entailed, con consistent, inc inconsistent, mod model-found, nom no-model, unk unknown, — not run');
  return lines.join('\n') + '\n';
}

function table(rows: readonly (readonly string[])[]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length)));
  return rows.map((row) =>
    row
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd(),
  );
}
