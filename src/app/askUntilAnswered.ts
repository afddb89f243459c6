/**
 * Asks a worker a question about the session's log until it answers: the worker's copy
 * of the log can lag the page's (a room's log being read in), and it says so by
 * answering null. Asked again a few times, a quarter of a second apart. Returns the
 * function that stops asking (an effect's cleanup).
 */
const ASK_AGAIN = 8;
const ASK_AGAIN_MS = 250;

export function askUntilAnswered<T>(ask: () => Promise<T | null>, take: (answer: T) => void): () => void {
  let live = true;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const once = (left: number) => {
    void ask()
      .then((answer) => {
        if (!live) return;
        if (answer) take(answer);
        else if (left > 0) timer = setTimeout(() => once(left - 1), ASK_AGAIN_MS);
      })
      .catch(() => undefined);
  };
  once(ASK_AGAIN);
  return () => {
    live = false;
    if (timer !== null) clearTimeout(timer);
  };
}
