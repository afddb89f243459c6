/**
 * What a hover says, for every editor: the page's Monaco and `warrant lsp` both ask these
 * functions and only wrap the Markdown they return. CLAIR: a belief's confidence, band,
 * level, source, content, derived values and uses. Gaia: a claim's prior and where it came
 * from, its posterior, what it lowers into; a verb's signature and meaning.
 */
import type { AnalysisView } from '../analysis/documentAnalysis.ts';
import type { BeliefView } from '../analysis/beliefView.ts';
import { formatConfidence } from '../graph/explainWhy.ts';
import type { GaiaVerb } from './gaiaVocabulary.ts';
import { escapeMarkdown } from './markdown.ts';
import { formulaOfClaim } from '../gaia/ir/formulaText.ts';
import { bayesOfClaim } from '../gaia/ir/bayesText.ts';
import type { ReintroductionFlag } from '../contradiction/reintroductionFlag.ts';

/** docs/contract.md §3: a belief on an open contradiction is never shown without its caveat. */
function caveatLines(flag: ReintroductionFlag): string[] {
  return flag.caveat ? ['', `⚠ _${escapeMarkdown(flag.caveat)}_`] : [];
}

/**
 * A CLAIR belief id under the pointer; `references` counts the uses that are not its
 * definition; `flag` is its reintroduction flag (reintroductionFlag.ts).
 */
export function beliefHover(id: string, view: BeliefView | undefined, references: number, flag: ReintroductionFlag): string {
  if (!view) return `**${id}** — defined on a line that is left out of the graph`;
  const n = view.node;
  const source = n.source ? `@${n.source.type}${n.source.reference ? ':' + n.source.reference : ''}` : 'no source';
  const lines = [
    `**${n.id}** · ${formatConfidence(n.confidence)} ${view.band ?? ''} · L${n.level ?? 0}${n.level === null ? ' (no level written)' : ''} · \`${source}\``,
    '',
    escapeMarkdown(n.content),
    ...caveatLines(flag),
  ];
  if (view.derived && view.derived.derived !== null) lines.push('', `derived ${formatConfidence(view.derived.derived)} · effective ${formatConfidence(view.derived.effective)}`);
  if (n.invalidations.length > 0) lines.push('', `reconsider if: ${n.invalidations.map(escapeMarkdown).join('; ')}`);
  if (n.broken) lines.push('', '_this line does not parse; shown from what could be read_');
  else if (view.problem) lines.push('', `_${escapeMarkdown(view.problem)}_`);
  lines.push('', `${references} reference${references === 1 ? '' : 's'} · line ${n.range.line}`);
  return lines.join('\n');
}

/** A Gaia knowledge node (claim, note, question, helper) under the pointer; `flag` is its reintroduction flag. */
export function gaiaNodeHover(view: BeliefView, analysis: AnalysisView | null, posterior: number | undefined, flag: ReintroductionFlag): string {
  const n = view.node;
  const lines = [`**${escapeMarkdown(n.id)}** · ${n.kind}${n.helper ? ' (helper)' : ''}${n.qid ? ` · \`${n.qid}\`` : ''}`, '', escapeMarkdown(n.content), ...caveatLines(flag)];
  if (n.kind === 'claim') {
    const from = n.priorSource === 'user_priors' ? 'register_prior' : n.priorSource === 'claim_inline' ? 'prior=' : (n.priorSource ?? 'the package');
    const prior = n.confidence === null ? 'none (maximum entropy, 0.5)' : `${formatConfidence(n.confidence)} from ${from}`;
    lines.push('', `prior ${prior} · posterior ${posterior === undefined ? '…' : formatConfidence(posterior)}`);
  }
  // A formula's claim: the formula written out, and how many claims its grounding made.
  const formula = analysis && n.qid ? formulaOfClaim(analysis.ir, n.qid) : null;
  if (formula?.text) lines.push('', `formula \`${formula.text}\`${formula.grounding.length > 0 ? ` · grounded as ${formula.grounding.length} claim${formula.grounding.length === 1 ? '' : 's'}` : ''}`);
  if (formula?.bindings) lines.push('', `bound: \`${formula.bindings}\``);
  // A hypothesis of the bayes module: its models, and its log-likelihood in each comparison.
  const bayes = analysis && n.qid ? bayesOfClaim(analysis.ir, n.qid) : null;
  for (const m of bayes?.models ?? []) lines.push('', `model \`${m.text}\``);
  for (const c of bayes?.comparisons ?? []) {
    const own = c.hypotheses.find((h) => h.qid === n.qid);
    const name = c.qid.slice(c.qid.lastIndexOf('::') + 2);
    lines.push('', own ? `competes in \`${name}\`: log-likelihood ${own.logLikelihood === null ? '—' : own.logLikelihood.toFixed(3)}` : `compares ${c.hypotheses.length} hypotheses`);
  }
  if (analysis) {
    const factors = new Set<string>();
    const byId = new Map(analysis.graph.nodes.map((x) => [x.id, x]));
    for (const e of analysis.graph.edges) {
      if (e.from !== n.id && e.to !== n.id) continue;
      const f = byId.get(e.from === n.id ? e.to : e.from);
      if (f?.kind === 'factor') factors.add(`${f.factor?.verb ?? 'action'}${f.factor?.label ? ` \`${f.factor.label}\`` : ''}`);
    }
    if (factors.size > 0) lines.push('', `lowers into: ${[...factors].join(', ')}`);
  }
  if (view.problem) lines.push('', `_${escapeMarkdown(view.problem)}_`);
  return lines.join('\n');
}

/** A Gaia verb under the pointer: its signature and meaning. */
export function verbHover(verb: GaiaVerb): string {
  const lines = [`\`${verb.signature}\``, '', verb.summary];
  if (verb.deprecated) lines.push('', `_Deprecated: ${verb.deprecated}._`);
  return lines.join('\n');
}
