/**
 * `warrant review PKG [--json] [--ops LOG.jsonl] [--accept ID]... [--reject ID]... [--needs-inputs ID]...`
 * (issue 45 item 5): the review records Gaia generates for a compiled package — each
 * action a reviewer passes judgement on, with Gaia's audit question — their status under
 * the session's recorded decisions, and the beliefs those decisions give. `--accept` and
 * `--reject` (repeatable, applied left to right; ID: a target id, review id or action
 * label) append one signed `review_decision` op each to the session's log at `--ops`
 * (created when absent), which `warrant infer PKG --ops LOG` and the page then use.
 *
 * Exit 0; 1 when the package has errors, the log is broken, an ID names no record, or
 * this device may not write to the log; 2 for a usage mistake.
 */
import { documentReintroduction } from '../../core/contradiction/reintroductionFlag.ts';
import { decisionBody, decisionsOfLog } from '../../core/gaia/review/reviewDecisionOps.ts';
import type { ReviewDecision, ReviewDecisionValue } from '../../core/gaia/review/reviewGate.ts';
import { findReviewItem } from '../../core/gaia/review/reviewGate.ts';
import { reviewItems } from '../../core/gaia/review/reviewItems.ts';
import type { ReviewedItem, ReviewReport } from '../../core/gaia/review/reviewReport.ts';
import { reviewReport } from '../../core/gaia/review/reviewReport.ts';
import { GAIA_LANG_VERSION } from '../../core/export/gaiaBeliefsJson.ts';
import type { GaiaIr } from '../../core/infer/irInput.ts';
import { INFERENCE_METHODS } from '../../core/infer/inferenceResult.ts';
import type { InferenceMethod } from '../../core/infer/inferenceResult.ts';
import { usageFailure } from '../../node/cliFailure.ts';
import { LANGUAGES } from '../../node/inputLanguage.ts';
import { loadDocument, packageOptionsOf } from '../../node/loadDocument.ts';
import { parseCommandLine } from '../commandLine.ts';
import { checkJson, diagnosticLine, diagnosticText, hasErrors } from '../diagnosticReport.ts';
import { LOG_FLAGS, logAllowances } from '../opsFile.ts';
import { writeStderr, writeStdout } from '../output.ts';
import { appendToSessionLog, openSessionLog } from '../reviewLogFile.ts';
import { GAIA_PACKAGE_OPTIONS } from './gaiaPackageOptions.ts';

/** `--accept ID` / `--reject ID` / `--needs-inputs ID` pulled out in order (they repeat, which the option table does not allow). */
function splitDecisions(args: readonly string[]): { decisions: { name: string; decision: ReviewDecisionValue }[]; rest: string[] } {
  const decisions: { name: string; decision: ReviewDecisionValue }[] = [];
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') {
      rest.push(...args.slice(i));
      break;
    }
    const m = /^--(accept|reject|needs-inputs)(?:=(.*))?$/.exec(arg);
    if (!m) {
      rest.push(arg);
      continue;
    }
    const value = m[2] ?? args[++i];
    if (value === undefined || value === '') throw usageFailure(`--${m[1]} needs a review record (its target id, review id or action label)`, 'review');
    decisions.push({ name: value, decision: m[1] === 'accept' ? 'accepted' : m[1] === 'reject' ? 'rejected' : 'needs_inputs' });
  }
  return { decisions, rest };
}

