/**
 * How the page is shown, as the user set it: word wrap in the editor (kept in
 * localStorage, so it outlives the session), and whether the help panel is open.
 */
import { create } from 'zustand';

const WORD_WRAP_KEY = 'warrant.wordWrap';

interface ViewSettings {
  readonly wordWrap: boolean;
  readonly helpOpen: boolean;
}

function storedWordWrap(): boolean {
  try {
    return localStorage.getItem(WORD_WRAP_KEY) === 'on';
  } catch {
    return false;
  }
}

export const useViewSettings = create<ViewSettings>(() => ({ wordWrap: storedWordWrap(), helpOpen: false }));

export function setWordWrap(on: boolean): void {
  useViewSettings.setState({ wordWrap: on });
  try {
    localStorage.setItem(WORD_WRAP_KEY, on ? 'on' : 'off');
  } catch {
    // Storage refused (private mode): the setting lasts for this page.
  }
}

export function setHelpOpen(open: boolean): void {
  useViewSettings.setState({ helpOpen: open });
}
