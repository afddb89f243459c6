/**
 * What the oracle's Pint printed for its default registry
 * (test/fixtures/gaia-pint/registry-cases.json, written by scripts/pint-registry-oracle.py):
 * the unit tests of Warrant's Pint read it through this one reader.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One unit text as Pint reads it, or Pint's error for it. */
export interface PintReading {
  readonly authored: string;
  readonly canonical?: string;
  readonly inverse?: string;
  readonly root?: string;
  readonly magnitude?: number;
  readonly rootError?: string;
  readonly error?: string;
  readonly message?: string;
}

export interface PintRegistryCases {
  /** Every spelling of the registry, with prefixed and plural forms. */
  readonly names: readonly PintReading[];
  /** [magnitude, from, to, Pint's magnitude]: each multiplicative unit into the first and last unit of its dimension. */
  readonly conversions: readonly (readonly [number, string, string, number])[];
  /** One unit per family (month, gallon, gauss, hp, BTU, dB, …) and Pint's ways of writing (`m²`, `sq m`, `degC/s`). */
  readonly expressions: readonly PintReading[];
  /** [magnitude, from, to, Pint's magnitude, or null and Pint's error]. */
  readonly familyConversions: readonly (readonly [number, string, string, number | null, string?])[];
}

export const PINT_REGISTRY_CASES = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/gaia-pint/registry-cases.json'), 'utf8')) as PintRegistryCases;
