/**
 * The query encoder (DS004 "LLM as Controlled Transducer", `QueryEncoder`): a question
 * asked of knowledge that already exists — a proposal, or a world's accepted proposals —
 * becomes a query plan (mode and goal) only when the model's reply is JSON of the query's
 * shape that uses the registry's symbols alone and passes the same gates as a proposal's
 * goal. The plan is checked as the knowledge with that goal (one FormalProposal, which
 * `prove` then runs); any other reply is contested with its reason and never reaches a solver.
 *
 * Unlike HoloProof's query encoder there is no fallback that guesses a goal from the
 * question's words when the reply is not JSON: a goal nobody checked is never proved.
 */
import type { DiagnosticRecord } from '../export/diagnosticRecord.ts';
import { toDiagnosticRecord } from '../export/diagnosticRecord.ts';
import { unionProposal } from '../proposal/acceptedKnowledge.ts';
import { checkProposal } from '../proposal/checkProposal.ts';
import { forEachSymbol, type SymbolRole } from '../proposal/exprSymbols.ts';
import type { Gate } from '../proposal/gateDiagnostics.ts';
import { numeralOf } from '../proposal/numerals.ts';
import type { ContestedReason } from '../proposal/proposalStatus.ts';
import { proposalStatus } from '../proposal/proposalStatus.ts';
import type { DeclarationKind, FormalProposal } from '../proposal/proposalTypes.ts';
import { BUILTIN_SORTS, PROPOSAL_SCHEMA_VERSION } from '../proposal/proposalTypes.ts';
import { similarNames } from '../proposal/worldGate.ts';
import type { World } from '../proposal/worldLog.ts';
import type { RegistryEntry, WorldRegistry } from '../proposal/worldRegistry.ts';
import { EMPTY_REGISTRY, entryText, signatureText, withDeclarations } from '../proposal/worldRegistry.ts';
import { MAX_ENCODE_TEXT } from './encodingPrompt.ts';
import type { ProposalIdentity } from './modelReply.ts';
import { identityProblem, readReplyObject } from './modelReply.ts';
import type { QueryTargetName } from './queryPrompt.ts';
import { queryMessages } from './queryPrompt.ts';
import type { ContextCandidate, RegistryContextBudget } from './registryContext.ts';
import { contextCandidates, DEFAULT_CONTEXT_BUDGET, registryCandidates, selectRegistryContext } from './registryContext.ts';
import type { ChatModel } from './transducer.ts';
import { askModel } from './transducer.ts';

type Rec = Record<string, unknown>;

/** The knowledge a question is asked of, with the registry its goal may use. */
export interface QueryTarget extends QueryTargetName {
  /** The knowledge's FormalProposal fields; its own query plan is replaced by the question's. */
  readonly declarations: readonly unknown[];
  readonly assertions: readonly unknown[];
  /** A proposal's own open ambiguities (they still contest what is asked of it). */
  readonly ambiguities: readonly unknown[];
  readonly worldId: string;
  readonly logic?: string;
  readonly registry: WorldRegistry;
  readonly candidates: readonly ContextCandidate[];
}

/** A world's accepted knowledge as a query target (null when it has accepted nothing). */
export function worldQueryTarget(world: World, worldId: string): QueryTarget | null {
  if (world.acceptances.length === 0) return null;
  // The same union the accepted-knowledge check proves: accepted assertions renamed w<N>_<id>.
  const union = JSON.parse(unionProposal({ schemaVersion: PROPOSAL_SCHEMA_VERSION, declarations: [], assertions: [] }, world.acceptances).text) as Rec;
  return {
    kind: 'world',
    name: worldId,
    declarations: union.declarations as unknown[],
    assertions: union.assertions as unknown[],
    ambiguities: [],
    worldId,
    registry: world.registry,
    candidates: contextCandidates(world),
  };
}

