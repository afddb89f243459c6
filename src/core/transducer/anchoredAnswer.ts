/**
 * An answer as anchored sentences, checked against the approved evidence: a sentence
 * whose anchors are missing, malformed or not in the evidence is stripped with the reason;
 * when the verdict is `unknown`, a sentence that states a definite result without words of
 * uncertainty is stripped too (DS004: unknown is worded as uncertainty). What survives is
 * the answer; when nothing does, Warrant's own sentences — each anchored — stand in.
 */
import type { ApprovedEvidence } from './approvedEvidence.ts';
import { ANCHOR_TYPES, anchorSet } from './approvedEvidence.ts';

export interface AnchoredSentence {
  readonly text: string;
  /** `type:id` each, every one in the evidence. */
  readonly anchors: readonly string[];
}

export interface StrippedSentence {
  readonly text: string;
  readonly reason: string;
}

export interface CheckedAnswer {
  readonly verdict: ApprovedEvidence['verdict'];
  readonly sentences: readonly AnchoredSentence[];
  readonly stripped: readonly StrippedSentence[];
  /** Who wrote the sentences kept: the model, or Warrant's templates (no model, or none of its sentences held). */
  readonly source: 'model' | 'template';
  /** The sentences joined with spaces. */
  readonly text: string;
}

const DEFINITE = /\b(prove[sd]?|proven|is entailed|follows|definitely|certainly|is true|is false|holds|must be|is not entailed|is consistent|is inconsistent|contradict(s|ory)?|guarantee[sd]?)\b/i;
const HEDGED =
  /\b(may|might|could|unknown|inconclusive|uncertain|unsettled|not settled|undecided|not (be )?determined|cannot (yet )?(say|tell|decide)|did not (settle|decide|finish)|no (definite )?(answer|verdict))\b/i;

/** True when `text` would claim a settled result although the verdict is unknown. */
export function overclaimsUnknown(text: string): boolean {
  return DEFINITE.test(text) && !HEDGED.test(text);
}

function anchorText(a: unknown): string | null {
  if (typeof a === 'string') return /^[a-z]+:.+$/.test(a) ? a : null;
  if (a && typeof a === 'object' && typeof (a as { type?: unknown }).type === 'string' && typeof (a as { id?: unknown }).id === 'string') {
    return `${(a as { type: string }).type}:${(a as { id: string }).id}`;
  }
  return null;
}

/** Checks `candidates` (a decoder's `sentences`) against `evidence`. */
export function checkAnchoredSentences(candidates: readonly unknown[], evidence: ApprovedEvidence): { kept: AnchoredSentence[]; stripped: StrippedSentence[] } {
  const known = anchorSet(evidence);
  const kept: AnchoredSentence[] = [];
  const stripped: StrippedSentence[] = [];
  for (const c of candidates) {
    const text = c && typeof c === 'object' && typeof (c as { text?: unknown }).text === 'string' ? (c as { text: string }).text.trim() : null;
    if (!text) {
      stripped.push({ text: typeof c === 'string' ? c : (JSON.stringify(c) ?? ''), reason: 'not a sentence object with text' });
      continue;
    }
    const raw = (c as { anchors?: unknown }).anchors;
    if (!Array.isArray(raw) || raw.length === 0) {
      stripped.push({ text, reason: 'it has no anchor' });
      continue;
    }
    const anchors = raw.map(anchorText);
    const bad = raw.filter((_, i) => anchors[i] === null);
    if (bad.length > 0) {
      stripped.push({ text, reason: `malformed anchor ${JSON.stringify(bad[0])} (anchors are ${ANCHOR_TYPES.map((t) => `${t}:ID`).join(', ')})` });
      continue;
    }
    const unknown = (anchors as string[]).filter((a) => !known.has(a));
    if (unknown.length > 0) {
      stripped.push({ text, reason: `anchor ${unknown.map((a) => JSON.stringify(a)).join(', ')} is not in the approved evidence` });
      continue;
    }
    if (evidence.verdict === 'unknown' && overclaimsUnknown(text)) {
      stripped.push({ text, reason: 'it states a definite result while the verdict is unknown' });
      continue;
    }
    kept.push({ text, anchors: [...new Set(anchors as string[])] });
  }
  return { kept, stripped };
}

function list(ids: readonly string[]): string {
  return ids.length <= 8 ? ids.join(', ') : `${ids.slice(0, 8).join(', ')} and ${ids.length - 8} more`;
}

/** Warrant's own sentences for the evidence: one for the verdict, one for what it rests on. */
export function templateSentences(evidence: ApprovedEvidence): AnchoredSentence[] {
  const v = evidence.verdict;
  if (!v) return [];
  const verdictAnchor = [`verdict:${v}`];
  const opening: Record<typeof v, string> = {
    entailed: 'The goal follows from the active assertions.',
    'not-entailed': 'The active assertions do not prove the goal: the solver found a situation where they hold and the goal does not.',
    consistent: 'The active assertions are consistent: the solver found a situation where all of them hold.',
    inconsistent: 'The active assertions contradict one another.',
    'model-found': 'The solver found a situation where the assertions and the goal hold together.',
    'no-model': 'No situation satisfies the assertions and the goal together.',
    unknown: `The check was inconclusive${evidence.budget ? ` (its ${evidence.budget} budget ran out)` : evidence.solverAnswer ? ` (the solver answered ${evidence.solverAnswer})` : ''}, so nothing may be concluded either way.`,
  };
  const out: AnchoredSentence[] = [{ text: opening[v], anchors: verdictAnchor }];
  if (evidence.core.length > 0) out.push({ text: `It rests on ${list(evidence.core)}.`, anchors: evidence.core.map((id) => `core:${id}`) });
  else if (evidence.model.length > 0) {
    const shown = evidence.model.slice(0, 8);
    out.push({ text: `In that situation ${shown.map((m) => `${m.name} = ${m.value}`).join(', ')}${evidence.model.length > shown.length ? ', …' : ''}.`, anchors: shown.map((m) => `model:${m.name}`) });
  }
  return out;
}

/** The checked answer: the model's sentences that hold, else the templates. */
export function checkedAnswer(candidates: readonly unknown[] | null, evidence: ApprovedEvidence): CheckedAnswer {
  const { kept, stripped } = candidates ? checkAnchoredSentences(candidates, evidence) : { kept: [], stripped: [] };
  const fromModel = kept.length > 0;
  const sentences = fromModel ? kept : templateSentences(evidence);
  return { verdict: evidence.verdict, sentences, stripped, source: fromModel ? 'model' : 'template', text: sentences.map((s) => s.text).join(' ') };
}