export async function runReview(args: readonly string[]): Promise<number> {
  const { decisions: asked, rest } = splitDecisions(args);
  const cl = parseCommandLine('review', rest, { flags: ['json', ...LOG_FLAGS], values: { lang: LANGUAGES, ops: null, method: INFERENCE_METHODS, ...GAIA_PACKAGE_OPTIONS } });
  if (cl.positionals.length !== 1) throw usageFailure('review takes exactly one PKG (a Gaia package folder)', 'review');
  const opsPath = cl.values.get('ops');
  if (asked.length > 0 && opsPath === undefined) throw usageFailure('--accept, --reject and --needs-inputs record decisions in a session’s log: give --ops LOG.jsonl', 'review');
  const allow = logAllowances(cl.flags, 'review', opsPath !== undefined);
  const json = cl.flags.has('json');
  const doc = await loadDocument('review', cl.positionals[0]!, cl.values.get('lang'), packageOptionsOf(cl.values));
  if (!doc.gaia) throw usageFailure(`review is for a Gaia package; ${doc.input.name} is not one`, 'review');
  if (hasErrors([doc]) || !doc.gaia.accepted) {
    await writeStdout(json ? JSON.stringify(checkJson([doc])) + '\n' : diagnosticText([doc]));
    return 1;
  }
  await writeStderr(doc.analysis.diagnostics.map((d) => diagnosticLine(doc.input.name, d) + '\n').join(''));
  const ir = doc.gaia.irJson() as unknown as GaiaIr;

  const log = opsPath === undefined ? null : await openSessionLog(opsPath, allow);
  if (log && 'broken' in log) return 1;
  const items = reviewItems(ir);
  const bodies = [];
  for (const a of asked) {
    const item = findReviewItem(items, a.name);
    if (!item) {
      await writeStderr(`warrant: review: no review record of ${doc.input.name} matches "${a.name}"; its records: ${items.map((i) => i.action_label.split('::').pop()).join(', ') || 'none'}\n`);
      return 1;
    }
    bodies.push(decisionBody(item, a.decision));
  }
  let decisions: ReviewDecision[] = log ? decisionsOfLog(log.ops) : [];
  let recorded: string[] = [];
  if (log && bodies.length > 0) {
    const added = await appendToSessionLog(log, bodies);
    if (typeof added === 'string') {
      await writeStderr(`warrant: ${added}\n`);
      return 1;
    }
    recorded = added.map((op) => op.id);
    decisions = [...decisions, ...decisionsOfLog(added)];
  }
  // The document's open contradictions flag each record's conclusion (as infer flags its beliefs).
  const report = reviewReport(ir, decisions, { method: (cl.values.get('method') ?? 'auto') as InferenceMethod }, documentReintroduction(doc.analysis.graph));
  for (const p of report.result.problems) await writeStderr(`${doc.input.name}: ${p.severity === 'error' ? 'error' : 'warning'} ${p.code}: ${p.message}\n`);
  if (json) {
    await writeStdout(JSON.stringify(reviewJson(report, ir, recorded)) + '\n');
    return report.result.problems.some((p) => p.severity === 'error') ? 1 : 0;
  }
  await writeStdout(reviewText(report, recorded));
  return report.result.problems.some((p) => p.severity === 'error') ? 1 : 0;
}

/** The JSON shape (docs/contract-extensions.md, "warrant review"). */
function reviewJson(report: ReviewReport, ir: GaiaIr, recorded: readonly string[]) {
  return {
    items: report.items,
    counts: report.counts,
    recorded,
    beliefs: report.result.beliefs,
    gated_beliefs: report.gated.beliefs,
    diagnostics: report.result.diagnostics,
    gaia_lang_version: GAIA_LANG_VERSION,
    ...(ir.ir_hash !== undefined ? { ir_hash: ir.ir_hash } : {}),
  };
}

const MARK: Readonly<Record<ReviewedItem['status'], string>> = { unreviewed: '·', accepted: '✓', rejected: '✗', needs_inputs: '?' };

function reviewText(report: ReviewReport, recorded: readonly string[]): string {
  const { counts, items } = report;
  const total = items.length;
  const reviewed = total - counts.unreviewed;
  const lines = [
    `review: ${reviewed} of ${total} record${total === 1 ? '' : 's'} decided — ✓ ${counts.accepted} accepted, ✗ ${counts.rejected} rejected, ? ${counts.needs_inputs} needing inputs, · ${counts.unreviewed} unreviewed`,
  ];
  if (recorded.length > 0) lines.push(`recorded ${recorded.length} decision${recorded.length === 1 ? '' : 's'} in the log`);
  for (const i of items) {
    const belief = i.belief === null ? '' : `  belief ${i.belief.toFixed(4)}${i.gated_belief !== null && Math.abs(i.gated_belief - i.belief) > 5e-5 ? ` (gated ${i.gated_belief.toFixed(4)})` : ''}`;
    lines.push('', `${MARK[i.status]} ${i.status.padEnd(12)} ${i.action.padEnd(10)} ${i.action_label.split('::').pop()}  [${i.target_kind} ${i.target_id}]${belief}`, `    ${i.audit_question}`);
    if (!i.gates_inference) lines.push('    (listed for judgement; Gaia’s inference does not depend on it)');
    if (i.caveat) lines.push(`    ⚠ ${i.caveat}`);
  }
  return lines.join('\n') + '\n';
}
