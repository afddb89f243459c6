/**
 * Calls `onActive` while the person works the page: keys, clicks, wheels and drags.
 * Background work that can wait (the layout worker's warm-up) gives way to it.
 */
export function followUserActivity(onActive: () => void): void {
  const options = { capture: true, passive: true } as const;
  for (const type of ['keydown', 'pointerdown', 'wheel'] as const) window.addEventListener(type, onActive, options);
  window.addEventListener('pointermove', (e) => e.buttons !== 0 && onActive(), options);
}
