/**
 * Python's `repr(float)`, which `json.dumps` uses for floats. The digits are the
 * shortest that round-trip (JavaScript finds the same ones); only the layout differs:
 * Python writes plain decimals for exponents -4..15 and `1e-05` / `1.5e+16` outside,
 * and always shows a fractional part (`1.0`).
 */
export function pythonFloatRepr(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  if (x === Infinity) return 'Infinity';
  if (x === -Infinity) return '-Infinity';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const magnitude = Math.abs(x);
  // Where both write plain decimals, JavaScript's shortest digits are Python's too.
  if (magnitude >= 1e-4 && magnitude < 1e16) {
    const text = String(x);
    return text.includes('.') ? text : text + '.0';
  }
  return floatReprFromDigits(x);
}

/** repr(float) built from the shortest digits and the exponent: right for every finite non-zero x. */
export function floatReprFromDigits(x: number): string {
  const sign = x < 0 ? '-' : '';
  const [mantissa, exponentText] = Math.abs(x).toExponential().split('e') as [string, string];
  const digits = mantissa.replace('.', '');
  const exponent = Number(exponentText);
  if (exponent >= -4 && exponent < 16) {
    if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
    const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
    const fraction = digits.slice(exponent + 1);
    return `${sign}${whole}.${fraction === '' ? '0' : fraction}`;
  }
  const lead = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  const exp = `${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  return `${sign}${lead}e${exp}`;
}

/**
 * A number in a message, spelled as Python prints it when a double cannot hold it:
 * `1e999` is `inf` (no JavaScript `Infinity` or `NaN` reaches a diagnostic).
 */
export function pythonNumberText(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  return String(x);
}

/** Python's `str(int)`: every digit, never an exponent. */
export function pythonIntRepr(x: number): string {
  return Number.isSafeInteger(x) ? String(x) : BigInt(x).toString();
}
