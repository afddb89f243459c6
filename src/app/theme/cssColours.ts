/**
 * Colours for what CSS cannot paint (the overview's canvas): read from the page's CSS
 * variables, so each theme's palette is written once, in styles.css. Read again when the
 * theme changes.
 */
import { useThemeStore } from './themeStore.ts';

let cache: { theme: string; values: Map<string, string> } | null = null;

/** The value of CSS variable `name` (e.g. `--edge`) under the current theme. */
export function cssColour(name: string): string {
  const theme = useThemeStore.getState().theme;
  if (cache?.theme !== theme) cache = { theme, values: new Map() };
  let value = cache.values.get(name);
  if (value === undefined) {
    value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
    cache.values.set(name, value);
  }
  return value;
}
