/**
 * The person's own derivers — rule tables (src/core/mnema/ruleTable.ts) — as the page
 * keeps them: the text, kept in this browser between visits, handed to the validation
 * worker so every Mnema plan (a preview, an import, a derivation run) derives with them
 * beside the built-in derivers, and the reader's problems with their places.
 */
import { create } from 'zustand';
import type { RuleProblem } from '../../core/mnema/ruleTable.ts';
import { getPipeline } from '../pipeline/pipelineInstance.ts';

const KEY = 'warrant.mnema.rules';

interface RuleTablesState {
  /** The rule table's text; empty: no rules of the person's. */
  readonly text: string;
  readonly problems: readonly RuleProblem[];
  /** Bumped each time the worker has the text: plans made before it are out of date. */
  readonly generation: number;
}

/** The table kept from an earlier visit; none at first (the editor offers a starter to begin from). */
function stored(): string {
  try {
    return localStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

export const useRuleTables = create<RuleTablesState>(() => ({ text: stored(), problems: [], generation: 0 }));

let sent: string | null = null;

/** Hands the text to the worker (once per text), then its problems to the store. */
async function send(text: string): Promise<void> {
  if (sent === text) return;
  sent = text;
  const [problems] = await getPipeline().validationApi.mnemaSetRules(text.trim() === '' ? [] : [text]);
  if (useRuleTables.getState().text !== text) return;
  useRuleTables.setState((s) => ({ problems: problems ?? [], generation: s.generation + 1 }));
}

/** The rules kept from an earlier visit, handed to the worker (a Mnema log opened). */
export function ensureRulesSent(): Promise<void> {
  return send(useRuleTables.getState().text);
}

/** The person edited the table: kept, and handed to the worker. */
export function setRuleTableText(text: string): Promise<void> {
  useRuleTables.setState({ text });
  try {
    localStorage.setItem(KEY, text);
  } catch {
    // Storage full or refused: the rules still apply for this visit.
  }
  return send(text);
}
