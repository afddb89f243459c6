/**
 * The editor's JSON Schema of FormalProposal v1 must offer exactly what the core's
 * schema gate accepts (operators, declaration kinds, modes), resolve every reference,
 * and offer the declared symbols where names go.
 */
import { describe, expect, it } from 'vitest';
import { proposalJsonSchema } from '../../src/app/monaco/proposal/proposalJsonSchema.ts';
import { DECLARATION_KINDS, EXPRESSION_OPS, PROPOSAL_SCHEMA_VERSION } from '../../src/core/proposal/index.ts';

type Node = Record<string, unknown>;

function at(root: Node, pointer: string): unknown {
  return pointer
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((n, key) => (n as Node | undefined)?.[key], root);
}

function walk(node: unknown, visit: (n: Node) => void): void {
  if (Array.isArray(node)) node.forEach((x) => walk(x, visit));
  else if (node && typeof node === 'object') {
    visit(node as Node);
    for (const v of Object.values(node)) walk(v, visit);
  }
}

describe('FormalProposal JSON Schema', () => {
  const schema = proposalJsonSchema() as Node;

  it('every $ref resolves', () => {
    const refs: string[] = [];
    walk(schema, (n) => typeof n.$ref === 'string' && refs.push(n.$ref));
    expect(refs.length).toBeGreaterThan(0);
    for (const r of refs) expect(at(schema, r), r).toBeTypeOf('object');
  });

  it('offers each operator of the whitelist once, with one branch and one snippet each', () => {
    expect(at(schema, '#/$defs/expr/properties/op/enum')).toEqual([...EXPRESSION_OPS]);
    const branches = at(schema, '#/$defs/expr/allOf') as Node[];
    expect(branches.map((b) => (((b.if as Node).properties as Node).op as Node).const)).toEqual([...EXPRESSION_OPS]);
    const snippets = at(schema, '#/$defs/expr/defaultSnippets') as Node[];
    expect(snippets.map((s) => s.label)).toEqual([...EXPRESSION_OPS]);
  });

  it('declaration kinds, modes and the version are the ones the gate reads', () => {
    expect(at(schema, '#/$defs/declaration/properties/kind/enum')).toEqual([...DECLARATION_KINDS]);
    expect(at(schema, '#/properties/queryPlan/properties/verificationMode/enum')).toEqual(['entailment', 'model-finding', 'consistency']);
    expect(at(schema, '#/properties/schemaVersion/const')).toBe(PROPOSAL_SCHEMA_VERSION);
  });

  it('offers declared names by kind: constants, callables, sorts', () => {
    const s = proposalJsonSchema([
      { name: 'Person', kind: 'sort', signature: 'Person' },
      { name: 'ana', kind: 'const', signature: 'Person' },
      { name: 'heir', kind: 'predicate', signature: 'Person → Bool' },
      { name: 'age', kind: 'function', signature: 'Person → Int' },
    ]) as Node;
    const branches = at(s, '#/$defs/expr/allOf') as Node[];
    const byOp = (op: string) => branches.find((b) => (((b.if as Node).properties as Node).op as Node).const === op)!.then as Node;
    const offered = (n: unknown) => ((n as Node).anyOf as Node[])[0]!.enum as string[];
    expect(offered((byOp('const').properties as Node).name)).toEqual(['ana']);
    expect(offered((byOp('call').properties as Node).symbol)).toEqual(['ana', 'heir', 'age']);
    expect(offered(at(s, '#/$defs/declaration/properties/resultSort'))).toEqual(['Person', 'Bool', 'Int', 'Real']);
    expect(offered(at(s, '#/$defs/boundVar/properties/sort'))).toEqual(['Person', 'Bool', 'Int', 'Real']);
  });
});
