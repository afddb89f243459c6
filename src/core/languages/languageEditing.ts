/**
 * How each language is edited, attached to the language table's ids: which names rename
 * takes, how a hover finds what the cursor is on, and what completion offers. The
 * language server (src/lsp) reads these entries instead of branching on the language;
 * the words themselves come from src/core/editing, the rules the page's Monaco uses.
 */
import type { AnalysisView } from '../analysis/documentAnalysis.ts';
import type { BeliefView } from '../analysis/beliefView.ts';
import type { CompletionPlace, Completions } from '../editing/completions.ts';
import { clairCompletions, gaiaCompletions } from '../editing/completions.ts';
import type { NameRule } from '../editing/nameRules.ts';
import { CLAIR_NAMES, GAIA_NAMES } from '../editing/nameRules.ts';
import type { Language } from './languageIds.ts';

export interface LanguageEditing {
  /** The names rename takes and refuses. */
  readonly names: NameRule;
  /**
   * How a hover finds what the cursor is on: `symbol` — a use in the file's symbol index
   * (a CLAIR id), shown with its belief's facts; `word` — the word under the cursor, as a
   * node's id or else a verb of the language; null — no hover.
   */
  readonly hover: 'symbol' | 'word' | null;
  /** Completion at `place`; `textBefore` gives the text before it (the last 80 lines) when asked. */
  complete(place: CompletionPlace, textBefore: () => string, analysis: AnalysisView | null, views: ReadonlyMap<string, BeliefView>): Completions;
}

const NOTHING: Completions = { entries: [], incomplete: false };

export const LANGUAGE_EDITING: Readonly<Record<Language, LanguageEditing>> = {
  clair: { names: CLAIR_NAMES, hover: 'symbol', complete: (place, _before, analysis, views) => clairCompletions(place, analysis, views) },
  gaia: { names: GAIA_NAMES, hover: 'word', complete: (place, before, analysis) => gaiaCompletions(place, before(), analysis) },
  // Edited as JSON: the client's own JSON support completes and hovers.
  proposal: { names: CLAIR_NAMES, hover: null, complete: () => NOTHING },
  // Signed ops: nothing to rename or complete; a node's facts are in the inspector.
  mnema: { names: CLAIR_NAMES, hover: null, complete: () => NOTHING },
};

export function editingOf(language: Language): LanguageEditing {
  return LANGUAGE_EDITING[language];
}
