/**
 * The editor themes, dark and light, matched to the page's palettes (styles.css) and the
 * graph's band colours. Every token colour, line number included, keeps 4.5:1 against
 * the editor's ground and its current-line highlight. Monaco's theme is global: the page's
 * theme (src/app/theme/themeStore.ts) switches every editor at once.
 */
import type { Monaco } from './monacoSetup.ts';
import type { Theme } from '../theme/themePreference.ts';
import { useThemeStore } from '../theme/themeStore.ts';
import { EDITOR_COLOURS, TOKENS } from './themeColours.ts';

const MONACO_THEME: Record<Theme, string> = { dark: 'warrant-dark', light: 'warrant-light' };

function define(monaco: Monaco, theme: Theme): void {
  monaco.editor.defineTheme(MONACO_THEME[theme], {
    base: theme === 'dark' ? 'vs-dark' : 'vs',
    inherit: true,
    rules: TOKENS.map(([token, dark, light, fontStyle]) => ({ token, foreground: theme === 'dark' ? dark : light, ...(fontStyle ? { fontStyle } : {}) })),
    colors: EDITOR_COLOURS[theme],
  });
}

let following = false;

/**
 * Defines both themes and returns the one to create an editor with; from the first call
 * on, a change of the page's theme switches Monaco's.
 */
export function warrantTheme(monaco: Monaco): string {
  if (!following) {
    following = true;
    define(monaco, 'dark');
    define(monaco, 'light');
    useThemeStore.subscribe((s, prev) => {
      if (s.theme !== prev.theme) monaco.editor.setTheme(MONACO_THEME[s.theme]);
    });
  }
  return MONACO_THEME[useThemeStore.getState().theme];
}
