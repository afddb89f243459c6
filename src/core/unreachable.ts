/**
 * The default of a switch that covers every case of a union: a case added to the union
 * and missing from the switch is a compile error here, not a silent fall-through.
 */
export function unreachable(x: never, what: string): never {
  throw new Error(`unhandled ${what}: ${JSON.stringify(x)}`);
}
