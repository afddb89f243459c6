/**
 * fast-check generators of well-sorted FormalProposal documents over the whole operator
 * whitelist, `ite`, `*` and `/` included (so most pass the gates), with names drawn
 * partly from a pool of awkward ones — near-reserved words, solver answers, odd
 * capitalisation — and a pigeonhole proposal that keeps a solver busy for as long as a
 * timeout test needs.
 */
import fc from 'fast-check';
import type { Json } from './proposalFixtures.ts';

const AWKWARD = [
  'e',
  'E',
  'pi2',
  'Assert',
  'PUSH',
  'x_1',
  '_a',
  '__proto__',
  'constructor',
  'model',
  'named',
  'sat',
  'unsat',
  'unknown',
  'error',
  'success',
  'check',
  'info',
  'Bag_',
  'bv0',
  'val',
  'val_x',
  'exp2',
  'Exit',
  'ALL',
  'QF_UF',
  'declare',
  'define',
  'a0',
  'Z',
];

const identifier = fc.oneof(fc.constantFrom(...AWKWARD), fc.stringMatching(/^[a-z][A-Za-z0-9_]{0,6}$/));

interface Signature {
  readonly sorts: string[];
  readonly consts: { name: string; sort: string }[];
  readonly funcs: { name: string; args: string[]; result: string }[];
}

/** A whole proposal document (as a JSON value) in one of the three modes. */
export const arbitraryProposal: fc.Arbitrary<Json> = fc
  .record({
    names: fc.uniqueArray(identifier, { minLength: 12, maxLength: 12 }),
    shape: fc.array(fc.nat(1000), { minLength: 40, maxLength: 40 }),
    mode: fc.constantFrom('entailment', 'model-finding', 'consistency'),
    assertionCount: fc.integer({ min: 0, max: 5 }),
    seed: fc.integer(),
  })
  .map(({ names, shape, mode, assertionCount, seed }) => build(names, shape, mode, assertionCount, seed));

function build(names: string[], shape: number[], mode: string, assertionCount: number, seed: number): Json {
  let k = 0;
  const next = (n: number): number => (n <= 0 ? 0 : (shape[k++ % shape.length]! + (seed >>> 0)) % n);
  const sorts = names.slice(0, 2);
  const allSorts = [...sorts, 'Int', 'Bool'];
  const sig: Signature = { sorts, consts: [], funcs: [] };
  for (const name of names.slice(2, 6)) sig.consts.push({ name, sort: allSorts[next(allSorts.length)]! });
  for (const name of names.slice(6, 10)) {
    const arity = next(3);
    sig.funcs.push({ name, args: Array.from({ length: arity }, () => allSorts[next(allSorts.length)]!), result: allSorts[next(allSorts.length)]! });
  }
  const varNames = ['v0', 'v1', 'v2', 'v3'];

  const term = (sort: string, depth: number, scope: { name: string; sort: string }[]): Json => {
    const options: (() => Json)[] = [];
    for (const v of scope) if (v.sort === sort) options.push(() => ({ op: 'var', name: v.name }));
    for (const c of sig.consts) if (c.sort === sort) options.push(() => ({ op: 'const', name: c.name }));
    if (depth > 0) for (const f of sig.funcs) if (f.result === sort) options.push(() => ({ op: 'call', symbol: f.name, args: f.args.map((a) => term(a, depth - 1, scope)) }));
    if (sort === 'Int') {
      options.push(() => ({ op: 'const', name: `val_${next(1000)}` }));
      if (depth > 0) options.push(() => ({ op: ['+', '-', '*'][next(3)]!, args: [term('Int', depth - 1, scope), term('Int', depth - 1, scope)] }));
    }
    if (depth > 0) options.push(() => ({ op: 'ite', args: [formula(depth - 1, scope), term(sort, depth - 1, scope), term(sort, depth - 1, scope)] }));
    if (sort === 'Bool' && depth > 0) options.push(() => formula(depth - 1, scope));
    if (options.length === 0) return sort === 'Bool' ? formula(0, scope) : { op: 'const', name: 'missing_symbol' };
    return options[next(options.length)]!();
  };

  const formula = (depth: number, scope: { name: string; sort: string }[]): Json => {
    const options: (() => Json)[] = [];
    for (const f of sig.funcs) if (f.result === 'Bool') options.push(() => ({ op: 'call', symbol: f.name, args: f.args.map((a) => term(a, Math.max(0, depth - 1), scope)) }));
    for (const c of sig.consts) if (c.sort === 'Bool') options.push(() => ({ op: 'const', name: c.name }));
    options.push(() => {
      const s = allSorts[next(allSorts.length)]!;
      return { op: next(2) ? '=' : 'distinct', args: [term(s, Math.max(0, depth - 1), scope), term(s, Math.max(0, depth - 1), scope)] };
    });
    options.push(() => ({ op: ['<', '<=', '>', '>='][next(4)]!, args: [term('Int', Math.max(0, depth - 1), scope), term('Int', Math.max(0, depth - 1), scope)] }));
    if (depth > 0) {
      options.push(() => ({ op: 'not', arg: formula(depth - 1, scope) }));
      // `/` is real division: a Real compared with a numeral, which becomes a real.
      options.push(() => {
        const quotient: Json = { op: '/', args: [term('Int', depth - 1, scope), term('Int', depth - 1, scope)] };
        return { op: next(2) ? '<' : '>', args: [quotient, { op: 'const', name: `val_${next(100)}` }] };
      });
      options.push(() => ({ op: ['and', 'or', '=>'][next(3)]!, args: [formula(depth - 1, scope), formula(depth - 1, scope)] }));
      options.push(() => {
        const v = { name: varNames[scope.length % varNames.length]! + '_' + scope.length, sort: allSorts[next(allSorts.length)]! };
        return { op: next(2) ? 'forall' : 'exists', vars: [{ name: v.name, sort: v.sort }], body: formula(depth - 1, [...scope, v]) };
      });
    }
    return options[next(options.length)]!();
  };

  const declarations: Json[] = [
    ...sorts.map((name) => ({ kind: 'sort', name })),
    ...sig.consts.map((c) => ({ kind: 'const', name: c.name, resultSort: c.sort })),
    ...sig.funcs.map((f) => ({ kind: f.result === 'Bool' && next(2) ? 'predicate' : 'function', name: f.name, argSorts: f.args, resultSort: f.result })),
  ];
  const assertions: Json[] = Array.from({ length: assertionCount }, (_, i) => ({ assertionId: `${names[10]}_${i}`, role: i % 2 ? 'fact' : 'axiom', expr: formula(2, []) }));
  return {
    schemaVersion: 'holoproof.formal-proposal.v1',
    proposalId: `fp_${names[11]}`,
    worldId: '_',
    logic: ['QF_UF', 'UFLIA', 'ALL', 'QF_LIA'][next(4)]!,
    declarations,
    assertions,
    queryPlan: { verificationMode: mode, goal: formula(2, []) },
    ambiguities: [],
    tags: [],
  };
}

