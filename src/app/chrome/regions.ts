/**
 * F6 and Shift+F6 move the keyboard focus from one region of the page to the next, as
 * F6 moves between the parts of an IDE: the top bar, the session tabs, the editor, the
 * panels under it, the graph (or the proposal view), the inspector. Without it a graph's
 * nodes, each a Tab stop, would stand between the editor and the inspector.
 *
 * A region is an element marked `data-region` (with an aria-label, so it is a landmark
 * too). Entering one focuses what its `data-region-entry` selector names when present
 * (the graph: the selected node), else its first Tab stop, else the region itself.
 */
const TAB_STOP = 'button:not(:disabled), input:not(:disabled):not([type=hidden]), select:not(:disabled), textarea, a[href], [tabindex]:not([tabindex="-1"])';

function shown(el: HTMLElement): boolean {
  return el.getClientRects().length > 0;
}

function firstTabStop(region: HTMLElement): HTMLElement | null {
  for (const el of region.querySelectorAll<HTMLElement>(TAB_STOP)) if (shown(el) && !el.closest('[hidden], [inert]')) return el;
  return null;
}

/** Focuses the region's entry point. */
export function enterRegion(region: HTMLElement): void {
  const entry = region.dataset.regionEntry;
  const preferred = entry ? region.querySelector<HTMLElement>(entry) : null;
  const target = preferred ?? firstTabStop(region);
  if (target) {
    target.focus();
    return;
  }
  // Nothing to stop on inside (an inspector with nothing selected): the region itself.
  region.tabIndex = -1;
  region.focus();
}

function onKeyDown(e: KeyboardEvent): void {
  if (e.key !== 'F6' || e.ctrlKey || e.altKey || e.metaKey) return;
  const regions = [...document.querySelectorAll<HTMLElement>('[data-region]')].filter(shown);
  if (regions.length === 0) return;
  e.preventDefault();
  e.stopPropagation();
  const active = document.activeElement;
  // The innermost region holding the focus (the cascade dock lies inside the graph).
  let at = -1;
  regions.forEach((r, i) => {
    if (r.contains(active)) at = i;
  });
  const step = e.shiftKey ? -1 : 1;
  const next = at < 0 ? (e.shiftKey ? regions.length - 1 : 0) : (at + step + regions.length) % regions.length;
  enterRegion(regions[next]!);
}

/** Installs the F6 keys on the window (capturing, so Monaco does not take them first). */
export function installRegionKeys(): () => void {
  window.addEventListener('keydown', onKeyDown, true);
  return () => window.removeEventListener('keydown', onKeyDown, true);
}
