/**
 * Grammar-aware CLAIR traces (docs/contract.md §2): lines that mostly parse, with every
 * part drawn from the rules' edge cases — numbers with hundreds of digits, levels past a
 * double's digits, every source form, the justification and invalidation spellings,
 * strings with escapes and `;`, comments, CRLF, tabs — so the checks reach past the
 * first syntax error.
 */
import type { Rng } from '../core/rng.ts';

export const CLAIR_TOKENS = [
  'b1', 'b2', 'b3', 'b10', 'b_x', 'B1', '1b', 'b-1', '.5', '0.5', '1', '1.0', '0', '-0.1', '1.2', '1.', '+.5', '5e-1', 'high',
  'L0', 'L1', 'L2', 'L', 'L99999999999999999999', '@user', '@ctx', '@self', '@file:a.txt', '@model:m', '@x', '@', '@:x', '@file:',
  '<b1', '<b1,b2', '<', '<b1,', '<,b1', ',', '?["a"]', '?[]', '?["', '"text"', '"', '"a\\"b"', '\\', ';', '; note', '\n', '\r\n', '\t', ' ',
];

function id(rng: Rng, defined: number): string {
  return rng.weighted([
    [20, () => `b${rng.range(1, Math.max(1, defined + 2))}`],
    [2, () => `${rng.pick(['b', 'c', 'x', 'node_'])}${rng.small(40)}`],
    [1, () => rng.pick(['B1', '1b', 'b-1', 'b.1', 'bé', '_b', 'b'.repeat(rng.range(1, 300)), ''])],
  ])();
}

export function clairNumber(rng: Rng): string {
  return rng.weighted([
    [20, () => rng.pick(['.5', '0.5', '1', '1.0', '0', '.95', '0.9', '.85', '0.3', '.1'])],
    [4, () => `${rng.chance(0.5) ? '0' : ''}.${String(rng.int(1000)).padStart(rng.range(1, 3), '0')}`],
    [2, () => rng.pick(['-0.1', '1.2', '2', '-1', '1.0000000001', '0.9999999999'])],
    [2, () => rng.pick(['1.', '+.5', '5e-1', 'high', '.', '-', '1..2', '0x1', 'NaN', 'Infinity'])],
    // Numbers a double cannot hold: many digits before or after the point.
    [2, () => '9'.repeat(rng.range(300, 420)) + (rng.chance(0.5) ? '.5' : '')],
    [2, () => '0.' + '0'.repeat(rng.range(300, 420)) + '1'],
    [1, () => '1' + '0'.repeat(rng.range(20, 400))],
    [1, () => '0.' + '9'.repeat(rng.range(15, 400))],
  ])();
}

function level(rng: Rng): string {
  return rng.weighted([
    [20, () => `L${rng.small(4)}`],
    [3, () => ''],
    [1, () => rng.pick(['L', 'L-1', 'L1.5', 'l0', 'L' + '9'.repeat(rng.range(16, 400)), 'L007'])],
  ])();
}

function source(rng: Rng): string {
  return rng.weighted([
    [20, () => `@${rng.pick(['user', 'ctx', 'self', 'self', 'self'])}`],
    [4, () => `@${rng.pick(['file', 'model', 'user', 'ctx'])}:${rng.pick(['a.txt', 'docs/x.md', 'gpt', 'ref;x', 'x"y', 'https://e.org/a?b=c'])}`],
    [1, () => rng.pick(['@', '@:x', '@file:', '@unknown', '@File', '@@user', 'user', '@self:'])],
  ])();
}

function justifications(rng: Rng, defined: number): string {
  if (rng.chance(0.35)) return '';
  const ids = Array.from({ length: rng.range(1, 4) }, () => id(rng, defined));
  return rng.weighted([
    [10, () => `<${ids.join(',')}`],
    [3, () => ids.map((i) => `<${i}`).join(' ')],
    [3, () => `<${ids.join(', ')}`],
    [1, () => rng.pick(['<', `<${ids[0]},`, `<,${ids[0]}`, `< ${ids[0]}`, `<${ids[0]},,${ids[0]}`])],
  ])();
}

