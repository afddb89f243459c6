/**
 * The prompt that asks a model to word a prove run's result (DS004 ResponseDecoder): it
 * sees only the approved evidence — verdict, model values, unsat core, the active formal
 * set — and must cite, for every sentence, the anchors it rests on.
 */
import type { ApprovedEvidence } from './approvedEvidence.ts';
import { ANCHOR_TYPES, anchorSet } from './approvedEvidence.ts';
import type { ChatMessage } from './encodingPrompt.ts';
import { cleanPromptText } from './encodingPrompt.ts';

export function decodingMessages(evidence: ApprovedEvidence, question: string | null): ChatMessage[] {
  const rules = [
    'You word the result of a formal check for a person. Use only the evidence given; add no fact of your own.',
    'Answer with one JSON object and nothing else: {"sentences":[{"text":"…","anchors":["verdict:…","core:…"]}]}.',
    `Every sentence cites at least one anchor from the list given, written TYPE:ID with TYPE one of ${ANCHOR_TYPES.join(', ')}. Never invent an anchor.`,
    'When the verdict is unknown, say that the check was inconclusive; do not state any result as settled.',
  ];
  const user = [
    ...(question ? [`Question: ${cleanPromptText(question)}`, ''] : []),
    `Verdict: ${evidence.verdict ?? 'none'} (mode ${evidence.mode}; solver answer ${evidence.solverAnswer ?? 'none'})`,
    `Goal: ${evidence.goal ?? 'none'}`,
    `Unsat core: ${JSON.stringify(evidence.core)}`,
    `Model: ${JSON.stringify(evidence.model)}`,
    `Active formal set: ${JSON.stringify(evidence.fragments)}`,
    `Anchors you may cite: ${JSON.stringify([...anchorSet(evidence)])}`,
  ];
  return [
    { role: 'system', content: rules.join('\n') },
    { role: 'user', content: user.join('\n') },
  ];
}
