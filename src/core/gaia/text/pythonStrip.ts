/**
 * Python's `str.strip()`: Gaia strips claim and note texts with it. Its whitespace set
 * differs from JavaScript's `trim()` (Python adds U+001C–U+001F and U+0085; JavaScript
 * adds U+FEFF).
 */
const PY_SPACE = /[\t\n\u000b\u000c\r\u001c-\u001f \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;

export function pythonStrip(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && PY_SPACE.test(s[start]!)) start++;
  while (end > start && PY_SPACE.test(s[end - 1]!)) end--;
  return s.slice(start, end);
}
