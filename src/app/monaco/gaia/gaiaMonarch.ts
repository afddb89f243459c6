/**
 * Python-flavoured colouring for Gaia package modules: Python keywords and literals,
 * with the Gaia verbs and their keyword arguments picked out.
 */
import type { Monaco } from '../monacoSetup.ts';
import { GAIA_VERBS } from '../../../core/editing/gaiaVocabulary.ts';

type Languages = Monaco['languages'];

const KEYWORD_ARGUMENTS = [...new Set(GAIA_VERBS.flatMap((v) => v.keywords))];

export const gaiaMonarch = {
  defaultToken: '',
  tokenPostfix: '.gaia',
  verbs: GAIA_VERBS.filter((v) => !v.deprecated).map((v) => v.name),
  deprecatedVerbs: GAIA_VERBS.filter((v) => v.deprecated).map((v) => v.name),
  keywordArguments: KEYWORD_ARGUMENTS,
  keywords: [
    'from',
    'import',
    'as',
    'def',
    'class',
    'return',
    'if',
    'elif',
    'else',
    'for',
    'while',
    'in',
    'is',
    'not',
    'and',
    'or',
    'with',
    'try',
    'except',
    'finally',
    'lambda',
    'pass',
    'del',
    'global',
    'yield',
    'async',
    'await',
    'raise',
    'assert',
    'break',
    'continue',
  ],
  constants: ['True', 'False', 'None'],
  tokenizer: {
    root: [
      [/#.*$/, 'comment'],
      [/[a-zA-Z_]\w*(?=\s*=(?!=))/, { cases: { '@keywordArguments': 'attribute.name', '@default': 'identifier' } }],
      [/[a-zA-Z_]\w*/, { cases: { '@verbs': 'keyword.verb', '@deprecatedVerbs': 'keyword.deprecated', '@keywords': 'keyword', '@constants': 'constant', '@default': 'identifier' } }],
      [/[rRuUbBfF]{0,2}"""/, 'string', '@tripleDouble'],
      [/[rRuUbBfF]{0,2}'''/, 'string', '@tripleSingle'],
      [/[rRuUbBfF]{0,2}"([^"\\]|\\.)*"/, 'string'],
      [/[rRuUbBfF]{0,2}'([^'\\]|\\.)*'/, 'string'],
      [/[rRuUbBfF]{0,2}["']([^"'\\]|\\.)*$/, 'string.invalid'],
      [/\d[\d_]*(\.[\d_]*)?([eE][+-]?\d+)?|\.\d+([eE][+-]?\d+)?/, 'number'],
      [/[~&|]/, 'operator.logic'],
      [/[()[\]{},.:=+\-*/%<>!^@]/, 'delimiter'],
      [/\s+/, 'white'],
    ],
    tripleDouble: [
      [/"""/, 'string', '@pop'],
      [/[^"]+/, 'string'],
      [/"/, 'string'],
    ],
    tripleSingle: [
      [/'''/, 'string', '@pop'],
      [/[^']+/, 'string'],
      [/'/, 'string'],
    ],
  },
} as Parameters<Languages['setMonarchTokensProvider']>[1];

export const gaiaLanguageConfiguration: Parameters<Languages['setLanguageConfiguration']>[1] = {
  comments: { lineComment: '#' },
  brackets: [
    ['(', ')'],
    ['[', ']'],
    ['{', '}'],
  ],
  autoClosingPairs: [
    { open: '(', close: ')' },
    { open: '[', close: ']' },
    { open: '{', close: '}' },
    { open: '"', close: '"', notIn: ['string'] },
    { open: "'", close: "'", notIn: ['string', 'comment'] },
  ],
  surroundingPairs: [
    { open: '"', close: '"' },
    { open: "'", close: "'" },
    { open: '(', close: ')' },
    { open: '[', close: ']' },
  ],
  indentationRules: { increaseIndentPattern: /^.*[([{:]\s*$/, decreaseIndentPattern: /^\s*[)\]}]/ },
  wordPattern: /[A-Za-z_][A-Za-z0-9_]*|-?\d*\.\d+|-?\d+/,
};
