/**
 * The review records Gaia generates for a compiled package (issue 45, item 5): one per
 * action a reviewer must pass judgement on — each strategy and operator its compiler
 * marked with an `action_label` (derive, observe, compute, infer; equal, contradict,
 * exclusive, decompose), each `compose`, each observation recorded on a claim's
 * `supported_by`, and each claim naming a `review_target`. Order, ids and audit questions
 * are Gaia's (its generated review manifest), so a decision recorded here names the same
 * target Gaia's `review manifest accept|reject` would.
 *
 * Only strategy and operator records decide what inference sees (reviewGate.ts); the
 * others are listed for judgement, as in Gaia, and change no belief.
 */
import type { GaiaIr, IrOperator, IrStrategy } from '../../infer/irInput.ts';
import { sha256Hex } from '../text/sha256Hex.ts';

/** What a record is about: Gaia's `target_kind`. */
export type ReviewTargetKind = 'action' | 'knowledge' | 'strategy' | 'operator' | 'compose';

export interface ReviewItem {
  /** `rev_` + 12 hex digits of SHA-256 over `KIND|TARGET`, as Gaia writes it. */
  readonly review_id: string;
  readonly action_label: string;
  readonly target_kind: ReviewTargetKind;
  /** The strategy, operator or compose id (the action label for an observation on a claim; the claim for a review target). */
  readonly target_id: string;
  /** derive, observe, compute, infer, equal, contradict, exclusive, decompose, compose, model, … */
  readonly action: string;
  /** Gaia's question for the reviewer. */
  readonly audit_question: string;
  /** The claim the action establishes (an operator's: the relation's helper claim), or null. */
  readonly conclusion: string | null;
  /** The helper claims standing for the action's warrant (a strategy's `metadata.warrants`, a compose's `warrants`, an operator's helper). */
  readonly warrants: readonly string[];
  /** Whether Gaia's review gate holds this target out of inference until it is accepted (strategies and operators). */
  readonly gates_inference: boolean;
}

/** A compose record of the IR (Gaia writes them under `composes`; inference does not read them). */
interface IrCompose {
  readonly compose_id?: string | null;
  readonly conclusion?: string | null;
  readonly warrants?: readonly string[] | null;
  readonly metadata?: Readonly<Record<string, unknown>> | null;
}

/** Gaia's audit questions by action; `{x}` is a claim's label, `?` when none was given. */
const QUESTIONS: Readonly<Record<string, string>> = {
  derive: 'Do the listed premises suffice to establish [@{conclusion}]?',
  observe: 'Is the observation of [@{conclusion}] reliable under the stated conditions?',
  compute: 'Is the computation of [@{conclusion}] correctly implemented?',
  model: 'Does [@{conclusion}] specify a checkable predictive model?',
  infer: 'Does [@{hypothesis}] predict [@{evidence}]{given} at the stated conditional probabilities?',
  equal: 'Are [@{a}] and [@{b}] truly equivalent?',
  contradict: 'Do [@{a}] and [@{b}] truly contradict?',
  exclusive: 'Do [@{a}] and [@{b}] form a closed case split where exactly one is true?',
  decompose: 'Does [@{whole}] faithfully decompose into [@{formula}]?',
  compose: 'Does this action DAG correctly establish [@{conclusion}]?',
};

function question(action: string, words: Readonly<Record<string, string>>): string {
  const template = QUESTIONS[action];
  if (template === undefined) return 'Is this reasoning step valid?';
  return template.replace(/\{(\w+)\}/g, (_, key: string) => words[key] ?? (key === 'given' ? '' : '?'));
}

function reviewId(kind: ReviewTargetKind, target: string): string {
  return `rev_${sha256Hex(`${kind}|${target}`).slice(0, 12)}`;
}

const text = (x: unknown): string | null => (typeof x === 'string' && x !== '' ? x : null);
const record = (x: unknown): Readonly<Record<string, unknown>> | null => (typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Record<string, unknown>) : null);
const strings = (x: unknown): string[] => (Array.isArray(x) ? x.filter((s): s is string => typeof s === 'string') : []);

function strategyAction(s: IrStrategy): string {
  const pattern = s.metadata?.['pattern'];
  return pattern === 'observation' ? 'observe' : pattern === 'computation' ? 'compute' : pattern === 'inference' ? 'infer' : 'derive';
}

