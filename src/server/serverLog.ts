/**
 * What the team server tells its operator on stderr: one short line per event, never a
 * stack, with names a client chose (room names, reasons) quoted and cut short, so a
 * hostile client can neither flood the log nor write lines of its own into it. The same
 * event repeated (a client sending a thousand malformed messages) is one line, then a
 * count of how many more there were, at most once every few seconds.
 */

export interface ServerLog {
  /** One event; `key` groups repeats of the same kind (default: the text). */
  event(text: string, key?: string): void;
}

/** Repeats of one kind within this window are counted, not written. */
const QUIET_MS = 5_000;
/** Past this many kinds in one window, new kinds are counted too. */
const MAX_KINDS = 200;

export function serverLog(write: (line: string) => void, name: string | null = null, now: () => number = Date.now): ServerLog {
  const prefix = `warrant serve${name ? ` (${name})` : ''}: `;
  const seen = new Map<string, { since: number; suppressed: number }>();
  let windowStart = now();
  let overflow = 0;
  const flush = (t: number) => {
    for (const [key, s] of seen) {
      if (t - s.since < QUIET_MS) continue;
      if (s.suppressed > 0) write(`${prefix}…and ${s.suppressed} more like: ${key}\n`);
      seen.delete(key);
    }
    if (t - windowStart >= QUIET_MS) {
      if (overflow > 0) write(`${prefix}…and ${overflow} other events\n`);
      overflow = 0;
      windowStart = t;
    }
  };
  return {
    event(text, key = text) {
      const t = now();
      flush(t);
      const s = seen.get(key);
      if (s) {
        s.suppressed++;
        return;
      }
      if (seen.size >= MAX_KINDS) {
        overflow++;
        return;
      }
      seen.set(key, { since: t, suppressed: 0 });
      write(`${prefix}${text}\n`);
    },
  };
}

/** A name a client chose, fit for one log line: quoted, control characters escaped, at most 80 characters. */
export function quoted(name: string): string {
  const cut = name.length > 80 ? `${name.slice(0, 80)}…` : name;
  return JSON.stringify(cut);
}

/** An error as a short phrase (its code and first line), never its stack. */
export function briefly(e: unknown): string {
  if (e instanceof Error) {
    const code = (e as NodeJS.ErrnoException).code;
    const first = e.message.split('\n')[0]!.slice(0, 200);
    return code && !first.includes(code) ? `${code}: ${first}` : first;
  }
  return String(e).slice(0, 200);
}
