// Types of scripts/buildProgress.mjs, for the test that imports it.
import type { Plugin } from 'vite';

export function clock(ms: number): string;
export function buildProgress(options: { write: (text: string) => void; isTTY?: boolean; everyMs?: number; now?: () => number; columns?: number }): {
  readonly plugin: Plugin;
  done(ok?: boolean): void;
  line(): string;
};