/** A proposal's text as a query target, or why a question cannot be asked of it (its knowledge must pass every gate). */
export function proposalQueryTarget(text: string): { readonly ok: true; readonly target: QueryTarget } | { readonly ok: false; readonly reason: string } {
  const check = checkProposal(text, { mode: 'consistency' });
  if (!check.proposal || check.gate) {
    const first = check.diagnostics.find((d) => d.severity === 'error');
    return { ok: false, reason: `the proposal stops at the ${check.gate ?? 'schema'} gate${first ? ` (line ${first.range.line}: ${first.message})` : ''}, so no question is asked of it` };
  }
  const p: FormalProposal = check.proposal;
  const doc = JSON.parse(text) as Rec;
  const id = p.proposalId ?? 'proposal';
  const registry = withDeclarations(EMPTY_REGISTRY, p.declarations, { proposalId: id, op: '' }).registry;
  return {
    ok: true,
    target: {
      kind: 'proposal',
      name: id,
      declarations: Array.isArray(doc.declarations) ? doc.declarations : [],
      assertions: Array.isArray(doc.assertions) ? doc.assertions : [],
      ambiguities: Array.isArray(doc.ambiguities) ? doc.ambiguities : [],
      worldId: p.worldId ?? 'world_main',
      ...(typeof doc.logic === 'string' ? { logic: doc.logic } : {}),
      registry,
      candidates: registryCandidates(registry, [p]),
    },
  };
}

export interface QueryRequest extends Pick<ProposalIdentity, 'proposalId' | 'source'> {
  readonly question: string;
  readonly target: QueryTarget;
  readonly budget?: RegistryContextBudget;
}

export interface QueryOutcome {
  /** `proposed`: a query plan that passed every gate over the target's knowledge; `contested`: refused, with `reasons`. */
  readonly status: 'proposed' | 'contested';
  readonly reasons: readonly ContestedReason[];
  /** The reply's `queryPlan`, when the reply was a JSON object with one. */
  readonly query_plan: unknown;
  /** The knowledge with the question's plan as one FormalProposal (what `prove` runs), when a plan was read; shown even when contested, never run then. */
  readonly proposal_text: string | null;
  readonly gate: Gate | null;
  readonly diagnostics: readonly DiagnosticRecord[];
  readonly target: QueryTargetName;
  /** The registry symbols the prompt carried, and how many the budget left out. */
  readonly context: { readonly symbols: readonly string[]; readonly omitted: number };
  readonly model: string;
  /** The model's reply, verbatim. */
  readonly reply: string;
}

/** Why `question` cannot be asked at all (empty, too long), or null. */
export function questionProblem(question: string): string | null {
  if (question.trim() === '') return 'the question is empty';
  if (question.length > MAX_ENCODE_TEXT) return `the question is ${question.length} characters long; at most ${MAX_ENCODE_TEXT} are sent to a model`;
  return null;
}

const REPLY_FIELDS = new Set(['queryPlan', 'ambiguities', 'schemaVersion', 'declarations', 'assertions']);

/** Why a reply object is not of the query's shape, or null. */
function shapeProblem(given: Rec): string | null {
  const identity = identityProblem(given);
  if (identity) return identity;
  const decls = given.declarations;
  if (decls !== undefined && !(Array.isArray(decls) && decls.length === 0)) {
    const names = Array.isArray(decls) ? decls.map((d) => (d && typeof d === 'object' ? (d as Rec).name : undefined)).filter((n): n is string => typeof n === 'string') : [];
    return `a question declares nothing, but the reply declares ${names.length > 0 ? names.join(', ') : 'something'}; it must use the registry's symbols`;
  }
  const asserts = given.assertions;
  if (asserts !== undefined && !(Array.isArray(asserts) && asserts.length === 0)) return 'a question asserts nothing, but the reply adds assertions; it asks about the knowledge as it stands';
  const extra = Object.keys(given).filter((k) => !REPLY_FIELDS.has(k));
  if (extra.length > 0) return `the reply has fields a query does not take: ${extra.map((k) => JSON.stringify(k)).join(', ')}`;
  const plan = given.queryPlan;
  if (plan === null || typeof plan !== 'object' || Array.isArray(plan)) return 'the reply has no "queryPlan" object';
  if (given.ambiguities !== undefined && !Array.isArray(given.ambiguities)) return 'the reply\'s "ambiguities" is not a list';
  return null;
}

const KINDS_OF_ROLE: Record<SymbolRole, readonly DeclarationKind[]> = { const: ['const'], symbol: ['predicate', 'function'], sort: ['sort'] };

