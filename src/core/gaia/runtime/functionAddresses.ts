/**
 * Where a function lives, as its Python repr shows it: `<function f at 0x7f576cc51580>`.
 * A compute behind a lifted claim writes its function so in Gaia's helper text, and no two
 * Python runs give one function the same address. Warrant's builds are reproducible: it
 * numbers the functions in the order their repr is first asked for, unless the plan
 * says otherwise (a test gives the addresses of Gaia's run, by qualname).
 */

/** The address of function `qualname`, the `ordinal`-th given one in this run (from 0). */
export type FunctionAddresses = (qualname: string, ordinal: number) => string;

/** 0x7f0000001000, then a function's size (0x160, as CPython's are) apart. */
export const countedAddresses: FunctionAddresses = (_qualname, ordinal) => `0x7f${(0x1000 + ordinal * 0x160).toString(16).padStart(10, '0')}`;

/** The addresses `byQualname` gives; others counted. */
export function addressesByName(byQualname: ReadonlyMap<string, string>): FunctionAddresses {
  return (qualname, ordinal) => byQualname.get(qualname) ?? countedAddresses(qualname, ordinal);
}
