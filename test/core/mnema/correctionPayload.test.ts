/** The payload a person corrects a claim to: a JSON object with at least one field, whatever page or command line it is typed in. */
import { describe, expect, it } from 'vitest';
import { readCorrectionPayload } from '../../../src/core/mnema/correctionPayload.ts';

describe('readCorrectionPayload', () => {
  it.each([
    ['{"activity":"swim"}', { payload: { activity: 'swim' } }],
    ['  {"a": 1, "b": [1, 2], "c": {"d": null}} ', { payload: { a: 1, b: [1, 2], c: { d: null } } }],
  ])('%s is a payload', (text, reading) => {
    expect(readCorrectionPayload(text)).toEqual(reading);
  });
  it.each([
    ['"hello"', /is a JSON object/],
    ['[1,2]', /is a JSON object/],
    ['null', /is a JSON object/],
    ['3', /is a JSON object/],
    ['{}', /at least one field/],
    ['{"a": 1', /^not JSON/],
    ['', /^not JSON/],
  ])('%j is refused', (text, problem) => {
    const read = readCorrectionPayload(text);
    expect('problem' in read && read.problem).toMatch(problem);
  });
});
