/**
 * Gaia's operand lift (`derive("C.", given=[a & b])`): the formula becomes a helper claim,
 * marked operand_lift and not for review, with the verb and slot that lifted it. Law:
 * a package that lets a verb lift a formula believes what the same package believes with
 * the formula named by hand (`h = claim("...", formula=F)`) — the lift adds a name, not
 * reasoning. Real Gaia's outputs for lifts are the fixtures lift-* (gaiaPackages.test.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GaiaIr } from '../../../src/core/infer/irInput.ts';
import { runInference } from '../../../src/core/infer/runInference.ts';
import { gaia } from '../../support/gaiaPackages.ts';
import { analyzeGaia } from '../../../src/core/gaia/analyzeGaia.ts';
import { pythonUtcIsoformat, stampsClock } from '../../../src/core/gaia/runtime/registrationClock.ts';

const HEADER = 'from gaia.engine.lang import claim, derive, equal, contradict, exclusive, infer, associate, observe, register_prior, Implies, Iff, land, lor, lnot\n';
const ATOMS = ['a', 'b', 'c', 'd', 'e'] as const;

/** A formula over distinct atoms (each used once, as Gaia refuses two lowerings of one connective); `~ & |` are a claim's only, so formulas combine with land, lor, lnot. */
type Tree = { readonly leaf: number } | { readonly op: '&' | '|' | 'implies' | 'iff'; readonly not: boolean; readonly left: Tree; readonly right: Tree };

function text(t: Tree, atoms: readonly string[]): string {
  if ('leaf' in t) return atoms[t.leaf]!;
  const l = text(t.left, atoms);
  const r = text(t.right, atoms);
  const body = t.op === 'implies' ? `Implies(${l}, ${r})` : t.op === 'iff' ? `Iff(${l}, ${r})` : t.op === '&' ? `land(${l}, ${r})` : `lor(${l}, ${r})`;
  return t.not ? `lnot(${body})` : body;
}

/** Trees whose leaves are numbered left to right, so each atom appears once. */
function numbered(t: Tree, next = { n: 0 }): Tree {
  if ('leaf' in t) return { leaf: next.n++ };
  return { ...t, left: numbered(t.left, next), right: numbered(t.right, next) };
}

const tree: fc.Arbitrary<Tree> = fc
  .letrec<{ t: Tree }>((tie) => ({
    t: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constant({ leaf: 0 }),
      fc.record({ op: fc.constantFrom('&' as const, '|' as const, 'implies' as const, 'iff' as const), not: fc.boolean(), left: tie('t'), right: tie('t') }),
    ),
  }))
  .t.filter((t) => {
    const count = (x: Tree): number => ('leaf' in x ? 1 : count(x.left) + count(x.right));
    const n = count(t);
    return n >= 2 && n <= ATOMS.length;
  });

