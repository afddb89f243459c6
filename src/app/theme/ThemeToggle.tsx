/** The top bar's theme button: cycles system → light → dark; says what it shows and what a press does. */
import { nextPreference } from './themePreference.ts';
import type { ThemePreference } from './themePreference.ts';
import { cycleThemePreference, useThemeStore } from './themeStore.ts';

const GLYPH: Record<ThemePreference, string> = { system: '◐', light: '☀', dark: '☾' };
const WORDS: Record<ThemePreference, string> = { system: 'follow the system', light: 'light', dark: 'dark' };

export function ThemeToggle() {
  const preference = useThemeStore((s) => s.preference);
  const theme = useThemeStore((s) => s.theme);
  const label = `Theme: ${WORDS[preference]}${preference === 'system' ? ` (${theme})` : ''}. Press for ${WORDS[nextPreference(preference)]}`;
  return (
    <button type="button" className="theme-toggle" data-testid="theme-toggle" data-preference={preference} aria-label={label} title={label} onClick={cycleThemePreference}>
      <span aria-hidden>{GLYPH[preference]}</span>
    </button>
  );
}
