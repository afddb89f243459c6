/**
 * The theme in force: the preference (persisted in localStorage) and the system's
 * `prefers-color-scheme`, resolved by themePreference.ts. The document root carries it as
 * `data-theme` (styles.css switches its variables on it) and as `color-scheme` (native
 * controls and scrollbars follow); Monaco follows through monaco/warrantTheme.ts.
 */
import { create } from 'zustand';
import type { Theme, ThemePreference } from './themePreference.ts';
import { THEME_STORAGE_KEY, nextPreference, parsePreference, resolveTheme } from './themePreference.ts';

interface ThemeState {
  readonly preference: ThemePreference;
  readonly theme: Theme;
}

const systemQuery = (): MediaQueryList => window.matchMedia('(prefers-color-scheme: light)');

function readStored(): ThemePreference {
  try {
    return parsePreference(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return 'system';
  }
}

function stateFor(preference: ThemePreference): ThemeState {
  return { preference, theme: resolveTheme(preference, systemQuery().matches) };
}

export const useThemeStore = create<ThemeState>(() => stateFor(readStored()));

function applyToRoot({ theme }: ThemeState): void {
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
}

let started = false;

/** Marks the root with the theme now and on every change (the toggle's, or the system's while followed). */
export function startTheme(): void {
  if (started) return;
  started = true;
  applyToRoot(useThemeStore.getState());
  useThemeStore.subscribe(applyToRoot);
  systemQuery().addEventListener('change', () => useThemeStore.setState(stateFor(useThemeStore.getState().preference)));
}

/** The toggle: system → light → dark → system, remembered across reloads. */
export function cycleThemePreference(): void {
  const preference = nextPreference(useThemeStore.getState().preference);
  try {
    if (preference === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Storage refused (private mode): the choice holds for this page only.
  }
  useThemeStore.setState(stateFor(preference));
}