function beliefs(body: string): Map<string, number> {
  const a = gaia(body, { header: HEADER });
  expect(a.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const result = runInference(a.irForInference() as GaiaIr, { method: 'auto' });
  expect(result.problems.filter((p) => p.severity === 'error')).toEqual([]);
  return new Map(result.beliefs.map((b) => [b.knowledge_id, b.belief]));
}

describe('operand lift', () => {
  it('believes what the formula named by hand believes', () => {
    fc.assert(
      fc.property(tree, fc.array(fc.double({ min: 0.05, max: 0.95, noNaN: true }), { minLength: ATOMS.length, maxLength: ATOMS.length }), (t, priors) => {
        const f = text(numbered(t), ATOMS);
        const claims = ATOMS.map((x) => `${x} = claim("${x.toUpperCase()}.")\n`).join('');
        // Priors after the lift: a record made before it would put its time into Gaia's helper text.
        const priorLines = ATOMS.map((x, i) => `register_prior(${x}, ${priors[i]}, justification="p")\n`).join('');
        const lifted = beliefs(`${claims}concl = derive("C.", given=[${f}])\n${priorLines}`);
        const named = beliefs(`${claims}h = claim("H.", formula=${f})\nconcl = derive("C.", given=[h])\n${priorLines}`);
        for (const id of ['t:p::concl', ...ATOMS.map((x) => `t:p::${x}`)]) {
          expect(Math.abs(lifted.get(id)! - named.get(id)!), id).toBeLessThan(1e-9);
        }
      }),
      { numRuns: 40 },
    );
  });

  const SLOTS: readonly [string, string, string, string][] = [
    ['derive premises', 'derive("C.", given=[a, a & b])\n', 'derive', 'given[1]'],
    ['derive conclusion', 'derive(a | b, given=[a])\n', 'derive', 'conclusion'],
    ['observe conclusion', 'observe(a & b, given=[b])\n', 'observe', 'conclusion'],
    ['equal', 'equal(a, ~b)\n', 'equal', 'second argument'],
    ['contradict', 'contradict(a & b, a)\n', 'contradict', 'first argument'],
    ['infer hypothesis', 'infer(a, hypothesis=a | b, p_e_given_h=0.8, p_e_given_not_h=0.2)\n', 'infer', 'hypothesis'],
    ['associate', 'associate(a, a & b, p_a_given_b=0.6, p_b_given_a=0.7)\n', 'associate', 'second argument'],
  ];

  /** What Warrant does not write into a helper's text: the package is refused `unsupported`, at the operand. */
  const REFUSED: readonly [string, string][] = [
    [
      'a claim with a question in its background whose targets are a set of strings (their order is that of one Python run)',
      'from gaia.engine.lang import question\nq = question("Q?", targets={"x", "y"})\na = claim("A.", background=[q])\nderive("C.", given=[~a])\n',
    ],
    [
      "a claim a compute concludes whose function is a bound method whose instance's __repr__ gives no text (Python's TypeError)",
      'from gaia.engine.lang import compute, Claim\nclass K:\n    def __repr__(self):\n        return 3\n    def m(self, x):\n        return claim(f"From {x.content}")\nk = K()\nb = claim("B.")\nc = compute(Claim, fn=k.m, given=b)\nderive("C.", given=[~c])\n',
    ],
  ];

  it.each(REFUSED)('refuses a lift over %s', (_, body) => {
    const a = gaia(body, { header: HEADER });
    expect(a.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)).toEqual(['unsupported']);
  });

  it("writes a claim's prior records with the time each was registered at (the clock given, to the microsecond)", () => {
    const stamps = ['2026-01-02T03:04:05.000600+00:00', '2026-01-02T03:04:06+00:00'];
    const a = analyzeGaia(`${HEADER}a = claim("A.", prior=0.6)\nb = claim("B.")\nregister_prior(b, 0.25, justification=" why ")\nderive("C.", given=[a & b])\n`, {
      namespace: 't',
      package: 'p',
      clock: stampsClock(stamps),
    });
    expect(a.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const ir = JSON.parse(a.irText()) as { knowledges: { content: string; metadata?: Record<string, unknown> }[] };
    const lift = ir.knowledges.find((k) => k.metadata?.['helper_kind'] === 'operand_lift')!;
    expect(lift.content).toContain(
      "metadata={'prior_records': [{'value': 0.6, 'source_id': 'claim_inline', 'justification': '(inline default declared at claim() call site)', 'created_at': '2026-01-02T03:04:05.000600+00:00'}]}",
    );
    expect(lift.content).toContain("metadata={'prior_records': [{'value': 0.25, 'source_id': 'user_priors', 'justification': 'why', 'created_at': '2026-01-02T03:04:06+00:00'}]}");
    // The IR's own records leave the stamp out, as Gaia's do.
    expect(JSON.stringify(ir.knowledges.find((k) => k.content === 'A.')!.metadata)).not.toContain('created_at');
  });

  it('without a clock, every record is stamped with the Unix epoch: the same text gives the same IR', () => {
    const body = `${HEADER}a = claim("A.", prior=0.6)\nb = claim("B.")\nderive("C.", given=[a & b])\n`;
    const first = analyzeGaia(body, { namespace: 't', package: 'p' }).irText();
    expect(first).toContain("'created_at': '1970-01-01T00:00:00+00:00'");
    expect(analyzeGaia(body, { namespace: 't', package: 'p' }).irText()).toBe(first);
  });

  it("writes a compute behind a claim with its function's repr, at an address counted in the order asked for", () => {
    const body = `${HEADER}from gaia.engine.lang import compute, Claim\ndef f(x):\n    return claim(f"From {x.content}")\nb = claim("B.")\nc = compute(Claim, fn=f, given=b)\nd = compute(Claim, fn=lambda x: claim("L."), given=b)\nderive("C.", given=[~c, d & c])\n`;
    const a = analyzeGaia(body, { namespace: 't', package: 'p' });
    expect(a.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const text = a.irText();
    expect([...text.matchAll(/fn=(<function \S+ at 0x[0-9a-f]+>)/g)].map((m) => m[1])).toEqual([
      '<function f at 0x7f0000001000>',
      '<function <lambda> at 0x7f0000001160>',
      '<function f at 0x7f0000001000>',
    ]);
    expect(analyzeGaia(body, { namespace: 't', package: 'p' }).irText()).toBe(text);
  });

  it.each([
    [0, '1970-01-01T00:00:00+00:00'],
    [1, '1970-01-01T00:00:00.000001+00:00'],
    [1_767_225_600_123_000, '2026-01-01T00:00:00.123000+00:00'],
  ])('Python writes %d µs after the epoch as %s', (micros, text) => expect(pythonUtcIsoformat(micros)).toBe(text));

  it.each(SLOTS)('%s: one operand_lift helper, not for review, naming the verb and slot', (_, body, verb, position) => {
    const a = gaia(`a = claim("A.")\nb = claim("B.")\n${body}`, { header: HEADER });
    expect(a.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const ir = JSON.parse(a.irText()) as { knowledges: { metadata?: Record<string, unknown> }[] };
    const lifts = ir.knowledges.filter((k) => k.metadata?.['helper_kind'] === 'operand_lift');
    expect(lifts.map((k) => k.metadata)).toEqual([{ generated: true, helper_kind: 'operand_lift', lift_position: position, lifted_by: verb, review: false }]);
  });
});
