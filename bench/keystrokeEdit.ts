/**
 * Simulated typing: the n-th keystroke inserts one letter into the content of the
 * belief in the middle of the document, so every edit gives new text of the same shape.
 */
export function keystrokeEdit(text: string): (n: number) => string {
  const middle = text.indexOf('\n', text.length >> 1);
  const quote = text.indexOf('"', middle + 1);
  const at = quote < 0 ? text.length : quote + 1;
  return (n) => text.slice(0, at) + String.fromCharCode(97 + (n % 26)) + text.slice(at);
}