/** The goal's names that are not the target's registry symbols, each with why (an alias, a look-alike, or unknown). */
function unknownSymbols(goal: FormalProposal['queryPlan']['goal'], target: QueryTarget): string[] {
  if (!goal) return [];
  const seen = new Set<string>();
  const out: string[] = [];
  const where = target.kind === 'world' ? `world ${target.name}'s registry` : `proposal ${target.name}'s declarations`;
  const describe = (e: RegistryEntry) => (target.kind === 'world' ? entryText(e) : signatureText(e));
  forEachSymbol(goal, (name, role) => {
    if (seen.has(name) || target.registry.entries.has(name)) return;
    if (role === 'const' && numeralOf(name) !== null) return;
    if (role === 'sort' && (BUILTIN_SORTS as readonly string[]).includes(name)) return;
    seen.add(name);
    const aliasOf = target.registry.aliases.get(name);
    if (aliasOf !== undefined) {
      out.push(`the goal uses ${name}, an alias of ${describe(target.registry.entries.get(aliasOf)!)}; write ${aliasOf}`);
      return;
    }
    const kinds = KINDS_OF_ROLE[role];
    const near = [...target.registry.entries.values()].filter((e) => kinds.includes(e.kind) && similarNames(name, e.name, e.kind));
    if (near.length > 0) {
      out.push(
        `the goal uses ${name}, which is not in ${where} and looks like a synonym of ${near.map(describe).join(', ')}; a question reuses registry symbols, so write ${near.map((e) => e.name).join(' or ')}`,
      );
    } else {
      out.push(`the goal uses ${name}, which is not in ${where}; a question cannot introduce symbols`);
    }
  });
  return out;
}

/**
 * The reply checked: one JSON object of the query's shape (no declarations, no
 * assertions, no identity fields), then its goal's symbols against the target's registry,
 * then the gates over the knowledge with that goal, then its listed ambiguities.
 */
export function judgeQueryReply(reply: string, request: QueryRequest, modelName: string, context: QueryOutcome['context']): QueryOutcome {
  const base = { model: modelName, reply, context, target: { kind: request.target.kind, name: request.target.name } };
  const refuse = (message: string, plan: unknown = null): QueryOutcome => ({
    ...base,
    status: 'contested',
    reasons: [{ kind: 'reply', code: null, message }],
    query_plan: plan,
    proposal_text: null,
    gate: 'schema',
    diagnostics: [],
  });
  const read = readReplyObject(reply);
  if (!read.ok) return refuse(read.reason);
  const given = read.value;
  const shape = shapeProblem(given);
  if (shape) return refuse(shape, given.queryPlan ?? null);
  const t = request.target;
  const document = {
    schemaVersion: PROPOSAL_SCHEMA_VERSION,
    proposalId: request.proposalId,
    worldId: t.worldId,
    ...(t.logic ? { logic: t.logic } : {}),
    source: request.source,
    declarations: t.declarations,
    assertions: t.assertions,
    queryPlan: given.queryPlan,
    ambiguities: [...t.ambiguities, ...((given.ambiguities as unknown[] | undefined) ?? [])],
    tags: ['query'],
  };
  const text = `${JSON.stringify(document, null, 2)}\n`;
  const check = checkProposal(text);
  const diagnostics = check.diagnostics.map(toDiagnosticRecord);
  const { reasons } = proposalStatus({
    gate: check.gate,
    diagnostics: check.diagnostics,
    ambiguities: check.proposal?.ambiguities ?? [],
    proposalId: check.proposal?.proposalId ?? null,
    worldId: check.proposal?.worldId ?? null,
    hash: null,
    acceptances: [],
    knowledge: null,
  });
  // Symbols outside the registry are named first, with the registry symbol meant when one is near.
  const symbols = check.proposal ? unknownSymbols(check.proposal.queryPlan.goal, t) : [];
  const all: ContestedReason[] = [...symbols.map((message) => ({ kind: 'registry' as const, code: null, message })), ...reasons];
  const gate = check.gate ?? (symbols.length > 0 ? 'registry' : null);
  return { ...base, status: all.length > 0 ? 'contested' : 'proposed', reasons: all, query_plan: given.queryPlan, proposal_text: text, gate, diagnostics };
}

/** Encodes `request.question` through `model`. A model that fails (network, refusal) contests with its error. */
export async function encodeQuery(model: ChatModel, request: QueryRequest): Promise<QueryOutcome> {
  const selected = selectRegistryContext(request.target.candidates, request.question, request.budget ?? DEFAULT_CONTEXT_BUDGET);
  const context = { symbols: selected.symbols.map((s) => s.name), omitted: selected.omitted };
  const asked = await askModel(model, queryMessages({ question: request.question, context: selected, target: { kind: request.target.kind, name: request.target.name } }));
  if ('unasked' in asked) {
    return {
      status: 'contested',
      reasons: [asked.unasked],
      query_plan: null,
      proposal_text: null,
      gate: null,
      diagnostics: [],
      target: { kind: request.target.kind, name: request.target.name },
      context,
      model: model.name,
      reply: '',
    };
  }
  return judgeQueryReply(asked.reply, request, model.name, context);
}
