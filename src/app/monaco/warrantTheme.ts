/** The editor theme, matched to the app's dark palette and the graph's band colours. */
import type { Monaco } from './monacoSetup.ts';

export const WARRANT_THEME = 'warrant-dark';

export function defineWarrantTheme(monaco: Monaco): void {
  monaco.editor.defineTheme(WARRANT_THEME, {
    base: 'vs-dark',
    inherit: true,
    rules: [
      { token: 'comment.clair', foreground: '6b7a90', fontStyle: 'italic' },
      { token: 'type.identifier.clair', foreground: 'f5c26b', fontStyle: 'bold' },
      { token: 'number.clair', foreground: '7fd6c2' },
      { token: 'keyword.level.clair', foreground: 'c792ea' },
      { token: 'tag.source.clair', foreground: '82aaff' },
      { token: 'delimiter.justification.clair', foreground: 'ff9e64', fontStyle: 'bold' },
      { token: 'variable.reference.clair', foreground: 'f0b88a' },
      { token: 'keyword.invalidation.clair', foreground: 'e6a0d0' },
      { token: 'string.condition.clair', foreground: 'e6a0d0' },
      { token: 'string.content.clair', foreground: 'c3e88d' },
      { token: 'string.invalid.clair', foreground: 'ff7a7a' },
      { token: 'invalid.clair', foreground: 'ff7a7a', fontStyle: 'underline' },
      { token: 'comment.gaia', foreground: '6b7a90', fontStyle: 'italic' },
      { token: 'keyword.verb.gaia', foreground: 'f5c26b', fontStyle: 'bold' },
      { token: 'keyword.deprecated.gaia', foreground: 'c9a35a', fontStyle: 'strikethrough' },
      { token: 'keyword.gaia', foreground: 'c792ea' },
      { token: 'constant.gaia', foreground: 'ff9e64' },
      { token: 'attribute.name.gaia', foreground: '82aaff' },
      { token: 'string.gaia', foreground: 'c3e88d' },
      { token: 'string.invalid.gaia', foreground: 'ff7a7a' },
      { token: 'number.gaia', foreground: '7fd6c2' },
      { token: 'operator.logic.gaia', foreground: 'ff9e64', fontStyle: 'bold' },
      { token: 'identifier.gaia', foreground: 'd7dde8' },
      { token: 'comment.smtlib', foreground: '6b7a90', fontStyle: 'italic' },
      { token: 'keyword.command.smtlib', foreground: 'c792ea', fontStyle: 'bold' },
      { token: 'keyword.binder.smtlib', foreground: 'f5c26b', fontStyle: 'bold' },
      { token: 'operator.smtlib', foreground: 'ff9e64' },
      { token: 'type.smtlib', foreground: '82aaff' },
      { token: 'constant.smtlib', foreground: 'ff9e64' },
      { token: 'attribute.name.smtlib', foreground: '7fd6c2' },
      { token: 'number.smtlib', foreground: '7fd6c2' },
      { token: 'string.smtlib', foreground: 'c3e88d' },
      { token: 'identifier.smtlib', foreground: 'd7dde8' },
      { token: 'delimiter.parenthesis.smtlib', foreground: '8a96a8' },
    ],
    colors: {
      'editor.background': '#141a24',
      'editor.lineHighlightBackground': '#1c2533',
      'editorGutter.background': '#141a24',
      'editor.selectionBackground': '#2c4a6e',
    },
  });
}
