/**
 * What a new name must look like when an id is renamed, per language, and the rename's
 * refusals (a name breaking the rule, a name already taken). The page and `warrant lsp`
 * refuse with the same words.
 */
import { ID_PATTERN } from '../clair/ast.ts';

export interface NameRule {
  readonly pattern: RegExp;
  /** What a valid name looks like, for the message when a new name breaks the rule. */
  readonly description: string;
  /** What kind of thing is renamed ("belief ids", "names"). */
  readonly things: string;
}

export const CLAIR_NAMES: NameRule = { pattern: ID_PATTERN, description: 'a lower-case letter, then a-z, 0-9 or _', things: 'belief ids' };

export const GAIA_NAMES: NameRule = { pattern: /^[A-Za-z_][A-Za-z0-9_]*$/, description: 'a letter or _, then letters, digits or _', things: 'names' };

/** Why the thing under the cursor cannot be renamed at all. */
export function notRenamable(rule: NameRule): string {
  return `Only ${rule.things} can be renamed.`;
}

/** Why `newName` cannot replace `oldName`, or null when it can. `taken` says whether a name is in use. */
export function renameRefusal(rule: NameRule, oldName: string, newName: string, taken: (name: string) => boolean): string | null {
  if (!rule.pattern.test(newName)) return `"${newName}" is not a valid name: ${rule.description}.`;
  if (newName !== oldName && taken(newName)) return `${newName} is already defined.`;
  return null;
}
