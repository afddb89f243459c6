/**
 * Closes a pop-up (a menu, the share panel) on Escape or a press outside it. `onClose`
 * learns whether Escape did it, so the focus can go back to the button that opened it.
 */
import { useEffect } from 'react';
import type { RefObject } from 'react';

export function useDismiss(open: boolean, box: RefObject<HTMLElement | null>, onClose: (byEscape: boolean) => void): void {
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if ('key' in e ? e.key === 'Escape' : !box.current?.contains(e.target as Node)) onClose('key' in e);
    };
    window.addEventListener('mousedown', close);
    window.addEventListener('keydown', close);
    return () => {
      window.removeEventListener('mousedown', close);
      window.removeEventListener('keydown', close);
    };
    // Listeners are set up once per opening; onClose is the one of that render.
  }, [open]);
}
