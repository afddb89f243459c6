/**
 * The fast paths replay relies on give exactly what the general ones give: the direct
 * op writer the same bytes as the RFC 8785 encoder, the WebAssembly BLAKE3 the same
 * digest as the JavaScript one.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { blake3Hex, blake3HexJs, blake3Matches, useWasmBlake3, wasmBlake3Ready } from '../../../src/core/oplog/blake3Digest.ts';
import { canonicalBytes, canonicalJson } from '../../../src/core/oplog/canonicalJson.ts';
import { unsignedPart } from '../../../src/core/oplog/opId.ts';
import type { OperationBody, OpId, UnsignedOperation } from '../../../src/core/oplog/operation.ts';
import { fastOperationText, operationBytes, operationBytesTransient } from '../../../src/core/oplog/operationBytes.ts';

const hex = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: n, maxLength: n });
const opId = hex(64).map((h): OpId => `b3:${h}`);
// Any text, including quotes, backslashes, control characters, astral and lone surrogates.
const text = fc.string({ unit: fc.oneof(fc.constantFrom('"', '\\', '\n', '\u0000', '\u001f', '\u2028', 'é', '😀', '\ud800', '\udc00'), fc.string({ minLength: 1, maxLength: 1 })) });
const note = fc.option(text, { nil: undefined });

const body: fc.Arbitrary<OperationBody> = fc.oneof(
  fc.record({
    kind: fc.constant('revision' as const),
    text_hash: opId,
    language: fc.constantFrom('clair' as const, 'gaia' as const, 'proposal' as const),
    length: fc.nat(),
    changed: fc.option(fc.array(text, { maxLength: 3 }), { nil: undefined }),
  }),
  fc.record({ kind: fc.constant('claim_correction' as const), target: text, value: fc.double({ min: 0, max: 1, noNaN: true }), revision: fc.option(opId, { nil: null }), note }),
  fc.record({ kind: fc.constant('claim_refutation' as const), target: text, revision: fc.option(opId, { nil: null }), note }),
  fc.record({ kind: fc.constant('withdrawal' as const), target: text, withdraws: opId, note }),
  fc.record({ kind: fc.constant('claim_invalidation' as const), target: text, cause: opId }),
  fc.record({
    kind: fc.constant('contradiction_resolution' as const),
    contradiction: text,
    resolution: fc.constantFrom('accept-both' as const, 'deprecate' as const, 'merge' as const),
    deprecated: note,
    kept: note,
    note,
  }),
);

// A Mnema session's bodies: nested payloads of any JSON, keys of any text.
const json: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, text, fc.double(), fc.boolean(), fc.constant(null), fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(text, tie('value'), { maxKeys: 3 })),
})).value;
const payload = fc.dictionary(text, json, { maxKeys: 4 });
const mnemaBody = fc.oneof(
  fc.record({ kind: fc.constant('evidence'), source: text, payload, observed_at: text }),
  fc.record({
    kind: fc.constant('claim'),
    claim_type: text,
    identity_key: text,
    subject: fc.constant('self'),
    payload,
    inputs: fc.array(fc.record({ op_id: opId, role: text }), { maxLength: 3 }),
    deriver: fc.record({ name: text, version: text }),
    confidence: fc.double({ min: 0, max: 1, noNaN: true }),
    confidence_basis: payload,
    rationale: text,
    supersedes: fc.option(opId, { nil: null }),
    valid_at: text,
  }),
  fc.record({ kind: fc.constant('claim_invalidation'), target_claim: opId, target_identity_key: text, cause: opId }),
  fc.record({ kind: fc.constant('claim_correction'), target_claim: opId, target_identity_key: text, corrected_payload: payload, note }),
) as unknown as fc.Arbitrary<OperationBody>;

const operation: fc.Arbitrary<UnsignedOperation & { id?: string; sig?: string }> = fc.record(
  {
    v: fc.constant(1 as const),
    session: text,
    seq: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
    parent: fc.option(opId, { nil: null }),
    at: text,
    source: fc.constantFrom('editor' as const, 'graph' as const, 'inspector' as const, 'cli' as const, 'engine' as const, 'import' as const),
    author: hex(64).map((h) => `ed25519:${h}`),
    body: fc.oneof(body, mnemaBody),
    id: opId,
    sig: hex(128),
  },
  { requiredKeys: ['v', 'session', 'seq', 'parent', 'at', 'source', 'author', 'body'] },
);

/** The general encoder's verdict: the bytes, or the error it throws. */
function general(op: UnsignedOperation): Uint8Array | string {
  try {
    return canonicalBytes(unsignedPart(op));
  } catch (e) {
    return (e as Error).message;
  }
}

function direct(write: (op: UnsignedOperation) => Uint8Array, op: UnsignedOperation): Uint8Array | string {
  try {
    return write(op).slice();
  } catch (e) {
    return (e as Error).message;
  }
}

describe('operationBytes', () => {
  it('gives the general encoder’s bytes (or its error) for any op', () => {
    fc.assert(
      fc.property(operation, (op) => {
        const expected = general(op);
        expect(direct(operationBytes, op)).toEqual(expected);
        expect(direct(operationBytesTransient, op)).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('hands ops with a lone surrogate to the general encoder, which refuses them', () => {
    const op: UnsignedOperation = {
      v: 1,
      session: 's',
      seq: 1,
      parent: null,
      at: 'x\ud800',
      source: 'editor',
      author: `ed25519:${'0'.repeat(64)}`,
      body: { kind: 'claim_refutation', target: 'b1', revision: null },
    };
    expect(fastOperationText(op)).toBeNull();
    expect(() => operationBytes(op)).toThrow(/lone surrogate/);
  });

  it('writes the envelope keys in code-unit order', () => {
    const op: UnsignedOperation = {
      v: 1,
      session: 's',
      seq: 3,
      parent: null,
      at: 't',
      source: 'cli',
      author: 'a',
      body: { kind: 'claim_correction', target: 'b1', value: 0.5, revision: null, note: 'n' },
    };
    expect(fastOperationText(op)).toBe(canonicalJson(op));
    expect(fastOperationText(op)).toBe(
      '{"at":"t","author":"a","body":{"kind":"claim_correction","note":"n","revision":null,"target":"b1","value":0.5},"parent":null,"seq":3,"session":"s","source":"cli","v":1}',
    );
  });
});

describe('BLAKE3 digests', () => {
  beforeAll(async () => {
    expect(await useWasmBlake3()).toBe(true);
  });

  it('the WebAssembly build is in use and matches the JavaScript one on any bytes', () => {
    expect(wasmBlake3Ready()).toBe(true);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 5000 }), (bytes) => blake3Hex(bytes) === blake3HexJs(bytes)),
      { numRuns: 500 },
    );
  });

  it('blake3Matches accepts exactly the digest’s own hex, at an offset or not', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), fc.nat(63), fc.constantFrom(...'0123456789abcdefgABCDEF:'), (bytes, at, c) => {
        const hex = blake3Hex(bytes);
        expect(blake3Matches(bytes, hex)).toBe(true);
        expect(blake3Matches(bytes, `b3:${hex}`, 3)).toBe(true);
        const changed = hex.slice(0, at) + c + hex.slice(at + 1);
        expect(blake3Matches(bytes, changed)).toBe(changed === hex);
        expect(blake3Matches(bytes, hex.toUpperCase())).toBe(hex === hex.toUpperCase());
        expect(blake3Matches(bytes, hex.slice(1))).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('matches the published BLAKE3 vector for the empty input', () => {
    expect(blake3Hex(new Uint8Array())).toBe('af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262');
  });
});
