/**
 * The inspector's frame, one for every language's inspector: its page hooks
 * (docs/contract.md §4 `inspector`, `data-selected`, `data-version`) and its landmark
 * (a named region, reached with F6: chrome/regions.ts).
 */
import type { ReactNode } from 'react';

export function InspectorFrame({ selected, version, children }: { selected: string; version: number; children: ReactNode }) {
  return (
    <section className="inspector" data-testid="inspector" data-selected={selected} data-version={version} data-region="" aria-label="inspector">
      {children}
    </section>
  );
}
