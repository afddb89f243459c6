/**
 * The options every command that reads a Gaia package accepts (docs/contract.md §1.2), and
 * `--deps DIR`, a folder of the Gaia packages a package folder may import from.
 */
export const GAIA_PACKAGE_OPTIONS: Readonly<Record<string, null>> = {
  namespace: null,
  package: null,
  version: null,
  deps: null,
};
