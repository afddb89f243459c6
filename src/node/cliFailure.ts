/**
 * A failure the command line reports on stderr with exit code 2: a usage mistake or
 * an input it cannot read. Thrown anywhere below main and caught once, there.
 */
export class CliFailure extends Error {
  constructor(
    message: string,
    /**
     * For usage mistakes: the command whose usage to show after the message, or `*`
     * for the full usage text. Null for I/O failures, which are one line only.
     */
    readonly usageOf: string | null = null,
  ) {
    super(message);
    this.name = 'CliFailure';
  }
}

/** A mistake in how a command was called: the message, then how to call it. */
export function usageFailure(message: string, command = '*'): CliFailure {
  return new CliFailure(message, command);
}
