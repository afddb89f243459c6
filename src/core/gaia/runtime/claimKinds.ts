/**
 * Gaia's ClaimKind enum as a package reads it back: `c.kind` is the member the claim was
 * made with (GENERAL unless `kind=` said otherwise, PARAMETER from `parameter(...)`), and a
 * member has its `.name` and `.value` and prints as Python's Enum does.
 */
import type { Knowledge } from './gaiaObjects.ts';
import type { GValue } from './gaiaValues.ts';

type ClaimKindName = Knowledge['claimKind'];

const VALUES: Readonly<Record<ClaimKindName, string>> = { GENERAL: 'general', PARAMETER: 'parameter', QUANTIFIED: 'quantified' };

/** The member name of a `ClaimKind.X` value (the callers have checked it is one). */
export function claimKindOf(v: GValue): ClaimKindName {
  const name = v.t === 'gaia' ? v.name.slice('ClaimKind.'.length) : '';
  return name in VALUES ? (name as ClaimKindName) : 'GENERAL';
}

export function isClaimKind(v: GValue): v is Extract<GValue, { t: 'gaia' }> {
  return v.t === 'gaia' && v.name.startsWith('ClaimKind.') && v.name.slice('ClaimKind.'.length) in VALUES;
}

export function claimKindValue(kind: ClaimKindName): GValue {
  return { t: 'gaia', name: `ClaimKind.${kind}` };
}

/** `.name` and `.value` of a member; null for other attributes. */
export function claimKindAttribute(v: GValue, attr: string): GValue | null {
  if (!isClaimKind(v)) return null;
  const kind = claimKindOf(v);
  if (attr === 'name') return { t: 'str', v: kind };
  if (attr === 'value') return { t: 'str', v: VALUES[kind] };
  return null;
}

/** str() is `ClaimKind.PARAMETER`, repr() `<ClaimKind.PARAMETER: 'parameter'>`; undefined for other values. */
export function claimKindText(v: GValue, repr: boolean): string | undefined {
  if (!isClaimKind(v)) return undefined;
  const kind = claimKindOf(v);
  return repr ? `<ClaimKind.${kind}: '${VALUES[kind]}'>` : `ClaimKind.${kind}`;
}
