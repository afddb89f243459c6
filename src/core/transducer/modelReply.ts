/**
 * A model's reply read as the JSON of a FormalProposal — and nothing else (DS004:
 * free-form SMT text from a model is never authoritative). The reply is refused with its
 * reason when it is empty, prose, SMT-LIB text, JSON that does not parse or is not an
 * object; otherwise its fields join the identity fields Warrant owns (schemaVersion,
 * proposalId, worldId, logic, source), which a model cannot set.
 */
import { PROPOSAL_SCHEMA_VERSION } from '../proposal/proposalTypes.ts';

export interface ProposalIdentity {
  readonly proposalId: string;
  readonly worldId: string;
  readonly logic?: string;
  readonly source: { readonly sourceId: string; readonly span: { readonly start: number; readonly end: number }; readonly createdAt: string };
}

export type ReplyReading = { readonly ok: true; readonly proposalText: string } | { readonly ok: false; readonly reason: string };

const IDENTITY_FIELDS = new Set(['schemaVersion', 'proposalId', 'worldId', 'logic', 'source']);

/** A reply that is one fenced block (```json … ```) is read as the block's contents: models add fences even when told not to. */
export function unfence(text: string): string {
  const m = /^```[A-Za-z]*\n([\s\S]*?)\n?```$/.exec(text);
  return m ? m[1]!.trim() : text;
}

function looksLikeSmt(text: string): boolean {
  return /^\(/.test(text) || /\((assert|declare-(fun|const|sort)|check-sat|set-logic)\b/.test(text);
}

export type ReplyObject = { readonly ok: true; readonly value: Record<string, unknown> } | { readonly ok: false; readonly reason: string };

/** `reply` as one JSON object, or the reason it is refused (empty, prose, SMT-LIB, JSON that does not parse or is not an object). */
export function readReplyObject(reply: string): ReplyObject {
  const text = unfence(reply.trim());
  if (text === '') return { ok: false, reason: 'the model returned nothing' };
  if (!text.startsWith('{') && !text.startsWith('[')) {
    if (looksLikeSmt(text)) return { ok: false, reason: 'the model returned SMT-LIB text; only a FormalProposal in JSON is accepted' };
    return { ok: false, reason: `the model returned prose, not a JSON object (it begins ${JSON.stringify(text.slice(0, 40))})` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, reason: `the model's JSON does not parse: ${(e as Error).message}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false, reason: 'the model returned JSON that is not an object' };
  return { ok: true, value: value as Record<string, unknown> };
}

/** Why a reply object is refused for setting identity fields (which Warrant fills itself), or null. */
export function identityProblem(given: Record<string, unknown>): string | null {
  const set = Object.keys(given).filter((k) => IDENTITY_FIELDS.has(k));
  if (set.some((k) => k !== 'schemaVersion' || given[k] !== PROPOSAL_SCHEMA_VERSION)) return `the model set ${set.map((k) => JSON.stringify(k)).join(', ')}, which Warrant fills itself`;
  return null;
}

/** `reply` as a proposal's JSON text (pretty, identity fields first), or the reason it is refused. */
export function readModelReply(reply: string, identity: ProposalIdentity): ReplyReading {
  const read = readReplyObject(reply);
  if (!read.ok) return read;
  const given = read.value;
  const problem = identityProblem(given);
  if (problem) return { ok: false, reason: problem };
  const proposal: Record<string, unknown> = {
    schemaVersion: PROPOSAL_SCHEMA_VERSION,
    proposalId: identity.proposalId,
    worldId: identity.worldId,
    ...(identity.logic ? { logic: identity.logic } : {}),
    source: identity.source,
  };
  for (const [k, v] of Object.entries(given)) if (!IDENTITY_FIELDS.has(k)) proposal[k] = v;
  if (!('ambiguities' in proposal)) proposal.ambiguities = [];
  return { ok: true, proposalText: `${JSON.stringify(proposal, null, 2)}\n` };
}
