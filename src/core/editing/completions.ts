/**
 * Completion, for every editor: what to offer at a place, read from the text before the
 * cursor and the latest analysis. The page's Monaco and `warrant lsp` turn these entries
 * into their own items; the choice of entries is made here only.
 *
 * CLAIR: belief ids after `<` and `,`, source types after `@`, known references after
 * `@file:` / `@model:`, and a new-belief snippet at the start of a line. Gaia: verbs at
 * the start of a statement or after `name =`, the verb's keyword arguments inside its
 * call, and the package's labels where a claim is expected.
 */
import { SOURCE_TYPES } from '../clair/ast.ts';
import type { AnalysisView } from '../analysis/documentAnalysis.ts';
import type { BeliefView } from '../analysis/beliefView.ts';
import { formatConfidence } from '../graph/explainWhy.ts';
import { callContext } from './gaiaCallContext.ts';
import { GAIA_VERBS, verbNamed } from './gaiaVocabulary.ts';

export type CompletionKind = 'belief' | 'source' | 'reference' | 'snippet' | 'verb' | 'claim' | 'knowledge' | 'keyword';

export interface CompletionEntry {
  readonly label: string;
  /** Shown beside the label (a confidence, a prior). */
  readonly description?: string;
  readonly kind: CompletionKind;
  readonly detail?: string;
  readonly documentation?: string;
  readonly insertText: string;
  /** `insertText` is a snippet (`${1:…}` placeholders, `$0`). */
  readonly snippet?: boolean;
  readonly sortText?: string;
  readonly filterText?: string;
  readonly deprecated?: boolean;
  /** Ask for completion again once inserted (`@file:` goes on to the references). */
  readonly retrigger?: boolean;
  /** The columns of the cursor's line this entry replaces (1-based, end exclusive). */
  readonly replace: { readonly column: number; readonly endColumn: number };
}

/** Where the cursor is: its line and column (1-based), the line's text, and the word being typed. */
export interface CompletionPlace {
  readonly line: number;
  readonly column: number;
  /** The cursor's line up to the cursor. */
  readonly lineBefore: string;
  /** Start and end columns of the word at the cursor (both the cursor's column when none). */
  readonly wordStart: number;
  readonly wordEnd: number;
}

/** What to offer at a place; `incomplete` when more ids matched than were offered. */
export interface Completions {
  readonly entries: CompletionEntry[];
  /** Ask again as the word grows: a longer prefix may bring ids left out now. */
  readonly incomplete: boolean;
}

/**
 * At most this many ids are offered at once. An editor filters and draws every entry it
 * is given on each key, so a 10,000-belief trace must not hand it 10,000: the ids that
 * begin with what is typed come first, nearest the cursor first, and the rest wait for
 * a longer prefix.
 */
export const MAX_ID_ENTRIES = 100;

export const CLAIR_TRIGGERS: readonly string[] = ['<', ',', '@', ':'];
export const GAIA_TRIGGERS: readonly string[] = ['(', ',', '[', '='];

const SOURCE_HELP: Record<string, string> = {
  user: 'stated by the user',
  ctx: 'taken from the context (files, environment)',
  self: 'derived by the reasoner',
  file: 'read from a file: @file:path',
  model: 'stated by a model: @model:name',
};

/**
 * The indices of `ids` to offer: all when there are few; else those beginning with
 * `typed`, the best `limit` by `rank` (lower first).
 */
export function idsToOffer(ids: readonly string[], typed: string, rank: (i: number) => number, limit = MAX_ID_ENTRIES): { readonly chosen: number[]; readonly incomplete: boolean } {
  const all = ids.map((_, i) => i);
  if (all.length <= limit) return { chosen: all, incomplete: false };
  const prefix = typed.toLowerCase();
  const matching = prefix === '' ? all : all.filter((i) => ids[i]!.toLowerCase().startsWith(prefix));
  const chosen = matching.length <= limit ? matching : matching.sort((a, b) => rank(a) - rank(b) || a - b).slice(0, limit);
  return { chosen, incomplete: true };
}

