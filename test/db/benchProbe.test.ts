/** The storage benchmark's measurements do what they say, on fake-indexeddb. */
import { describe, expect, it } from 'vitest';
import { benchOps, runDbBenchOnce } from '../../bench/page/dbBenchProbe.ts';
import { fakeIdb } from './dbFixtures.ts';

describe('runDbBenchOnce', () => {
  it('appends, reads back, and times the single-add and raw IndexedDB baselines on their own databases', async () => {
    const result = await runDbBenchOnce(300, { baselineN: 20, raw: true, dexie: fakeIdb });
    expect(result.batched.ops).toBe(300);
    expect(result.readBack.ops).toBe(300);
    expect(result.singleAdds.ops).toBe(20);
    expect(result.raw?.ops).toBe(300);
    for (const t of [result.batched, result.readBack, result.singleAdds, result.raw!]) expect(t.opsPerSecond).toBeGreaterThan(0);
  });

  it('leaves the raw baseline out unless asked', async () => {
    expect((await runDbBenchOnce(50, { baselineN: 5, dexie: fakeIdb })).raw).toBeUndefined();
  });

  it('makes chained, envelope-shaped ops', () => {
    const ops = benchOps('s', 3);
    expect(ops.map((o) => o.seq)).toEqual([1, 2, 3]);
    expect(ops[1]!.parent).toBe(ops[0]!.id);
    expect(new Set(ops.map((o) => o.id)).size).toBe(3);
  });
});
