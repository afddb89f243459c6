/**
 * The language layer of the reintroduction invariant (docs/contract.md §3, the CRT
 * spec's "Language Layer"): an answer text, checked against a document's open
 * contradictions. Every use of a contradicted claim must come with an inline caveat;
 * one without is the answer asserting that claim as settled. `warrant audit` and the
 * page's audit panel both call `auditAnswer`.
 *
 * Matching is deterministic and reads text as the similarity module does
 * (vsa/textFeatures `textWords`: case and accents folded, plurals stemmed, function
 * words dropped, negations kept; contractions spelled out first):
 *  - The answer is cut into sentences: a run ending at `.`, `!` or `?` followed by
 *    white space or the end, or at a line break.
 *  - A sentence uses a contradicted claim by **content** when the claim's words, less
 *    its negators and `true` (its *base*, as negationContradictions.ts reads it), appear
 *    in the sentence in the same order with nothing between them but negators, and the
 *    negators inside that run plus the two words before it have the claim's parity — so
 *    "the cache isn't warm" uses the belief "The cache isn't warm", not "the cache is
 *    warm". A claim whose content leaves no base is matched by id only.
 *  - It uses the claim by **id** when it names the claim's node id, QID or Gaia label as
 *    a whole word (runs of letters, digits, `_`, `:`), case-sensitively — for an id that
 *    has a digit or `_` in it, or any QID; a bare label like `clear` is an ordinary
 *    word and is matched by content only.
 *  - A use is **caveated** when its sentence contains one of CAVEAT_PHRASES as whole
 *    words (case-insensitive, white space collapsed), or the next sentence does and
 *    continues this one (it starts with `(`, `though` or `although`: "Amazon. Though I
 *    have conflicting records…"). The first three phrases are the CRT spec's own
 *    acceptable caveats; the rest are the same disclosure in other words, including
 *    Warrant's own caveat text. A caveat in an unrelated later sentence does not count.
 * One use per claim and sentence. Metrics, named as the CRT spec names them:
 *  - `reintroduced_claims_count`: contradicted claims the answer uses (each is flagged);
 *  - `reintroduced_flagged_count`: uses with a caveat (acceptable reintroduction);
 *  - `reintroduced_unflagged_count`: used claims on an open contradiction whose flag is
 *    false (must be 0: the flags come from the same ledger);
 *  - `answer_asserted_contradicted_claim_count`: uses without a caveat (target 0).
 */
import type { ReasoningGraph } from '../graph/reasoningGraph.ts';
import { MAX_DOCUMENT_BYTES, formatBytes, utf8Length } from '../text/inputLimits.ts';
import { textWords } from '../vsa/textFeatures.ts';
import { NEGATORS, NEUTRAL, polarityOf, spellNegations } from './negationContradictions.ts';
import type { Reintroduction } from './reintroductionFlag.ts';

/** Phrases that disclose a conflict (lower case, single spaces). */
export const CAVEAT_PHRASES: readonly string[] = [
  'most recent update',
  'though i have conflicting records',
  'according to my latest information',
  'most recent',
  'latest information',
  'conflicting records',
  'conflicting information',
  'contradicted',
  'contradiction',
  'disputed',
  'unresolved',
  'not settled',
];

/** The largest answer audited: a document's limit (inputLimits.ts). */
export const MAX_ANSWER_BYTES = MAX_DOCUMENT_BYTES;

/** How many words before a matched run are read for its negators. */
const NEGATION_REACH = 2;

export interface AnswerUse {
  /** The contradicted claim's node id. */
  readonly claim: string;
  /** The open contradictions it is an endpoint of. */
  readonly contradictions: readonly string[];
  readonly matched: 'id' | 'content';
  /** 1-based sentence number, and where the sentence starts (1-based line and column). */
  readonly sentence: number;
  readonly line: number;
  readonly column: number;
  readonly excerpt: string;
  /** The caveat phrase found, or null. */
  readonly caveat: string | null;
  /** True when the use has no caveat: the answer asserts a contradicted claim as settled. */
  readonly asserted: boolean;
}

export interface AnswerAuditMetrics {
  readonly reintroduced_claims_count: number;
  readonly reintroduced_flagged_count: number;
  readonly reintroduced_unflagged_count: number;
  readonly answer_asserted_contradicted_claim_count: number;
}

export interface AnswerAudit {
  readonly open_contradictions: number;
  readonly uses: readonly AnswerUse[];
  readonly metrics: AnswerAuditMetrics;
  /** True when no use is asserted without a caveat. */
  readonly pass: boolean;
}

export type AnswerAuditResult = { readonly ok: true; readonly audit: AnswerAudit } | { readonly ok: false; readonly problem: string };

interface Sentence {
  readonly text: string;
  readonly start: number;
}

interface ClaimPattern {
  readonly id: string;
  readonly names: readonly string[];
  readonly base: readonly string[] | null;
  readonly denies: boolean;
}

