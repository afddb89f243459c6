/**
 * A world as the command line shows it (`warrant world W`): its accepted proposals and
 * its registry, as JSON and as text; and the lines `prove` adds about a proposal's
 * status in its world.
 */
import type { World, WorldProveResult } from '../core/proposal/index.ts';
import { signatureText } from '../core/proposal/index.ts';

export interface WorldJson {
  readonly world: string;
  readonly session: string | null;
  readonly accepted: readonly {
    readonly proposal_id: string;
    readonly proposal_hash: string;
    readonly op: string;
    readonly author: string;
    readonly at: string;
    readonly mode: string;
    readonly verdict: string;
    readonly solver: string;
  }[];
  readonly symbols: readonly {
    readonly name: string;
    readonly kind: string;
    readonly arg_sorts: readonly string[];
    readonly result_sort: string | null;
    readonly aliases: readonly string[];
    readonly proposal_id: string;
    readonly op: string;
  }[];
  readonly aliases: readonly { readonly alias: string; readonly symbol: string }[];
  readonly problems: readonly string[];
}

export function worldJson(name: string, world: World): WorldJson {
  return {
    world: name,
    session: world.session,
    accepted: world.acceptances.map((a) => ({ proposal_id: a.proposalId, proposal_hash: a.hash, op: a.op, author: a.author, at: a.at, mode: a.mode, verdict: a.verdict, solver: a.solver })),
    symbols: [...world.registry.entries.values()].map((e) => ({
      name: e.name,
      kind: e.kind,
      arg_sorts: e.argSorts,
      result_sort: e.resultSort,
      aliases: e.aliases,
      proposal_id: e.proposalId,
      op: e.op,
    })),
    aliases: [...world.registry.aliases].map(([alias, symbol]) => ({ alias, symbol })).sort((a, b) => (a.alias < b.alias ? -1 : a.alias > b.alias ? 1 : 0)),
    problems: world.problems,
  };
}

export function worldText(w: WorldJson): string {
  const n = (k: number, word: string) => `${k} ${word}${k === 1 ? '' : 's'}`;
  const lines = [`${w.world}: ${w.session ? `world ${w.session}` : 'an empty world'}, ${n(w.accepted.length, 'accepted proposal')}, ${n(w.symbols.length, 'symbol')}`];
  if (w.accepted.length > 0) lines.push('accepted:');
  for (const a of w.accepted) lines.push(`  ${a.proposal_id}  ${a.mode} ${a.verdict} (${a.solver})  op ${a.op.slice(0, 15)}… by ${a.author.slice(0, 16)}… at ${a.at}`);
  if (w.symbols.length > 0) lines.push('symbols:');
  const shown = w.symbols.map((s) => signatureText({ name: s.name, kind: s.kind as 'sort', argSorts: s.arg_sorts, resultSort: s.result_sort }));
  const width = Math.max(0, ...shown.map((t) => t.length));
  w.symbols.forEach((s, i) => lines.push(`  ${shown[i]!.padEnd(width)}  ${s.proposal_id}${s.aliases.length > 0 ? `  aliases: ${s.aliases.join(', ')}` : ''}`));
  for (const p of w.problems) lines.push(`problem: ${p}`);
  return lines.join('\n') + '\n';
}

/** What `prove` says about the status, after its report. */
export function statusLines(r: WorldProveResult): string {
  const lines = [`  status: ${r.status}`];
  for (const c of r.contested_reasons) lines.push(`    contested (${c.kind}${c.code ? `, ${c.code}` : ''}): ${c.line !== undefined ? `${c.line}:${c.column ?? 1}: ` : ''}${c.message}`);
  if (r.knowledge_check?.problem) lines.push(`  accepted knowledge not checked: ${r.knowledge_check.problem}`);
  else if (r.knowledge_check && !r.knowledge_check.contradiction) lines.push(`  with the world's accepted knowledge: ${r.knowledge_check.verdict ?? 'not checked'}`);
  return lines.join('\n') + '\n';
}
