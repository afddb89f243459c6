/**
 * CLAIR numbers as written (`-?(\d+(\.\d+)?|\.\d+)`) and the values the checks use.
 * A double cannot hold every such number: 400 digits overflow to Infinity, and
 * `1.000…0001` or `-0.000…1` round onto the edge of [0,1]. So whether a confidence is
 * in [0,1] is read off the digits exactly, and the value kept is always finite (the
 * nearest double, saturating at ±Number.MAX_VALUE), so no Infinity or NaN can reach a
 * derived value, a graph node or a message.
 */

/** The nearest finite double to a written number; never -0. */
export function finiteValueOf(text: string): number {
  const v = Number(text);
  if (v === Infinity) return Number.MAX_VALUE;
  if (v === -Infinity) return -Number.MAX_VALUE;
  // NaN cannot come from a well-formed number; 0 keeps every output a plain number.
  if (Number.isNaN(v) || v === 0) return 0;
  return v;
}

function allZeros(digits: string): boolean {
  for (let i = 0; i < digits.length; i++) if (digits.charCodeAt(i) !== 48) return false;
  return true;
}

/** Whether the number written (assumed to match the CLAIR number rule) lies in [0,1], exactly. */
export function writtenInUnitInterval(text: string): boolean {
  const negative = text.startsWith('-');
  const body = negative ? text.slice(1) : text;
  const dot = body.indexOf('.');
  const whole = dot < 0 ? body : body.slice(0, dot);
  const fraction = dot < 0 ? '' : body.slice(dot + 1);
  const zero = allZeros(whole) && allZeros(fraction);
  if (negative) return zero;
  if (allZeros(whole)) return true;
  // 1, 01, 1.000: the whole part is one after leading zeros and nothing follows it.
  return whole.replace(/^0+/, '') === '1' && allZeros(fraction);
}

/** A level's number, finite (levels past Number.MAX_VALUE saturate; past 2^53 digits are lost). */
export function finiteLevelOf(digits: string): number {
  return finiteValueOf(digits);
}

/** A level for messages: `L7` for `L007`, the digits as written when a double cannot show them. */
export function levelName(level: { readonly value: number; readonly text: string } | null): string {
  if (!level) return 'L0';
  if (Number.isSafeInteger(level.value)) return `L${level.value}`;
  return 'L' + level.text.slice(1).replace(/^0+(?=\d)/, '');
}
