/**
 * Cuts a text into slices of about `size` characters, each ending just after a line
 * break (a line longer than `size` is cut inside, so no slice grows past `size` but the
 * last). Joined, the slices are the text. A large paste enters the editor slice by
 * slice, one task each, so the page keeps painting while it fills.
 */
export function sliceEnd(text: string, from: number, size: number): number {
  const limit = from + Math.max(1, Math.floor(size));
  if (limit >= text.length) return text.length;
  const cut = text.lastIndexOf('\n', limit - 1);
  // Never cut between \r and \n: the editor would read the halves as two line breaks.
  if (cut >= from) return cut + 1;
  return text.charCodeAt(limit - 1) === 13 && text.charCodeAt(limit) === 10 ? limit + 1 : limit;
}

/** Every slice of `text`, in order (see sliceEnd). */
export function lineSlices(text: string, size: number): string[] {
  const out: string[] = [];
  for (let from = 0; from < text.length; ) {
    const end = sliceEnd(text, from, size);
    out.push(text.slice(from, end));
    from = end;
  }
  return out;
}
