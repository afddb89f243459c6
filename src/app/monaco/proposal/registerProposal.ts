/**
 * FormalProposal documents in the editor: Monaco's own JSON language service (its
 * tokenizer, completion, hover, folding and formatting, running in the JSON worker)
 * with Warrant's FormalProposal schema. The service's own diagnostics are off: the
 * schema, registry and emission gates in the validation worker are the one source of
 * markers and problems, so a finding is never reported twice in two wordings.
 *
 * The schema is re-sent with the declared symbols whenever the set of declarations
 * changes, so completion offers the names the proposal declares where a name goes.
 */
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import { RULE_TABLE_SUFFIX, setJsonSchema } from '../jsonSchemas.ts';
import type { ProposalOutline } from '../../../core/analysis/proposalOutline.ts';
import { languageRow } from '../../../core/languages/languageTable.ts';
import { useDocumentStore } from '../../../store/document/documentStore.ts';
import type { SchemaSymbol } from './proposalJsonSchema.ts';
import { proposalJsonSchema } from './proposalJsonSchema.ts';

/** Monaco's language id for the editor model of a FormalProposal document (the language table's: Monaco's JSON). */
export const PROPOSAL_EDITOR_LANGUAGE = languageRow('proposal').monacoLanguage;

const SCHEMA_URI = 'https://warrant.invalid/schemas/formal-proposal-v1.json';

/** Typing a new declaration's name changes the set on every key; wait for a pause. */
const SCHEMA_UPDATE_PAUSE_MS = 600;

function applySchema(symbols: readonly SchemaSymbol[]): void {
  // Every JSON model but a rule table's is the document (jsonSchemas.ts).
  setJsonSchema('proposal', { uri: SCHEMA_URI, fileMatch: ['*', `!*${RULE_TABLE_SUFFIX}`], schema: proposalJsonSchema(symbols) });
}

function symbolsKey(symbols: readonly SchemaSymbol[]): string {
  return symbols.map((s) => `${s.kind} ${s.name} ${s.signature}`).join('\n');
}

function schemaSymbols(outline: ProposalOutline): SchemaSymbol[] {
  return outline.symbols.map((s) => ({ name: s.name, kind: s.kind, signature: s.signature }));
}

export function registerProposal(): void {
  jsonDefaults.setModeConfiguration({
    documentFormattingEdits: true,
    documentRangeFormattingEdits: true,
    completionItems: true,
    hovers: true,
    documentSymbols: true,
    tokens: true,
    colors: false,
    foldingRanges: true,
    diagnostics: false,
    selectionRanges: true,
  });
  applySchema([]);
  let shown = symbolsKey([]);
  let timer: ReturnType<typeof setTimeout> | null = null;
  useDocumentStore.subscribe((s, prev) => {
    const outline = s.analysis?.proposal;
    // Only a proposal that passed the schema gate has symbols; while it is broken the last ones stay offered.
    if (s.analysis === prev.analysis || !outline || outline.symbols.length === 0) return;
    const symbols = schemaSymbols(outline);
    const key = symbolsKey(symbols);
    if (key === shown) {
      if (timer) clearTimeout(timer);
      timer = null;
      return;
    }
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      shown = key;
      applySchema(symbols);
    }, SCHEMA_UPDATE_PAUSE_MS);
  });
}
