/**
 * The model as a checked transducer, both ways (DS004). Encoding: text → prompt (with the
 * world's registry context under a budget) → the model's reply → a FormalProposal only if
 * the reply is JSON that passes every gate; otherwise it is contested with the reason and
 * never reaches a solver. Decoding: a prove run's approved evidence → the model's anchored
 * sentences → only those whose anchors check. The model is any `ChatModel`; with none,
 * decoding uses Warrant's own anchored sentences and everything else works the same.
 */
import type { DiagnosticRecord } from '../export/diagnosticRecord.ts';
import { toDiagnosticRecord } from '../export/diagnosticRecord.ts';
import { checkProposal } from '../proposal/checkProposal.ts';
import type { ContestedReason } from '../proposal/proposalStatus.ts';
import { proposalStatus } from '../proposal/proposalStatus.ts';
import type { World } from '../proposal/worldLog.ts';
import { EMPTY_WORLD, proposalHash } from '../proposal/worldLog.ts';
import type { Gate } from '../proposal/gateDiagnostics.ts';
import type { ApprovedEvidence } from './approvedEvidence.ts';
import type { CheckedAnswer } from './anchoredAnswer.ts';
import { checkedAnswer } from './anchoredAnswer.ts';
import { decodingMessages } from './decodingPrompt.ts';
import type { ChatMessage } from './encodingPrompt.ts';
import { encodingMessages, MAX_ENCODE_TEXT } from './encodingPrompt.ts';
import type { ProposalIdentity } from './modelReply.ts';
import { readModelReply, unfence } from './modelReply.ts';
import type { RegistryContextBudget } from './registryContext.ts';
import { contextCandidates, DEFAULT_CONTEXT_BUDGET, selectRegistryContext } from './registryContext.ts';

/** A chat model: messages in, the reply's text out (an error is thrown as an Error with a message). */
export interface ChatModel {
  /** What the model is, for reports (`llama3 at http://localhost:8080/v1`). */
  readonly name: string;
  complete(messages: readonly ChatMessage[]): Promise<string>;
}

/** The model's reply to `messages`; or, when it could not be asked (network, refusal), why (the reason an encoder contests with). */
export async function askModel(model: ChatModel, messages: readonly ChatMessage[]): Promise<{ readonly reply: string } | { readonly unasked: ContestedReason }> {
  try {
    return { reply: await model.complete(messages) };
  } catch (e) {
    return { unasked: { kind: 'reply', code: null, message: `the model could not be asked: ${(e as Error).message}` } };
  }
}

export interface EncodeRequest extends ProposalIdentity {
  readonly text: string;
  /** The world the proposal is for (its registry gives the prompt's context and the registry gate's symbols); a new world when absent. */
  readonly world?: World;
  readonly budget?: RegistryContextBudget;
}

export interface EncodeOutcome {
  /** `proposed`: a proposal that passed every gate; `contested`: refused, with `reasons` (proposalStatus.ts's, plus `reply` for a reply that is not a proposal's JSON). */
  readonly status: 'proposed' | 'contested';
  readonly reasons: readonly ContestedReason[];
  /** The proposal's JSON text, when the reply was a JSON object (even when contested: it is shown, never run). */
  readonly proposal_text: string | null;
  readonly gate: Gate | null;
  readonly diagnostics: readonly DiagnosticRecord[];
  /** The registry symbols the prompt carried, and how many the budget left out. */
  readonly context: { readonly symbols: readonly string[]; readonly omitted: number };
  readonly model: string;
  /** The model's reply, verbatim. */
  readonly reply: string;
}

/** Why `text` cannot be encoded at all (empty, too long), or null. */
export function encodeTextProblem(text: string): string | null {
  if (text.trim() === '') return 'the text to encode is empty';
  if (text.length > MAX_ENCODE_TEXT) return `the text to encode is ${text.length} characters long; at most ${MAX_ENCODE_TEXT} are sent to a model`;
  return null;
}

