/**
 * The text of an observation claim (`Observed k = 295.`, `Observed x = 4.2 +/- 0.8.`)
 * formats its numbers with Python's format(x, 'g'), as Gaia's observe(variable, ...)
 * does; the values below are CPython 3.11's. The claim's content is hashed into the IR.
 */
import { describe, expect, it } from 'vitest';
import { formatGeneral } from '../../../src/core/gaia/runtime/bayes/observeVariable.ts';

const PYTHON: readonly (readonly [number, string])[] = [
  [0.0, '0'],
  [1.0, '1'],
  [295.0, '295'],
  [2.2, '2.2'],
  [0.5, '0.5'],
  [1e-5, '1e-05'],
  [0.0001, '0.0001'],
  [123456.0, '123456'],
  [1234567.0, '1.23457e+06'],
  [Math.PI, '3.14159'],
  [-2.5, '-2.5'],
  [1e21, '1e+21'],
  [0.1 + 0.2, '0.3'],
  [2.725, '2.725'],
  [38.0, '38'],
  [100.0, '100'],
  [1e-300, '1e-300'],
  [99999.95, '99999.9'],
  [0.000123456789, '0.000123457'],
];

describe("Python's format(x, 'g')", () => {
  it.each(PYTHON)('%d → %s', (x, want) => expect(formatGeneral(x)).toBe(want));
});
