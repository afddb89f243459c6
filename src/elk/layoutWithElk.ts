/**
 * Lays out a whole input from scratch with ELK: components laid out separately (the
 * fast fallback for any ELK cannot take), then packed. Stateless, works in Node and in
 * a worker; the command line uses it for SVG exports. The page never imports it.
 */
import type { LayoutInput, Positions } from '../core/layout/layoutTypes.ts';
import type { FullLayoutOptions } from './layoutFromScratch.ts';
import { layoutFromScratch } from './layoutFromScratch.ts';

export async function layoutWithElk(input: LayoutInput, options: FullLayoutOptions = {}): Promise<Positions> {
  return (await layoutFromScratch(input, options)).positions;
}