/**
 * The reply checked: schema first (a proposal's JSON, or the reason it is not), then the
 * gates — the registry gate against the world's registry — then the lifecycle's reasons
 * (proposalStatus.ts: listed ambiguities, a proposal id the world accepted with other content).
 */
export function judgeReply(reply: string, request: EncodeRequest, modelName: string, context: EncodeOutcome['context']): EncodeOutcome {
  const base = { model: modelName, reply, context };
  const reading = readModelReply(reply, request);
  if (!reading.ok) return { ...base, status: 'contested', reasons: [{ kind: 'reply', code: null, message: reading.reason }], proposal_text: null, gate: 'schema', diagnostics: [] };
  const world = request.world ?? EMPTY_WORLD;
  const check = checkProposal(reading.proposalText, { world: world.registry });
  const { status, reasons } = proposalStatus({
    gate: check.gate,
    diagnostics: check.diagnostics,
    ambiguities: check.proposal?.ambiguities ?? [],
    proposalId: check.proposal?.proposalId ?? null,
    worldId: check.proposal?.worldId ?? null,
    hash: proposalHash(JSON.parse(reading.proposalText) as unknown),
    acceptances: world.acceptances,
    knowledge: null,
  });
  // A reply is never accepted knowledge by itself: a person accepts it after a proof.
  const open = status === 'accepted' ? 'proposed' : status;
  return { ...base, status: open, reasons, proposal_text: reading.proposalText, gate: check.gate, diagnostics: check.diagnostics.map(toDiagnosticRecord) };
}

/** Encodes `request.text` through `model`. A model that fails (network, refusal) contests with its error. */
export async function encodeText(model: ChatModel, request: EncodeRequest): Promise<EncodeOutcome> {
  const context = selectRegistryContext(contextCandidates(request.world ?? EMPTY_WORLD), request.text, request.budget ?? DEFAULT_CONTEXT_BUDGET);
  const summary = { symbols: context.symbols.map((s) => s.name), omitted: context.omitted };
  const asked = await askModel(model, encodingMessages({ text: request.text, context, worldId: request.worldId, ...(request.logic ? { logic: request.logic } : {}) }));
  if ('unasked' in asked) {
    return {
      status: 'contested',
      reasons: [asked.unasked],
      proposal_text: null,
      gate: null,
      diagnostics: [],
      context: summary,
      model: model.name,
      reply: '',
    };
  }
  return judgeReply(asked.reply, request, model.name, summary);
}

/** Reads a decoder reply's `sentences` (null when the reply is not the JSON asked for). */
export function replySentences(reply: string): unknown[] | null {
  const text = unfence(reply.trim());
  try {
    const value = JSON.parse(text) as unknown;
    const sentences = value && typeof value === 'object' ? (value as { sentences?: unknown }).sentences : undefined;
    return Array.isArray(sentences) ? sentences : null;
  } catch {
    return null;
  }
}

export interface DecodeOutcome extends CheckedAnswer {
  readonly model: string | null;
  /** Why the model's reply was not used at all (not JSON, the model failed), when it was not. */
  readonly reply_problem: string | null;
}

/** The answer for `evidence`: the model's anchored sentences that check, else Warrant's own. */
export async function decodeEvidence(model: ChatModel | null, evidence: ApprovedEvidence, question: string | null = null): Promise<DecodeOutcome> {
  if (!model) return { ...checkedAnswer(null, evidence), model: null, reply_problem: null };
  const asked = await askModel(model, decodingMessages(evidence, question));
  if ('unasked' in asked) return { ...checkedAnswer(null, evidence), model: model.name, reply_problem: asked.unasked.message };
  const sentences = replySentences(asked.reply);
  return { ...checkedAnswer(sentences, evidence), model: model.name, reply_problem: sentences ? null : 'the reply was not a JSON object with a "sentences" list' };
}
