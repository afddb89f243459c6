/**
 * Every spelling in Pint's default registry, read as the oracle's Pint (0.19, Gaia's) reads
 * it: the canonical string, its inverse, the root units and 1.7 of the unit in them, bit
 * for bit; plus prefixed and plural forms, and 1.7 of every multiplicative unit converted
 * into the first and last unit of its dimension. The figures are
 * test/fixtures/gaia-pint/registry-cases.json, printed by scripts/pint-registry-oracle.py.
 */
import { describe, expect, it } from 'vitest';
import { PINT_REGISTRY_CASES } from '../../support/pintRegistryCases.ts';
import { KNOWN_UNITS, UnitError, canonicalUnit, convertUnits, formatUnits, inverseUnits, parseUnits } from '../../../src/core/gaia/runtime/units/pintUnits.ts';

const FIGURES = PINT_REGISTRY_CASES;
const read = FIGURES.names.filter((r) => r.error === undefined);
const refused = FIGURES.names.filter((r) => r.error !== undefined);

describe("Pint's whole default registry", () => {
  it('knows every unit and spelling of it', () => {
    expect(KNOWN_UNITS).toEqual({ names: 411, spellings: 948, prefixes: 30 });
  });

  it.each(read)('$authored reads as $canonical (inverse $inverse)', ({ authored, canonical, inverse }) => {
    expect(canonicalUnit(authored)).toBe(canonical);
    expect(formatUnits(inverseUnits(parseUnits(authored)))).toBe(inverse);
  });

  it.each(read.filter((r) => r.root !== undefined))('1.7 $authored is $magnitude $root, bit for bit', ({ authored, root, magnitude }) => {
    expect(convertUnits(1.7, parseUnits(authored), parseUnits(root!))).toBe(magnitude);
  });

  it.each(refused)('refuses $authored as Pint does ($message)', ({ authored, error, message }) => {
    expect(() => parseUnits(authored)).toThrow(UnitError);
    if (error === 'UndefinedUnitError') expect(() => parseUnits(authored)).toThrow(message!);
  });

  it.each(FIGURES.conversions)('%d %s in %s is %d, bit for bit', (value, from, to, want) => {
    expect(convertUnits(value, parseUnits(from), parseUnits(to))).toBe(want);
  });
});
