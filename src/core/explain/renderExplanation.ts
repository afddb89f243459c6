/**
 * An explanation record as an indented text tree, for `warrant explain` and the
 * inspector. A belief on an open contradiction gets its caveat on the second line, so
 * it is never shown as unqualified truth (docs/contract.md §3).
 */
import type { ExplanationRecord } from './explainRecord.ts';
import { assertionNoun, causeNoun, opLabel } from '../session/sessionWords.ts';

const num = (x: number | null | undefined): string => (x === null || x === undefined ? '–' : String(Number(x.toFixed(4))));

/** `omittedSteps`: provenance steps left out of `r` (shownExplanation.ts), said in a last line. */
export function renderExplanation(r: ExplanationRecord, omittedSteps = 0): string {
  const lines: string[] = [];
  const c = r.claim;
  const held =
    'stated' in c.confidence ? `stated ${num(c.confidence.stated)}, derived ${num(c.derived)}, effective ${num(c.effective)}` : `prior ${num(c.confidence.prior)}, posterior ${num(c.posterior)}`;
  lines.push(`${c.id} [${c.state}${c.band ? `, ${c.band}` : ''}] ${JSON.stringify(c.content)}`);
  if (r.caveat) lines.push(`  ⚠ ${r.caveat}`);
  lines.push(`  confidence: ${held}${c.corrected !== undefined ? `; corrected to ${num(c.corrected)}` : ''}`);
  if (c.qid) lines.push(`  qid: ${c.qid}`);

  lines.push('  because:');
  if (r.because.length === 0) lines.push('    (nothing concludes it: a premise)');
  for (const b of r.because) {
    if (b.action === 'justification' && 'rule' in b) {
      lines.push(`    ${b.from.length ? `justified by ${b.from.join(', ')}` : 'a root'}${b.source ? ` (source @${b.source.type}${b.source.reference ? ':' + b.source.reference : ''})` : ''}`);
      lines.push(`      ${b.rule}`);
      if (b.invalidations.length) lines.push(`      reconsider if: ${b.invalidations.join('; ')}`);
    } else if ('rationale' in b) {
      lines.push(`    ${b.action}${b.label ? ` ${b.label}` : ''}${b.from.length ? ` from ${b.from.join(', ')}` : ''}`);
      if (b.rationale) lines.push(`      rationale: ${b.rationale}`);
    }
  }
  if (r.built_from.length) {
    lines.push('  built from:');
    for (const f of r.built_from) lines.push(`    ${f.id} (${f.role}, ${f.state}) ${JSON.stringify(f.summary)}`);
  }
  if (r.contradictions.length) {
    lines.push('  contradictions:');
    for (const k of r.contradictions) {
      lines.push(`    ${k.id}: ${k.kind} with ${k.with.join(', ') || '–'} — ${k.open ? 'open' : `resolved (${k.resolution})`}`);
    }
  }
  if (r.history.length) {
    lines.push('  history:');
    for (const h of r.history) {
      const extra = h.value !== undefined ? ` to ${num(h.value)}` : h.cause ? ` by ${causeNoun(h.cause.kind)} (${opLabel(h.cause.op_id)})` : '';
      lines.push(`    ${h.at} ${h.event}${extra} (${opLabel(h.op_id)})`);
    }
  }
  if (r.user_actions.length) {
    lines.push('  user actions:');
    for (const u of r.user_actions)
      lines.push(`    ${u.kind === 'withdrawal' ? 'withdrawal' : assertionNoun(u.kind)}${u.value !== undefined ? ` ${num(u.value)}` : ''} (${opLabel(u.op_id)})${u.standing ? ' standing' : ''}`);
  }
  lines.push('  provenance:');
  if (r.provenance.length === 0) lines.push('    (a root)');
  for (const p of r.provenance) lines.push(provenanceLine(p.depth, p.id));
  if (omittedSteps > 0) lines.push(`    … and ${omittedSteps.toLocaleString('en')} more step${omittedSteps === 1 ? '' : 's'}`);
  return lines.join('\n') + '\n';
}

/**
 * Steps are indented by depth up to MAX_INDENT levels; deeper ones keep that indent and
 * name their depth, so a chain thousands of steps deep renders in linear size (indenting
 * every step by its depth made a 60k-step chain gigabytes of spaces).
 */
const MAX_INDENT = 16;

function provenanceLine(depth: number, id: string): string {
  if (depth <= MAX_INDENT) return `${'  '.repeat(depth + 1)}${id}`;
  return `${'  '.repeat(MAX_INDENT + 1)}[depth ${depth}] ${id}`;
}
