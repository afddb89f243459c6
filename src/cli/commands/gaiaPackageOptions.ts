/**
 * The options every command that reads a Gaia package accepts (docs/contract.md §1.2). They
 * are accepted now so scripts written against the contract parse; they take effect
 * once Gaia documents are supported.
 */
export const GAIA_PACKAGE_OPTIONS: Readonly<Record<string, null>> = {
  namespace: null,
  package: null,
  version: null,
};
