/**
 * Writing to the terminal. Resolves once the text is handed to the OS, so the process
 * can end without cutting output short; a closed pipe (`warrant … | head`) is not an
 * error worth a message.
 */

export function writeStdout(text: string): Promise<void> {
  return write(process.stdout, text);
}

export function writeStderr(text: string): Promise<void> {
  return write(process.stderr, text);
}

function write(stream: NodeJS.WriteStream, text: string): Promise<void> {
  if (text === '') return Promise.resolve();
  return new Promise((resolve) => {
    stream.write(text, () => resolve());
  });
}

/** Ignores EPIPE on stdout: the reader went away, which is its right. */
export function tolerateClosedStdout(): void {
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  });
}
