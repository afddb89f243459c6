/**
 * The editor's colours in each theme: every token's (hex without #) and the editor's own.
 * Kept apart from warrantTheme.ts, which applies them, so a unit test can hold each token
 * to 4.5:1 against the ground and the current-line highlight.
 */
import type { Theme } from '../theme/themePreference.ts';

/** One token's colour in each theme (hex without #), and its style. */
export type TokenColours = readonly [token: string, dark: string, light: string, fontStyle?: string];

export const TOKENS: readonly TokenColours[] = [
  ['comment.clair', '8a96a8', '5f6b7c', 'italic'],
  ['type.identifier.clair', 'f5c26b', '8a5a00', 'bold'],
  ['number.clair', '7fd6c2', '0d6e61'],
  ['keyword.level.clair', 'c792ea', '7a3d9e'],
  ['tag.source.clair', '82aaff', '2456b8'],
  ['delimiter.justification.clair', 'ff9e64', 'a84700', 'bold'],
  ['variable.reference.clair', 'f0b88a', '8f4510'],
  ['keyword.invalidation.clair', 'e6a0d0', '9c2f6b'],
  ['string.condition.clair', 'e6a0d0', '9c2f6b'],
  ['string.content.clair', 'c3e88d', '3a6d12'],
  ['string.invalid.clair', 'ff7a7a', 'c0262d'],
  ['invalid.clair', 'ff7a7a', 'c0262d', 'underline'],
  ['comment.gaia', '8a96a8', '5f6b7c', 'italic'],
  ['keyword.verb.gaia', 'f5c26b', '8a5a00', 'bold'],
  ['keyword.deprecated.gaia', 'c9a35a', '7a5c1a', 'strikethrough'],
  ['keyword.gaia', 'c792ea', '7a3d9e'],
  ['constant.gaia', 'ff9e64', 'a84700'],
  ['attribute.name.gaia', '82aaff', '2456b8'],
  ['string.gaia', 'c3e88d', '3a6d12'],
  ['string.invalid.gaia', 'ff7a7a', 'c0262d'],
  ['number.gaia', '7fd6c2', '0d6e61'],
  ['operator.logic.gaia', 'ff9e64', 'a84700', 'bold'],
  ['identifier.gaia', 'd7dde8', '1c2330'],
  ['comment.smtlib', '8a96a8', '5f6b7c', 'italic'],
  ['keyword.command.smtlib', 'c792ea', '7a3d9e', 'bold'],
  ['keyword.binder.smtlib', 'f5c26b', '8a5a00', 'bold'],
  ['operator.smtlib', 'ff9e64', 'a84700'],
  ['type.smtlib', '82aaff', '2456b8'],
  ['constant.smtlib', 'ff9e64', 'a84700'],
  ['attribute.name.smtlib', '7fd6c2', '0d6e61'],
  ['number.smtlib', '7fd6c2', '0d6e61'],
  ['string.smtlib', 'c3e88d', '3a6d12'],
  ['identifier.smtlib', 'd7dde8', '1c2330'],
  ['delimiter.parenthesis.smtlib', '8a96a8', '566072'],
];

export const EDITOR_COLOURS: Record<Theme, Record<string, string>> = {
  dark: {
    'editor.background': '#141a24',
    'editor.lineHighlightBackground': '#1c2533',
    'editorGutter.background': '#141a24',
    'editor.selectionBackground': '#2c4a6e',
    'editorLineNumber.foreground': '#8a93a3',
    'editorLineNumber.activeForeground': '#c6cedb',
    // The number of the empty line after a final newline: fainter, still readable.
    'editorLineNumber.dimmedForeground': '#7f8898',
  },
  light: {
    'editor.background': '#ffffff',
    'editor.lineHighlightBackground': '#f1f4f9',
    'editorGutter.background': '#ffffff',
    'editor.selectionBackground': '#c9dcf5',
    'editorLineNumber.foreground': '#5f6b7c',
    'editorLineNumber.activeForeground': '#1c2330',
    'editorLineNumber.dimmedForeground': '#6b7586',
  },
};
