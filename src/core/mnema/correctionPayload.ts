/**
 * The payload a person writes to correct a claim (§6.1: it replaces the derived one): a
 * JSON object with at least one field. An empty object would serve a claim that says
 * nothing at confidence 1.0. The page's payload editor and `warrant cascade --correct`
 * read it here.
 */
import type { JsonObject } from './mnemaBodies.ts';

export type PayloadReading = { readonly payload: JsonObject } | { readonly problem: string };

export function readCorrectionPayload(text: string): PayloadReading {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { problem: `not JSON: ${e instanceof Error ? e.message : String(e)}` };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { problem: 'a payload is a JSON object: { "field": value, … }' };
  if (Object.keys(value).length === 0) return { problem: 'a payload says what is true: at least one field, { "field": value, … }' };
  return { payload: value as JsonObject };
}