const complete = (entries: CompletionEntry[]): Completions => ({ entries, incomplete: false });

export function clairCompletions(place: CompletionPlace, analysis: AnalysisView | null, views: ReadonlyMap<string, BeliefView>): Completions {
  const { line, column, lineBefore: before } = place;
  const word = { column: place.wordStart, endColumn: column };
  const source = /@([A-Za-z]*)(:([^\s;]*))?$/.exec(before);
  if (source) {
    if (source[2] !== undefined) {
      const type = source[1];
      const seen = new Set<string>();
      for (const n of analysis?.graph.nodes ?? []) {
        const ref = n.source && n.source.type === type ? n.source.reference : null;
        if (ref) seen.add(ref);
      }
      const replace = { column: column - (source[3]?.length ?? 0), endColumn: column };
      return complete([...seen].map((ref) => ({ label: ref, kind: 'reference', insertText: ref, replace })));
    }
    const replace = { column: column - (source[1]?.length ?? 0), endColumn: column };
    return complete(
      SOURCE_TYPES.map((t, i) => {
        const takesReference = t === 'file' || t === 'model';
        return { label: t, kind: 'source', detail: SOURCE_HELP[t]!, insertText: takesReference ? `${t}:` : t, sortText: String(i), replace, ...(takesReference && { retrigger: true }) };
      }),
    );
  }

  // Inside a justification list: after `<` or `,`, possibly with a partial id.
  if (/(<|,)\s*[a-z0-9_]*$/.test(before) && !/"/.test(before.replace(/"([^"\\]|\\.)*"/g, ''))) {
    const ownId = /^\s*([a-z][a-z0-9_]*)/.exec(before)?.[1];
    // The ids listed before this one (not the one being typed, which may be complete already).
    const already = new Set((/<.*$/.exec(before.slice(0, place.wordStart - 1))?.[0] ?? '').split(/[<,\s]+/).filter(Boolean));
    const nodes = (analysis?.graph.nodes ?? []).filter((n) => n.id !== ownId && !already.has(n.id));
    // Nearest above the cursor first (what a belief usually rests on), then nearest below.
    const rank = (i: number) => (nodes[i]!.range.line < line ? 0 : 1e9) + Math.abs(line - nodes[i]!.range.line);
    const offered = idsToOffer(
      nodes.map((n) => n.id),
      before.slice(place.wordStart - 1),
      rank,
    );
    const out: CompletionEntry[] = [];
    for (const i of offered.chosen) {
      const n = nodes[i]!;
      const distance = Math.abs(line - n.range.line);
      const above = n.range.line < line ? 0 : 1;
      const view = views.get(n.id);
      out.push({
        label: n.id,
        description: `${formatConfidence(n.confidence)} ${view?.band ?? ''}`.trim(),
        kind: 'belief',
        detail: `L${n.level ?? 0} @${n.source?.type ?? '?'}`,
        documentation: n.content,
        insertText: n.id,
        filterText: n.id,
        sortText: `${above}${String(distance).padStart(7, '0')}`,
        replace: word,
      });
    }
    return { entries: out, incomplete: offered.incomplete };
  }

  // At the start of a line: a new belief, numbered after the highest bN.
  if (/^\s*[a-z0-9_]*$/.test(before)) {
    const ids = new Set<string>((analysis?.graph.nodes ?? []).map((n) => n.id));
    let next = 1;
    for (const id of ids) {
      const m = /^b(\d+)$/.exec(id);
      if (m) next = Math.max(next, Number(m[1]) + 1);
    }
    while (ids.has(`b${next}`)) next++;
    return complete([
      {
        label: `b${next} — new belief`,
        kind: 'snippet',
        insertText: `b${next} \${1:.8} L0 @\${2|self,user,ctx,file:,model:|} <\${3:b1} "\${4:proposition}"`,
        snippet: true,
        documentation: 'A belief justified by others: id, confidence, level, source, justifications, content.',
        replace: word,
      },
      {
        label: `b${next} — new root belief`,
        kind: 'snippet',
        insertText: `b${next} \${1:1.0} L0 @\${2|user,ctx,file:,model:,self|} "\${3:proposition}"`,
        snippet: true,
        documentation: 'A belief with no justification: what the user said, the context, a file or a model.',
        replace: word,
      },
    ]);
  }
  return complete([]);
}

