/**
 * The prompt that asks a model to formalize text as a FormalProposal (DS004 "LLM as
 * Controlled Transducer"): schema first — the model answers with the proposal's JSON
 * fields and nothing else; Warrant fills the identity fields, runs the gates and only then
 * emits SMT-LIB2. The prompt states the reuse contract: registry symbols before new ones,
 * no synonyms, aliases for sorts.
 */
import { EXPRESSION_OPS } from '../proposal/proposalTypes.ts';
import type { RegistryContext } from './registryContext.ts';

/** The longest source text encoded, in UTF-16 code units: longer text is refused, never cut. */
export const MAX_ENCODE_TEXT = 256 * 1024;

export interface ChatMessage {
  readonly role: 'system' | 'user';
  readonly content: string;
}

export interface EncodingRequest {
  readonly text: string;
  readonly context: RegistryContext;
  /** The SMT logic the proposal should fit (`QF_UF` unless given). */
  readonly logic?: string;
  /** The world the proposal is for, named to the model so it knows the registry is that world's. */
  readonly worldId: string;
}

/** The fields the model must return, as an example object (its values show each field's type). */
export const MODEL_REPLY_SHAPE = {
  declarations: [{ kind: 'sort|const|function|predicate', name: 'Identifier', argSorts: ['Sort'], resultSort: 'Sort' }],
  assertions: [{ assertionId: 'ax_1', role: 'axiom|fact|assumption', expr: { op: 'call', symbol: 'name', args: [{ op: 'const', name: 'Identifier' }] } }],
  queryPlan: { verificationMode: 'entailment|model|consistency', goal: { op: 'call', symbol: 'name', args: [] } },
  ambiguities: ['a reading of the text you could not decide, in words'],
} as const;

/** Control characters other than tab and newline become spaces; line ends become `\n`. */
export function cleanPromptText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, ' ');
}

/** The two messages of an encoding request (system: the contract; user: context and text). */
export function encodingMessages(request: EncodingRequest): ChatMessage[] {
  const rules = [
    'You turn text into a FormalProposal for an SMT solver. You are a transducer, not a judge: do not decide what is true.',
    'Answer with one JSON object and nothing else: no prose, no Markdown, no SMT-LIB text.',
    'Rules for symbols:',
    '- Reuse a registry symbol whenever it means what the text means, with its exact name and signature.',
    '- Never declare a new symbol that is a synonym of a registry symbol.',
    '- For a sort, prefer the registry sort its alias names over a new sort.',
    '- Declare every symbol you use that is not in the registry. Names match ^[A-Za-z_][A-Za-z0-9_]*$ and never start with hp_internal_.',
    `- Expression operators: ${EXPRESSION_OPS.join(', ')}.`,
    'List in "ambiguities" every reading of the text you could not settle; leave it empty only when the text is unambiguous.',
  ];
  return promptMessages(rules, {
    head: [`World: ${request.worldId}`, `Target logic: ${request.logic ?? 'QF_UF'}`],
    contextNote: 'symbols this world already has',
    context: request.context,
    shape: MODEL_REPLY_SHAPE,
    label: 'Text',
    text: request.text,
  });
}

/**
 * The two messages of a request to the model, the one layout the encoders share: the
 * contract's rules as the system message; then the heading lines, the registry context,
 * the reply's shape and the text (cleaned) as the user's.
 */
export function promptMessages(
  rules: readonly string[],
  user: { readonly head: readonly string[]; readonly contextNote: string; readonly context: RegistryContext; readonly shape: unknown; readonly label: string; readonly text: string },
): ChatMessage[] {
  const lines = [
    ...user.head,
    '',
    `Registry context (${user.contextNote}):`,
    JSON.stringify({ symbols: user.context.symbols, sortAliases: user.context.sortAliases }),
    '',
    'Reply shape:',
    JSON.stringify(user.shape),
    '',
    `${user.label}:`,
    cleanPromptText(user.text),
  ];
  return [
    { role: 'system', content: rules.join('\n') },
    { role: 'user', content: lines.join('\n') },
  ];
}
