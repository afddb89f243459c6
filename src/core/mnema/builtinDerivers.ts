/** The built-in derivers, one table (docs/derivers.md documents each). */
import type { Deriver } from './deriver.ts';
import { places } from './derivers/places.ts';
import { preferences } from './derivers/preferences.ts';
import { relationships } from './derivers/relationships.ts';
import { routines } from './derivers/routines.ts';

export const BUILTIN_DERIVERS: readonly Deriver[] = [routines, places, relationships, preferences];

/** Claim-type prefixes the built-ins own: a user's deriver must use a reverse-DNS prefix instead (§2.1). */
export const BUILTIN_TYPE_PREFIXES = ['routine.', 'place.', 'relationship.', 'preference.'] as const;