/** Audits `answer` against the open contradictions `flags` holds (over `graph`'s nodes). */
export function auditAnswer(answer: string, graph: ReasoningGraph, flags: Reintroduction): AnswerAuditResult {
  if (answer.trim() === '') return { ok: false, problem: 'the answer is empty: there is nothing to audit' };
  const size = utf8Length(answer);
  if (size > MAX_ANSWER_BYTES) return { ok: false, problem: `the answer is ${formatBytes(size)}, over the ${formatBytes(MAX_ANSWER_BYTES)} an answer may have` };

  const patterns = claimPatterns(graph, flags);
  const byFirstWord = new Map<string, ClaimPattern[]>();
  for (const p of patterns) {
    if (!p.base) continue;
    const list = byFirstWord.get(p.base[0]!);
    if (list) list.push(p);
    else byFirstWord.set(p.base[0]!, [p]);
  }
  const sentences = sentencesOf(answer);
  const lineStarts = lineStartsOf(answer);
  const caveats = sentences.map((s) => caveatIn(s.text));
  const uses: AnswerUse[] = [];
  sentences.forEach((s, i) => {
    const found = new Map<string, 'id' | 'content'>();
    for (const p of patterns) if (p.names.some((n) => namesWord(s.text, n))) found.set(p.id, 'id');
    for (const id of contentUses(s.text, byFirstWord)) if (!found.has(id)) found.set(id, 'content');
    const next = sentences[i + 1];
    const caveat = caveats[i] ?? (next && CONTINUATION.test(next.text) ? caveats[i + 1] : null) ?? null;
    const { line, column } = positionOf(lineStarts, s.start);
    for (const [id, matched] of found) {
      const contradictions = flags.open.filter((c) => c.endpoints.includes(id)).map((c) => c.id);
      uses.push({ claim: id, contradictions, matched, sentence: i + 1, line, column, excerpt: excerptOf(s.text), caveat, asserted: caveat === null });
    }
  });
  const claims = new Set(uses.map((u) => u.claim));
  const metrics: AnswerAuditMetrics = {
    reintroduced_claims_count: [...claims].filter((id) => flags.flagOf(id).reintroduced_claim).length,
    reintroduced_flagged_count: uses.filter((u) => !u.asserted).length,
    reintroduced_unflagged_count: [...claims].filter((id) => !flags.flagOf(id).reintroduced_claim).length,
    answer_asserted_contradicted_claim_count: uses.filter((u) => u.asserted).length,
  };
  return { ok: true, audit: { open_contradictions: flags.open.length, uses, metrics, pass: metrics.answer_asserted_contradicted_claim_count === 0 } };
}

/** What each contradicted claim is matched by: its distinctive names, its base and polarity. */
function claimPatterns(graph: ReasoningGraph, flags: Reintroduction): ClaimPattern[] {
  const out: ClaimPattern[] = [];
  for (const n of graph.nodes) {
    if (!flags.contradicted.has(n.id)) continue;
    const names = new Set<string>();
    if (/[0-9_]/.test(n.id)) names.add(n.id);
    if (n.qid !== undefined) names.add(n.qid);
    const p = polarityOf(n.content);
    out.push({ id: n.id, names: [...names], base: p ? p.base.split(' ') : null, denies: p?.denies ?? false });
  }
  return out;
}

const SENTENCE_END = /[.!?]+(?=\s|$)|\n/g;

function sentencesOf(text: string): Sentence[] {
  const out: Sentence[] = [];
  let start = 0;
  const push = (end: number) => {
    const raw = text.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    if (raw.trim() !== '') out.push({ text: raw.trim(), start: start + lead });
  };
  for (const m of text.matchAll(SENTENCE_END)) {
    const end = m.index + m[0].length;
    push(end);
    start = end;
  }
  push(text.length);
  return out;
}

/** The claims a sentence uses by content (see the rule above). */
function contentUses(sentence: string, byFirstWord: ReadonlyMap<string, readonly ClaimPattern[]>): string[] {
  const words = textWords(spellNegations(sentence)).filter((w) => !NEUTRAL.has(w));
  // The words that are not negators, with their place among all words.
  const plain: { word: string; at: number }[] = [];
  words.forEach((w, at) => {
    if (!NEGATORS.has(w)) plain.push({ word: w, at });
  });
  const used: string[] = [];
  for (let i = 0; i < plain.length; i++) {
    for (const p of byFirstWord.get(plain[i]!.word) ?? []) {
      const base = p.base!;
      if (i + base.length > plain.length) continue;
      let same = true;
      for (let k = 1; k < base.length && same; k++) same = plain[i + k]!.word === base[k];
      if (!same) continue;
      const from = Math.max(0, plain[i]!.at - NEGATION_REACH);
      const to = plain[i + base.length - 1]!.at;
      let negators = 0;
      for (let j = from; j <= to; j++) if (NEGATORS.has(words[j]!)) negators++;
      if ((negators % 2 === 1) === p.denies && !used.includes(p.id)) used.push(p.id);
    }
  }
  return used;
}

/** A sentence that goes on with the one before it. */
const CONTINUATION = /^(\(|(?:al)?though\b)/i;

const CAVEAT_PATTERNS = CAVEAT_PHRASES.map((c) => ({ phrase: c, pattern: new RegExp(`(?<![\\p{L}\\p{N}])${c}(?![\\p{L}\\p{N}])`, 'u') }));

function caveatIn(sentence: string): string | null {
  const flat = sentence.toLowerCase().replace(/\s+/g, ' ');
  return CAVEAT_PATTERNS.find((c) => c.pattern.test(flat))?.phrase ?? null;
}

/** `name` as a whole word of `text` (letters, digits, `_` and `:` make up a word). */
function namesWord(text: string, name: string): boolean {
  let from = 0;
  for (;;) {
    const at = text.indexOf(name, from);
    if (at < 0) return false;
    const before = at === 0 ? '' : text[at - 1]!;
    const after = text[at + name.length] ?? '';
    if (!/[\p{L}\p{N}_:]/u.test(before) && !/[\p{L}\p{N}_:]/u.test(after)) return true;
    from = at + 1;
  }
}

function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function positionOf(lineStarts: readonly number[], offset: number): { line: number; column: number } {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - lineStarts[lo]! + 1 };
}

function excerptOf(sentence: string): string {
  return sentence.length <= 160 ? sentence : `${sentence.slice(0, 159)}…`;
}