/** Keyword arguments whose value is a number or text, not a claim. */
const NON_CLAIM_KEYWORDS = new Set([
  'rationale',
  'label',
  'prior',
  'p_e_given_h',
  'p_e_given_not_h',
  'p_a_given_b',
  'p_b_given_a',
  'pattern',
  'title',
  'format',
  'justification',
  'source_id',
  'value',
  'fn',
  'reason',
  'kind',
  'metadata',
]);

/** `textBefore`: the module's text before the cursor (a window of it is enough). */
export function gaiaCompletions(place: CompletionPlace, textBefore: string, analysis: AnalysisView | null): Completions {
  const word = { column: place.wordStart, endColumn: place.wordEnd };
  const context = callContext(textBefore);
  if (context.kind === 'statement') {
    return complete(
      GAIA_VERBS.map((v, i) => ({
        label: v.name,
        ...(v.deprecated && { description: `deprecated: ${v.deprecated}`, deprecated: true }),
        kind: 'verb',
        detail: v.signature,
        documentation: v.summary,
        insertText: v.name,
        sortText: `${v.deprecated ? 'z' : 'a'}${String(i).padStart(3, '0')}`,
        replace: word,
      })),
    );
  }
  if (context.kind !== 'arguments') return complete([]);
  const out: CompletionEntry[] = [];
  let incomplete = false;
  if (!context.keyword || !NON_CLAIM_KEYWORDS.has(context.keyword)) {
    const nodes = (analysis?.graph.nodes ?? []).filter((n) => n.kind !== 'factor' && !n.helper);
    // Claims before other knowledge, then in the package's order.
    const offered = idsToOffer(
      nodes.map((n) => n.id),
      textBefore.slice(textBefore.length - (place.column - place.wordStart)),
      (i) => (nodes[i]!.kind === 'claim' ? 0 : 1e9) + i,
    );
    incomplete = offered.incomplete;
    for (const i of offered.chosen) {
      const n = nodes[i]!;
      out.push({
        label: n.id,
        description: n.kind === 'claim' ? (n.confidence === null ? 'no prior' : `prior ${formatConfidence(n.confidence)}`) : n.kind,
        kind: n.kind === 'claim' ? 'claim' : 'knowledge',
        detail: n.kind,
        documentation: n.content,
        insertText: n.id,
        sortText: `${n.kind === 'claim' ? 0 : 1}${n.id}`,
        replace: word,
      });
    }
  }
  const verb = verbNamed(context.verb);
  if (verb && !context.keyword) {
    for (const k of verb.keywords) {
      if (context.usedKeywords.includes(k)) continue;
      out.push({
        label: `${k}=`,
        kind: 'keyword',
        detail: `${verb.name}: keyword argument`,
        insertText: k === 'given' || k === 'background' || k === 'parts' ? `${k}=[$0]` : `${k}=$0`,
        snippet: true,
        sortText: `!${k}`,
        replace: word,
      });
    }
  }
  return { entries: out, incomplete };
}

/** The word at `column` of `lineText` (1-based columns): where it starts and ends. */
export function wordAt(lineText: string, column: number, wordChar: RegExp = /[A-Za-z0-9_]/): { start: number; end: number } {
  let start = column - 1;
  while (start > 0 && wordChar.test(lineText[start - 1]!)) start--;
  let end = column - 1;
  while (end < lineText.length && wordChar.test(lineText[end]!)) end++;
  return { start: start + 1, end: end + 1 };
}