/** Pigeonhole: n + 1 pigeons, n holes, at most one pigeon per hole. Unsat, and hard from n ≈ 10. */
export function pigeonholeProposal(n: number): string {
  const pigeons = Array.from({ length: n + 1 }, (_, i) => `p${i}`);
  const holes = Array.from({ length: n }, (_, i) => `h${i}`);
  const c = (name: string): Json => ({ op: 'const', name });
  return JSON.stringify({
    schemaVersion: 'holoproof.formal-proposal.v1',
    proposalId: `fp_pigeonhole_${n}`,
    worldId: '_',
    logic: 'UF',
    declarations: [
      { kind: 'sort', name: 'Pigeon' },
      { kind: 'sort', name: 'Hole' },
      ...pigeons.map((name) => ({ kind: 'const', name, resultSort: 'Pigeon' })),
      ...holes.map((name) => ({ kind: 'const', name, resultSort: 'Hole' })),
      { kind: 'predicate', name: 'sits', argSorts: ['Pigeon', 'Hole'], resultSort: 'Bool' },
    ],
    assertions: [
      { assertionId: 'pigeons_differ', role: 'axiom', expr: { op: 'distinct', args: pigeons.map(c) } },
      { assertionId: 'holes_differ', role: 'axiom', expr: { op: 'distinct', args: holes.map(c) } },
      ...pigeons.map((p) => ({ assertionId: `seated_${p}`, role: 'fact', expr: { op: 'or', args: holes.map((h) => ({ op: 'call', symbol: 'sits', args: [c(p), c(h)] })) } })),
      {
        assertionId: 'one_per_hole',
        role: 'axiom',
        expr: {
          op: 'forall',
          vars: [
            { name: 'a', sort: 'Pigeon' },
            { name: 'b', sort: 'Pigeon' },
            { name: 'h', sort: 'Hole' },
          ],
          body: {
            op: '=>',
            args: [
              {
                op: 'and',
                args: [
                  {
                    op: 'call',
                    symbol: 'sits',
                    args: [
                      { op: 'var', name: 'a' },
                      { op: 'var', name: 'h' },
                    ],
                  },
                  {
                    op: 'call',
                    symbol: 'sits',
                    args: [
                      { op: 'var', name: 'b' },
                      { op: 'var', name: 'h' },
                    ],
                  },
                ],
              },
              {
                op: '=',
                args: [
                  { op: 'var', name: 'a' },
                  { op: 'var', name: 'b' },
                ],
              },
            ],
          },
        },
      },
    ],
    queryPlan: { verificationMode: 'consistency', goal: null },
    ambiguities: [],
    tags: ['pigeonhole'],
  });
}
