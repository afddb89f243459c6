/**
 * The keyboard's way through a preview: a button that starts one from the keyboard asks
 * the dock to take the focus when the preview is shown (its Commit, or Cancel when the
 * preview is refused); Commit, Cancel or Escape give the focus back to that button.
 * A mouse click or the slider leaves the focus where it is (F6 reaches the dock then:
 * while it shows a preview it is a region of its own, chrome/regions.ts).
 */
import { enterRegion } from '../chrome/regions.ts';
let returnTo: HTMLElement | null = null;
let wanted = false;

/** From a click handler: a click with no pointer behind it (`detail` 0) came from Enter or Space. */
export function focusDockIfKeyboard(e: { detail: number; currentTarget: HTMLElement }): void {
  if (e.detail !== 0) return;
  returnTo = e.currentTarget;
  wanted = true;
}

/** The dock, once it shows a preview: whether it should take the focus now (asked once). */
export function dockShouldTakeFocus(): boolean {
  const w = wanted;
  wanted = false;
  return w;
}

/**
 * After Commit or Cancel from inside the dock: the focus back where the preview was
 * started from if that is still on the page, else on the graph (its selected node), so
 * it is not dropped on the page when the dock's buttons go.
 */
export function returnFocusFromDock(dock: HTMLElement | null): void {
  const el = returnTo;
  returnTo = null;
  if (!dock?.contains(document.activeElement)) return;
  const graph = dock.parentElement?.closest<HTMLElement>('[data-region]');
  if (el?.isConnected) el.focus();
  else if (graph) enterRegion(graph);
}
