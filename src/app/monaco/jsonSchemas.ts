/**
 * The JSON schemas Monaco's JSON service offers completion and hover from, one entry per
 * kind of JSON the page edits: a FormalProposal (the document) and a rule table (the
 * Mnema derivers editor, whose models are named `*.rules.json`). The service's own
 * diagnostics stay off: each kind's reader in the core is the one source of problems.
 */
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import type { JSONSchema } from 'monaco-editor/languages/features/json/register';

interface SchemaEntry {
  readonly uri: string;
  readonly fileMatch: readonly string[];
  readonly schema: unknown;
}

/** The suffix of a rule table's model name. */
export const RULE_TABLE_SUFFIX = '.rules.json';

const entries = new Map<string, SchemaEntry>();

/** Sets (or replaces) the schema of one kind of JSON and hands them all to the JSON service. */
export function setJsonSchema(kind: string, entry: SchemaEntry): void {
  entries.set(kind, entry);
  jsonDefaults.setDiagnosticsOptions({
    validate: false,
    allowComments: false,
    enableSchemaRequest: false,
    schemas: [...entries.values()].map((e) => ({ uri: e.uri, fileMatch: [...e.fileMatch], schema: e.schema as JSONSchema })),
  });
}
