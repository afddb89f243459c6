/**
 * Every keyboard shortcut the page has, by where it works: the help panel lists this
 * table, so what it says is what is bound. Keys are written as the user presses them.
 */
export interface Shortcut {
  readonly keys: readonly string[];
  readonly does: string;
}

export interface ShortcutGroup {
  readonly area: string;
  readonly shortcuts: readonly Shortcut[];
}

export const SHORTCUTS: readonly ShortcutGroup[] = [
  {
    area: 'Anywhere',
    shortcuts: [
      { keys: ['F1'], does: 'open this help' },
      { keys: ['?'], does: 'open this help (outside the editor and text fields)' },
      { keys: ['F6', 'Shift+F6'], does: 'the next or previous region: top bar, sessions, editor, problems, graph, inspector' },
      { keys: ['Esc'], does: 'close a menu or this help; cancel a cascade preview' },
      { keys: ['↓', '↑'], does: 'on a menu button: open it on its first or last item' },
      { keys: ['Ctrl+M'], does: 'make Tab move focus out of the editor instead of indenting' },
    ],
  },
  {
    area: 'Editor',
    shortcuts: [
      { keys: ['Ctrl+Space'], does: 'complete: belief ids after < or ,, sources after @, Gaia verbs and claims' },
      { keys: ['Ctrl+.'], does: 'quick fix the problem under the cursor' },
      { keys: ['F2'], does: 'rename a belief id (or a Gaia name) everywhere' },
      { keys: ['F12'], does: 'go to the definition of the id under the cursor' },
      { keys: ['Shift+F12'], does: 'find every use of it' },
      { keys: ['Shift+Alt+F'], does: 'format the document (canonical spacing)' },
      { keys: ['Ctrl+Shift+O'], does: 'go to a belief by name' },
      { keys: ['Ctrl+Shift+P'], does: "the editor's command palette" },
      { keys: ['Ctrl+F', 'Ctrl+H'], does: 'find, replace' },
      { keys: ['Ctrl+Z', 'Ctrl+Shift+Z'], does: 'undo, redo' },
    ],
  },
  {
    area: 'Graph (a node focused with Tab)',
    shortcuts: [
      { keys: ['Tab', 'Shift+Tab'], does: 'the next or previous node, in document order' },
      { keys: ['←', '→', '↑', '↓'], does: 'the previous or next node' },
      { keys: ['Home', 'End'], does: 'the first or last node' },
      { keys: ['Enter', 'Space'], does: 'select the node (the inspector shows it)' },
      { keys: ['C'], does: 'collapse or expand what follows from the node' },
      { keys: ['F'], does: 'focus mode on the node: its neighbourhood only' },
      { keys: ['Esc'], does: 'clear the selection' },
    ],
  },
  {
    area: 'Inspector (a belief selected)',
    shortcuts: [
      { keys: ['Tab'], does: 'Refute…, Correct…, Retract…, the confidence slider' },
      { keys: ['←', '→'], does: 'on the slider: move the confidence by 0.01, previewing the cascade' },
      { keys: ['Enter'], does: 'on Commit or Cancel (under the graph): apply or drop the previewed operation' },
    ],
  },
];
