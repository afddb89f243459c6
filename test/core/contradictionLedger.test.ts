/** The ledger's Gaia sources, v0.5 and legacy v5 verbs alike, and what resolves them. */
import { describe, expect, it } from 'vitest';
import { buildContradictionLedger } from '../../src/core/contradiction/contradictionLedger.ts';
import { analyzeGaia } from '../../src/core/gaia/analyzeGaia.ts';
import type { OpId } from '../../src/core/oplog/operation.ts';

const HEAD = 'from gaia.engine.lang import claim, contradict, exclusive\nfrom gaia.engine.lang.compat import complement, contradiction\nx = claim("X.")\ny = claim("Y.")\nz = claim("Z.")\n';

describe('contradiction ledger', () => {
  it.each([
    ['contradict', 'k = contradict(x, y, rationale="r")\n', 'contradict'],
    ['exclusive', 'k = exclusive(x, y, rationale="r")\n', 'exclusive'],
    ['legacy contradiction', 'k = contradiction(x, y)\n', 'contradict'],
    ['legacy complement', 'k = complement(x, y)\n', 'exclusive'],
  ])('%s flags both endpoints and nothing else', (_name, line, kind) => {
    const graph = analyzeGaia(HEAD + line, { namespace: 't', package: 'p' }).graph;
    const ledger = buildContradictionLedger({ graph });
    expect(ledger.openContradictions().map((c) => c.kind)).toEqual([kind]);
    expect(ledger.isContradicted('x')).toBe(true);
    expect(ledger.isContradicted('y')).toBe(true);
    expect(ledger.isContradicted('z')).toBe(false);
  });

  it('a resolution closes it', () => {
    const graph = analyzeGaia(HEAD + 'k = contradict(x, y, rationale="r")\n', { namespace: 't', package: 'p' }).graph;
    const id = buildContradictionLedger({ graph }).all[0]!.id;
    const ledger = buildContradictionLedger({
      graph,
      resolutions: new Map([[id, { id: 'b3:00' as OpId, body: { kind: 'contradiction_resolution', contradiction: id, resolution: 'accept-both' } }]]),
    });
    expect(ledger.openContradictions()).toEqual([]);
    expect(ledger.isContradicted('x')).toBe(false);
  });
});
