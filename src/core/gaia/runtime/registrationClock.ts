/**
 * The time a prior record is registered at. Gaia stamps each record with
 * `datetime.now(UTC).isoformat()`; the IR leaves the stamp out, but a lifted operand's
 * text (Python's repr of its claims) writes it, so in Gaia a package that lifts a formula
 * over a claim with a prior gives a different ir.json at every compile. Warrant's builds
 * are reproducible (the page's analysis equals the command line's, and the same files
 * give the same IR): unless the plan gives a clock, every record is stamped with the
 * Unix epoch. A test gives the stamps a Gaia run wrote and compares the texts byte for byte.
 */

/** The stamp of the next record registered, as Python writes it. */
export type RegistrationClock = () => string;

/** Python's `isoformat()` of an aware UTC datetime `micros` microseconds after the epoch: no fraction when it is whole seconds. */
export function pythonUtcIsoformat(micros: number): string {
  const whole = Math.floor(micros / 1e6);
  const fraction = Math.round(micros - whole * 1e6);
  const seconds = new Date(whole * 1000).toISOString().slice(0, 19);
  return `${seconds}${fraction === 0 ? '' : `.${String(fraction).padStart(6, '0')}`}+00:00`;
}

/** Every record at the Unix epoch: the stamp when none is given. */
export const epochClock: RegistrationClock = () => pythonUtcIsoformat(0);

/** A clock that gives `stamps` in turn, then the epoch. */
export function stampsClock(stamps: readonly string[]): RegistrationClock {
  let next = 0;
  return () => stamps[next++] ?? epochClock();
}