function operatorAction(op: IrOperator): string {
  if (op.metadata?.['pattern'] === 'decomposition') return 'decompose';
  return op.operator === 'equivalence' ? 'equal' : op.operator === 'contradiction' ? 'contradict' : op.operator === 'complement' ? 'exclusive' : String(op.operator);
}

/** Gaia's records for `ir`, in Gaia's order: claims' records, then strategies, operators, composes. */
export function reviewItems(ir: GaiaIr): ReviewItem[] {
  const labels = new Map<string, string>();
  for (const k of ir.knowledges) if (k.id) labels.set(k.id, k.label || k.id.split('::').pop()!);
  const name = (id: string | null | undefined): string => (id ? (labels.get(id) ?? id) : '?');
  const items: ReviewItem[] = [];

  for (const k of ir.knowledges) {
    if (!k.id) continue;
    const meta = k.metadata ?? {};
    for (const entry of Array.isArray(meta['supported_by']) ? meta['supported_by'] : []) {
      const e = record(entry);
      const label = text(e?.['action_label']);
      if (e?.['pattern'] !== 'observation' || label === null) continue;
      items.push(item('action', label, label, 'observe', question('observe', { conclusion: name(k.id) }), k.id, []));
    }
    const target = record(meta['review_target']);
    const label = text(target?.['action_label']);
    if (label !== null) {
      const pattern = target?.['pattern'];
      const action = pattern === 'prediction' ? 'model' : typeof pattern === 'string' && pattern !== '' ? pattern : 'derive';
      items.push(item('knowledge', k.id, label, action, question(action, { conclusion: labels.get(k.id) ?? k.id }), k.id, []));
    }
  }

  for (const s of ir.strategies ?? []) {
    const label = text(s.metadata?.['action_label']);
    if (label === null || !s.strategy_id) continue;
    const action = strategyAction(s);
    let asked: string;
    if (action === 'infer') {
      const given = Array.isArray(s.metadata?.['given']) ? strings(s.metadata['given']) : s.premises.slice(1);
      const clause = given.length > 0 ? ' given ' + given.map((g) => `[@${name(g)}]`).join(', ') : '';
      asked = question('infer', { hypothesis: s.premises[0] !== undefined ? name(s.premises[0]) : '', evidence: name(s.conclusion), given: clause });
    } else asked = question(action, { conclusion: name(s.conclusion) });
    items.push(item('strategy', s.strategy_id, label, action, asked, s.conclusion ?? null, strings(s.metadata?.['warrants'])));
  }

  for (const op of ir.operators ?? []) {
    const label = text(op.metadata?.['action_label']);
    if (label === null || !op.operator_id) continue;
    const action = operatorAction(op);
    let asked: string;
    if (action === 'decompose') {
      const d = record(op.metadata?.['decomposition']) ?? {};
      const whole = text(d['whole']) ?? op.variables[0] ?? '';
      const formula = text(d['formula_helper']) ?? op.variables[1] ?? '';
      asked = question('decompose', { whole: labels.get(whole) ?? whole, formula: labels.get(formula) ?? formula });
    } else {
      const [a = '', b = ''] = op.variables;
      asked = question(action, { a: labels.get(a) ?? a, b: labels.get(b) ?? b });
    }
    items.push(item('operator', op.operator_id, label, action, asked, op.conclusion, [op.conclusion]));
  }

  const composes = (ir as { readonly composes?: readonly IrCompose[] }).composes ?? [];
  for (const c of composes) {
    const label = text(c.metadata?.['action_label']);
    if (label === null || !c.compose_id) continue;
    items.push(item('compose', c.compose_id, label, 'compose', question('compose', { conclusion: name(c.conclusion) }), c.conclusion ?? null, strings(c.warrants)));
  }
  return items;
}

function item(kind: ReviewTargetKind, target: string, label: string, action: string, asked: string, conclusion: string | null, warrants: readonly string[]): ReviewItem {
  return {
    review_id: reviewId(kind, target),
    action_label: label,
    target_kind: kind,
    target_id: target,
    action,
    audit_question: asked,
    conclusion,
    warrants,
    gates_inference: kind === 'strategy' || kind === 'operator',
  };
}
