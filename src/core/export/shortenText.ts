/**
 * Fits text into a few short lines for drawn nodes. Counts user-perceived characters
 * (grapheme clusters), so an emoji or an accented letter is never cut in half.
 */

const segmenter: { segment(s: string): Iterable<{ segment: string }> } | null = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

export function graphemes(s: string): string[] {
  if (!segmenter) return Array.from(s);
  const out: string[] = [];
  for (const g of segmenter.segment(s)) out.push(g.segment);
  return out;
}

/** The text cut to `max` characters, ending in `…` when something was dropped. */
export function truncate(s: string, max: number): string {
  const g = graphemes(s);
  if (g.length <= max) return s;
  return (
    g
      .slice(0, Math.max(0, max - 1))
      .join('')
      .trimEnd() + '…'
  );
}

/**
 * Word-wraps into at most `maxLines` lines of at most `width` characters; a word longer
 * than a line is broken; the last line ends in `…` when text was left over.
 */
export function wrapText(s: string, width: number, maxLines: number): string[] {
  const words = s.split(/\s+/).filter((w) => w !== '');
  const lines: string[][] = [];
  let current: string[] = [];
  const flush = () => {
    lines.push(current);
    current = [];
  };
  for (const word of words) {
    let g = graphemes(word);
    while (g.length > 0) {
      const room = current.length === 0 ? width : width - current.length - 1;
      if (g.length <= room) {
        if (current.length > 0) current.push(' ');
        current.push(...g);
        g = [];
      } else if (current.length === 0) {
        current.push(...g.slice(0, width));
        g = g.slice(width);
        flush();
      } else {
        flush();
      }
    }
  }
  if (current.length > 0) flush();
  if (lines.length <= maxLines) return lines.map((l) => l.join(''));
  const kept = lines.slice(0, maxLines).map((l) => l.join(''));
  const last = graphemes(kept[maxLines - 1]!);
  kept[maxLines - 1] = (last.length >= width ? last.slice(0, width - 1) : last).join('').trimEnd() + '…';
  return kept;
}
