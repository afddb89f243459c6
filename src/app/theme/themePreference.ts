/**
 * The page's theme: the user's preference (follow the system, or always light or dark)
 * and the theme it comes to. Pure rules, so the toggle, the store and the tests agree.
 */
export type Theme = 'light' | 'dark';
export type ThemePreference = 'system' | Theme;

/** localStorage key of the preference; absent means `system`. */
export const THEME_STORAGE_KEY = 'warrant.theme';

/** The toggle's cycle: system → light → dark → system. */
const CYCLE: readonly ThemePreference[] = ['system', 'light', 'dark'];

export function nextPreference(preference: ThemePreference): ThemePreference {
  return CYCLE[(CYCLE.indexOf(preference) + 1) % CYCLE.length]!;
}

export function resolveTheme(preference: ThemePreference, systemPrefersLight: boolean): Theme {
  if (preference !== 'system') return preference;
  return systemPrefersLight ? 'light' : 'dark';
}

/** A stored value read back; anything unknown (or nothing) is `system`. */
export function parsePreference(stored: string | null): ThemePreference {
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}
