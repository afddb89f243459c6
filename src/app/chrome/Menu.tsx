/**
 * A small drop-down menu: a button that opens a list, closed by a pick, Escape or a click
 * outside. From the keyboard: Enter, Space or ArrowDown on the button opens it with the
 * first item focused; the arrows, Home and End move between items; Escape closes it and
 * gives the button the focus back.
 */
import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useDismiss } from './useDismiss.ts';

export function Menu({ label, testId, align = 'start', children }: { label: string; testId: string; align?: 'start' | 'end'; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // Which item to focus once the list is drawn: set when the keyboard opened it.
  const focusOnOpen = useRef<'first' | 'last' | null>(null);

  useDismiss(open, box, (byEscape) => {
    setOpen(false);
    if (byEscape && box.current?.contains(document.activeElement)) button.current?.focus();
  });

  const items = () => [...(list.current?.querySelectorAll<HTMLElement>('[role=menuitem]:not(:disabled)') ?? [])];
  useEffect(() => {
    if (!open || !focusOnOpen.current) return;
    const all = items();
    (focusOnOpen.current === 'first' ? all[0] : all.at(-1))?.focus();
    focusOnOpen.current = null;
  }, [open]);

  const onButtonKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp' && e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    focusOnOpen.current = e.key === 'ArrowUp' ? 'last' : 'first';
    if (open) {
      const all = items();
      (e.key === 'ArrowUp' ? all.at(-1) : all[0])?.focus();
      focusOnOpen.current = null;
    } else setOpen(true);
  };

  const onListKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const all = items();
    const i = all.indexOf(document.activeElement as HTMLElement);
    const j = e.key === 'ArrowDown' ? (i + 1) % all.length : e.key === 'ArrowUp' ? (i - 1 + all.length) % all.length : e.key === 'Home' ? 0 : e.key === 'End' ? all.length - 1 : null;
    if (j === null) {
      // Tab moves on past the menu, which closes behind it.
      if (e.key === 'Tab') setOpen(false);
      return;
    }
    e.preventDefault();
    all[j]?.focus();
  };

  return (
    <div className="menu" ref={box}>
      <button ref={button} data-testid={testId} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)} onKeyDown={onButtonKey}>
        {label} <span aria-hidden>▾</span>
      </button>
      {open && (
        <div
          ref={list}
          className={`menu-list${align === 'end' ? ' align-end' : ''}`}
          role="menu"
          aria-label={label}
          onClick={() => {
            // A pick closes the menu; the focus goes back to its button, not to the page.
            setOpen(false);
            if (box.current?.contains(document.activeElement)) button.current?.focus();
          }}
          onKeyDown={onListKey}
        >
          {children}
        </div>
      )}
    </div>
  );
}
