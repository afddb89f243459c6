import { describe, expect, it } from 'vitest';
import { callContext } from '../../../src/core/editing/gaiaCallContext.ts';

describe('callContext: where completion stands in a Gaia module', () => {
  it.each([
    ['x = ', { kind: 'statement' }],
    ['x = der', { kind: 'statement' }],
    ['', { kind: 'statement' }],
    ['x = derive(', { kind: 'arguments', verb: 'derive', keyword: null }],
    ['x = derive("c", given=[', { kind: 'arguments', verb: 'derive', keyword: 'given' }],
    ['x = derive("c", given=[a, ', { kind: 'arguments', verb: 'derive', keyword: 'given' }],
    ['x = derive("c", given=[a], ', { kind: 'arguments', verb: 'derive', keyword: null }],
    ['x = claim("t", prior=', { kind: 'arguments', verb: 'claim', keyword: 'prior' }],
    ['x = bayes.model(', { kind: 'arguments', verb: 'model', keyword: null }],
    ['x = derive(\n    "c",\n    given=[a],\n    ', { kind: 'arguments', verb: 'derive', keyword: null }],
    ['x = derive("c (not a call", given=[', { kind: 'arguments', verb: 'derive', keyword: 'given' }],
    ['x = derive("still in a string', { kind: 'other' }],
    ['# derive(\nx = ', { kind: 'statement' }],
  ])('%j', (before, expected) => {
    expect(callContext(before)).toMatchObject(expected);
  });

  it('lists the keywords already written', () => {
    const c = callContext('x = infer(e, hypothesis=h, p_e_given_h=0.8, ');
    expect(c).toMatchObject({ kind: 'arguments', verb: 'infer', usedKeywords: ['hypothesis', 'p_e_given_h'] });
  });
});
