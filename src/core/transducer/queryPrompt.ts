/**
 * The prompt that asks a model to turn a question into a query plan over knowledge that
 * already exists — a proposal or a world (DS004 "LLM as Controlled Transducer": the query
 * encoder, like the proposal encoder, answers in JSON that is checked before any SMT).
 * A question adds nothing to the knowledge: the model may use only the registry's symbols,
 * by their registry names, and declares nothing.
 */
import { EXPRESSION_OPS } from '../proposal/proposalTypes.ts';
import type { ChatMessage } from './encodingPrompt.ts';
import { promptMessages } from './encodingPrompt.ts';
import type { RegistryContext } from './registryContext.ts';

/** What the question is asked about: an existing proposal, or a world's accepted knowledge. */
export interface QueryTargetName {
  readonly kind: 'proposal' | 'world';
  readonly name: string;
}

export interface QueryPromptRequest {
  readonly question: string;
  readonly context: RegistryContext;
  readonly target: QueryTargetName;
}

/** The only fields a query reply has, as an example object (its values show each field's type). */
export const QUERY_REPLY_SHAPE = {
  queryPlan: { verificationMode: 'entailment|model|consistency', goal: { op: 'call', symbol: 'registryName', args: [{ op: 'const', name: 'RegistryConstant' }] } },
  ambiguities: ['a reading of the question you could not decide, in words'],
} as const;

/** The two messages of a query request (system: the contract; user: context and question). */
export function queryMessages(request: QueryPromptRequest): ChatMessage[] {
  const rules = [
    'You turn a question into a query plan over existing knowledge, for an SMT solver. You are a transducer, not a judge: do not answer the question.',
    'Answer with one JSON object with the fields "queryPlan" and "ambiguities" and nothing else: no prose, no Markdown, no SMT-LIB text.',
    'Rules for symbols:',
    '- Use only the registry symbols listed below, with their exact names, argument counts and sorts.',
    '- Declare nothing and assert nothing: no "declarations", no "assertions". A question adds no knowledge.',
    '- Never write a synonym or a paraphrase of a registry name; when the question uses another word for a registry symbol, write the registry name.',
    '- An alias is another name for a registry sort: write the sort it names.',
    `- Expression operators: ${EXPRESSION_OPS.join(', ')}.`,
    'Modes: "entailment" asks whether the knowledge implies the goal (yes/no questions); "model" asks whether the goal can hold with it; "consistency" asks whether the knowledge is consistent (goal null).',
    'List in "ambiguities" every reading of the question you could not settle; leave it empty only when the question is unambiguous.',
  ];
  return promptMessages(rules, {
    head: [`${request.target.kind === 'world' ? 'World' : 'Proposal'}: ${request.target.name}`],
    contextNote: 'the only symbols the query may use',
    context: request.context,
    shape: QUERY_REPLY_SHAPE,
    label: 'Question',
    text: request.question,
  });
}
