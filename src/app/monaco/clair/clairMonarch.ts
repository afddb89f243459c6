/**
 * Syntax colouring for CLAIR (Monarch). Colouring is Monaco's own tokenizer working line
 * by line; meaning (what is defined, what is wrong) comes from the worker's analysis.
 */
import type { Monaco } from '../monacoSetup.ts';

type Languages = Monaco['languages'];

export const clairMonarch: Parameters<Languages['setMonarchTokensProvider']>[1] = {
  defaultToken: '',
  tokenPostfix: '.clair',
  sourceTypes: ['user', 'ctx', 'self', 'file', 'model'],
  // One state only: CLAIR is line-based, and a stateless tokenizer cannot carry a
  // mistake on one line into the next.
  tokenizer: {
    root: [
      [/;.*$/, 'comment'],
      [/^\s*[a-z][a-z0-9_]*(?=\s|$)/, 'type.identifier'],
      [/^\s*[^\s;"]+/, 'invalid'],
      [/\s+/, 'white'],
      [/-?(\d+(\.\d+)?|\.\d+)(?=[\s;]|$)/, 'number'],
      [/L\d+(?=[\s;]|$)/, 'keyword.level'],
      [/@(user|ctx|self|file|model)(:[^\s;]+)?(?=[\s;]|$)/, 'tag.source'],
      [/@[^\s;]*/, 'invalid'],
      [/</, 'delimiter.justification'],
      [/,/, 'delimiter'],
      [/[a-z][a-z0-9_]*(?=[\s,<?";]|$)/, 'variable.reference'],
      [/\?\[|\]/, 'keyword.invalidation'],
      [/"([^"\\]|\\.)*"(?=\s*[,\]])/, 'string.condition'],
      [/"([^"\\]|\\.)*"/, 'string.content'],
      [/"([^"\\]|\\.)*$/, 'string.invalid'],
      [/[^\s;"<,\]]+/, 'invalid'],
    ],
  },
} as Parameters<Languages['setMonarchTokensProvider']>[1];

export const clairLanguageConfiguration: Parameters<Languages['setLanguageConfiguration']>[1] = {
  comments: { lineComment: ';' },
  brackets: [['[', ']']],
  autoClosingPairs: [
    { open: '"', close: '"', notIn: ['string'] },
    { open: '[', close: ']' },
  ],
  surroundingPairs: [{ open: '"', close: '"' }],
  wordPattern: /[A-Za-z0-9_.]+/,
};
