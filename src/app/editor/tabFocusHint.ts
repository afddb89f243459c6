/** Tab indents in the editor; Monaco's own Ctrl+M toggle makes it move focus instead. */
export const TAB_FOCUS_HINT = 'Ctrl+M: Tab moves focus';
