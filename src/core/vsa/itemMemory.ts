/**
 * Item memory: the random vector of each symbol (a word, or a fixed role such as the
 * majority tie-breaker), drawn from a SeededStream keyed by the symbol's hash, so it is
 * a pure function of the symbol. Recently used vectors are cached; the cache only saves
 * time and never changes a result.
 */
import { BoundedCache } from './boundedCache.ts';
import { SeededStream } from './seededStream.ts';
import { hashPair } from './stableHash.ts';

export class ItemMemory<V> {
  private readonly cache: BoundedCache<V>;
  private readonly make: (symbol: string) => V;

  /**
   * `namespace` keeps the streams of different vector kinds (and dimensions) apart;
   * `draw` makes one vector from a fresh stream; `capacity` vectors are kept, and
   * `onEvict` hears of each one let go.
   */
  constructor(namespace: string, draw: (stream: SeededStream) => V, capacity: number, onEvict: ((value: V) => void) | null = null) {
    this.cache = new BoundedCache<V>(capacity, onEvict);
    this.make = (symbol) => {
      const [a, b] = hashPair(`${namespace}\u0000${symbol}`);
      return draw(new SeededStream(a, b));
    };
  }

  /** The vector of `symbol`; the same value on every call, run and machine. */
  vectorOf(symbol: string): V {
    return this.cache.getOrMake(symbol, this.make);
  }
}
