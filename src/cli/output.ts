/**
 * Writing to the terminal, straight to file descriptors 1 and 2: `process.stdout` is a
 * stream whose first use loads Node's stream, tty and net modules (2–4 ms of a command
 * that runs for 50), and on Linux it writes synchronously anyway. Every write is whole
 * when the promise resolves, so the process can end without cutting output short; a
 * closed pipe (`warrant … | head`) is not an error worth a message, and nothing more is
 * written to it.
 */
import { writeSync } from 'node:fs';

const closed = new Set<number>();

export function writeStdout(text: string): Promise<void> {
  writeAll(1, text);
  return Promise.resolve();
}

export function writeStderr(text: string): Promise<void> {
  writeAll(2, text);
  return Promise.resolve();
}

/** A pipe the parent made non-blocking may take the text in parts, or none while it is full. */
function writeAll(fd: number, text: string): void {
  if (text === '' || closed.has(fd)) return;
  let bytes = Buffer.from(text, 'utf8');
  while (bytes.length > 0) {
    try {
      bytes = bytes.subarray(writeSync(fd, bytes));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') waitBriefly();
      else if (code === 'EPIPE') {
        closed.add(fd);
        return;
      } else throw e;
    }
  }
}

/** A millisecond for the reader to drain the pipe, without spinning the CPU. */
function waitBriefly(): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
}
