/** The benchmark rows as a plain-text table: name, size, median, target, baseline, ratio. */
import type { BenchRow } from './benchTypes.ts';

export function benchTable(rows: readonly BenchRow[], notes: readonly string[]): string {
  const head = ['name', 'size', 'median ms', 'target ms', 'baseline ms', 'ratio'];
  const cells = rows.map((r) => [
    r.name,
    r.size,
    ms(r.ms) + (r.targetMs !== undefined ? (r.ms <= r.targetMs ? ' ✓' : ' ✗') : ''),
    r.targetMs !== undefined ? `≤ ${r.targetMs}` : '',
    r.baselineMs !== undefined ? ms(r.baselineMs) : '',
    r.baselineMs !== undefined && r.baselineMs > 0 ? `${(r.ms / r.baselineMs).toFixed(2)}×` : '',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: readonly string[]) =>
    c
      .map((x, i) => (i < 2 ? x.padEnd(widths[i]!) : x.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  const out = [line(head), widths.map((w) => '─'.repeat(w)).join('  '), ...cells.map(line), ''];
  out.push('ratio = median ÷ baseline (below 1: faster than the baseline). Baselines:');
  const baselines = new Map<string, string>();
  for (const r of rows) if (r.baselineName) baselines.set(r.name, r.baselineName);
  for (const [name, baseline] of baselines) out.push(`  ${name}: ${baseline}`);
  for (const r of rows) if (r.note) out.push(`  note (${r.name}, ${r.size}): ${r.note}`);
  for (const n of notes) out.push(`  note: ${n}`);
  return out.join('\n') + '\n';
}

function ms(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  return x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2);
}
