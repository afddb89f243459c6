/**
 * Syntax colouring for SMT-LIB 2 (Monarch), for the read-only pane that shows what a
 * proposal emits. Commands, logical operators, sorts, declared symbols, `:named`
 * attributes and comments each get their own colour.
 */
import type { Monaco } from '../monacoSetup.ts';

type Languages = Monaco['languages'];

export const SMTLIB_LANGUAGE_ID = 'smtlib';

export const smtlibMonarch: Parameters<Languages['setMonarchTokensProvider']>[1] = {
  defaultToken: '',
  tokenPostfix: '.smtlib',
  commands: [
    'assert',
    'check-sat',
    'check-sat-assuming',
    'declare-const',
    'declare-fun',
    'declare-sort',
    'define-fun',
    'define-sort',
    'echo',
    'exit',
    'get-assertions',
    'get-info',
    'get-model',
    'get-option',
    'get-unsat-core',
    'get-value',
    'pop',
    'push',
    'reset',
    'reset-assertions',
    'set-info',
    'set-logic',
    'set-option',
  ],
  operators: ['not', 'and', 'or', '=>', '=', 'distinct', 'ite', 'xor', '<', '<=', '>', '>=', '+', '-', '*', '/', 'div', 'mod', 'abs', 'to_real', 'to_int'],
  binders: ['forall', 'exists', 'let', '!'],
  sorts: ['Bool', 'Int', 'Real'],
  constants: ['true', 'false'],
  brackets: [{ open: '(', close: ')', token: 'delimiter.parenthesis' }],
  tokenizer: {
    root: [
      [/;.*$/, 'comment'],
      [/\s+/, 'white'],
      [/[()]/, '@brackets'],
      [/:[A-Za-z0-9_.\-+*/<>=!?@$%^&~]+/, 'attribute.name'],
      [/"([^"]|"")*"/, 'string'],
      [/\|[^|]*\|/, 'identifier.quoted'],
      [/#x[0-9a-fA-F]+|#b[01]+/, 'number'],
      [/\d+(\.\d+)?/, 'number'],
      [
        /[A-Za-z_~!@$%^&*+=<>.?/-][A-Za-z0-9_~!@$%^&*+=<>.?/-]*/,
        {
          cases: {
            '@commands': 'keyword.command',
            '@binders': 'keyword.binder',
            '@operators': 'operator',
            '@sorts': 'type',
            '@constants': 'constant',
            '@default': 'identifier',
          },
        },
      ],
    ],
  },
} as Parameters<Languages['setMonarchTokensProvider']>[1];

export const smtlibLanguageConfiguration: Parameters<Languages['setLanguageConfiguration']>[1] = {
  comments: { lineComment: ';' },
  brackets: [['(', ')']],
  wordPattern: /[A-Za-z0-9_~!@$%^&*+=<>.?/-]+/,
};

/** Registers the SMT-LIB language (colouring and brackets only: the pane is read-only). */
export function registerSmtlib(monaco: Monaco): void {
  const L = monaco.languages;
  L.register({ id: SMTLIB_LANGUAGE_ID, extensions: ['.smt2', '.smt'], aliases: ['SMT-LIB', 'smtlib'] });
  L.setMonarchTokensProvider(SMTLIB_LANGUAGE_ID, smtlibMonarch);
  L.setLanguageConfiguration(SMTLIB_LANGUAGE_ID, smtlibLanguageConfiguration);
}