export function clairString(rng: Rng, defined: number): string {
  const parts: string[] = [];
  const count = rng.small(8);
  for (let i = 0; i < count; i++) {
    parts.push(
      rng.weighted([
        [10, () => rng.pick(['the cache', 'is slow', 'because', 'so', 'Dijkstra', 'x', 'é', '😀', '(1)'])],
        [3, () => `mentions ${id(rng, defined)}`],
        [2, () => rng.pick(['\\"', '\\\\', ';', '; not a comment', '<b1', '?["x"]', '@user', '\\n', '\t'])],
      ])(),
    );
  }
  const body = parts.join(' ');
  // Sometimes unterminated, or with a stray backslash before the closing quote.
  return rng.weighted([
    [20, () => `"${body}"`],
    [1, () => `"${body}`],
    [1, () => `"${body}\\"`],
    [1, () => `"${body}" "${body}"`],
    [1, () => ''],
  ])();
}

function invalidations(rng: Rng, defined: number): string {
  if (rng.chance(0.8)) return '';
  return rng.weighted([
    [6, () => `?[${Array.from({ length: rng.range(1, 3) }, () => clairString(rng, defined)).join(rng.pick([', ', ','] as const))}]`],
    [1, () => rng.pick(['?[]', '?[', '?["a"', '?["a",]', '?[x]', '?'])],
  ])();
}

function sep(rng: Rng): string {
  return rng.weighted([
    [30, ' '],
    [3, '  '],
    [2, '\t'],
    [1, ''],
  ] as const);
}

/** One line of a trace; `defined` is how many ids came before (references mostly point back). */
export function clairLine(rng: Rng, defined: number): string {
  const kind = rng.weighted([
    [20, 'belief'],
    [2, 'blank'],
    [2, 'comment'],
    [1, 'junk'],
  ] as const);
  if (kind === 'blank') return rng.pick(['', ' ', '\t', '   ']);
  if (kind === 'comment') return `${rng.pick(['', ' ', '\t'])};${rng.pick([' note', ' b1 .5 L0 @user "x"', '', ' "unterminated', ' ; ;'])}`;
  if (kind === 'junk') return rng.pick(['junk here', '"just a string"', '<b1', '@user', '.5', 'b1', 'b1 .5', 'b1 .5 L0', 'b1 .5 L0 @user']);
  const parts = [id(rng, defined + 1), clairNumber(rng), level(rng), source(rng), justifications(rng, defined), invalidations(rng, defined), clairString(rng, defined)];
  // Now and then a part is dropped or two trade places.
  if (rng.chance(0.05)) parts.splice(rng.int(parts.length), 1);
  if (rng.chance(0.03)) {
    const i = rng.int(parts.length);
    const j = rng.int(parts.length);
    [parts[i], parts[j]] = [parts[j]!, parts[i]!];
  }
  let line = (rng.chance(0.05) ? rng.pick([' ', '\t', '  ']) : '') + parts.filter((p) => p !== '').join(sep(rng));
  if (rng.chance(0.1)) line += `${sep(rng)}; ${rng.pick(['why', 'b2 is wrong', '"quoted"', ''])}`;
  return line;
}

/** A whole trace of up to `maxLines` lines; ids mostly sequential, so references resolve. */
export function clairDocument(rng: Rng, maxLines = 40): string {
  const lines: string[] = [];
  const n = rng.small(maxLines);
  for (let i = 0; i < n; i++) lines.push(clairLine(rng, i));
  const eol = rng.weighted([
    [10, '\n'],
    [1, '\r\n'],
  ] as const);
  let text = lines.join(eol);
  if (rng.chance(0.5)) text += eol;
  if (rng.chance(0.02)) text = '\ufeff' + text;
  return text;
}
