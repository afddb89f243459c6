import { deflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deflateSync, strToU8 } from 'fflate';
import { MAX_DOCUMENT_BYTES } from '../../src/core/text/inputLimits.ts';
import { generateTrace } from '../../bench/generateTrace.ts';
import { decodeShare, encodeShare, isShareFragment, MAX_SHARE_URL_CHARS, SHARE_FORMAT, shareUrl } from '../../src/core/share/shareLink.ts';
import type { SharePayload } from '../../src/core/share/shareLink.ts';

const BASE = 'http://localhost:5173/';

function roundTrip(payload: SharePayload): SharePayload {
  const link = shareUrl(BASE, payload);
  if (!link.ok) throw new Error(link.reason);
  const hash = new URL(link.url).hash;
  expect(isShareFragment(hash)).toBe(true);
  const back = decodeShare(hash);
  if (!back.ok) throw new Error(back.reason);
  return back.payload;
}

describe('share links', () => {
  it('carry any text and name back unchanged (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), fc.string({ minLength: 1, maxLength: 40 }), (text, name) => {
        expect(roundTrip({ name, text })).toEqual({ name, text });
      }),
      { numRuns: 200 },
    );
  });

  it("carry a package's files, in a fixed order, and a session archive", () => {
    const files: [string, string][] = [
      ['src/pkg/b.py', 'b = claim("B")\n'],
      ['pyproject.toml', '[project]\nname = "pkg-gaia"\n'],
      ['src/pkg/__init__.py', ''],
    ];
    expect(roundTrip({ name: 'pkg', files })).toEqual({ name: 'pkg', files: [...files].sort(([a], [b]) => a.localeCompare(b)) });
    expect(encodeShare({ name: 'pkg', files })).toBe(encodeShare({ name: 'pkg', files: [...files].reverse() }));
    const archive = JSON.stringify({ format: 'warrant.session.v1', ops: [] });
    expect(roundTrip({ name: 'trip', archive })).toEqual({ name: 'trip', archive });
  });

  it('are the same link for the same document (the page and the command line agree)', () => {
    const text = generateTrace(200);
    expect(shareUrl(BASE, { name: 't.clair', text })).toEqual(shareUrl(BASE, { name: 't.clair', text }));
    // A base that already has a fragment loses it.
    const a = shareUrl(`${BASE}#old`, { name: 't.clair', text });
    expect(a.ok && a.url.startsWith(`${BASE}#share=`)).toBe(true);
  });

  it('compress a 1 MB trace to a link a browser takes', () => {
    let text = '';
    for (let n = 2000; text.length < 1_000_000; n += 2000) text = generateTrace(n);
    const link = shareUrl(BASE, { name: 'big.clair', text });
    expect(link.ok).toBe(true);
    if (link.ok) expect(link.url.length).toBeLessThan(text.length / 2);
  });

  it('refuse a document too large for a link, and say to share the session file', () => {
    // Random text hardly compresses.
    let seed = 7;
    const noise = Array.from({ length: 2_000_000 }, () => String.fromCharCode(33 + ((seed = (seed * 48271) % 2147483647) % 90))).join('');
    const link = shareUrl(BASE, { name: 'noise.clair', text: noise });
    expect(link.ok).toBe(false);
    if (!link.ok) {
      expect(link.chars).toBeGreaterThan(MAX_SHARE_URL_CHARS);
      expect(link.reason).toMatch(/session file/);
    }
  });

  it.each([
    ['cut short', (h: string) => h.slice(0, Math.floor(h.length / 2)), /damaged/],
    ['a character that is not base64url', (h: string) => `${h.slice(0, 20)}*${h.slice(21)}`, /damaged/],
    ['empty', () => '#share=', /damaged/],
  ])('explain a link that is %s', (_what, damage, message) => {
    const link = shareUrl(BASE, { name: 't.clair', text: generateTrace(50) });
    const result = decodeShare(damage(link.ok ? new URL(link.url).hash : ''));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(message);
  });

  it('refuse a link of another kind, or one that names nothing', () => {
    const encode = (value: unknown) => `#share=${Buffer.from(deflateSync(strToU8(JSON.stringify(value)))).toString('base64url')}`;
    expect(decodeShare(encode({ format: 'warrant.share.v9', name: 'x', text: '' }))).toMatchObject({ ok: false, reason: expect.stringMatching(/unknown kind/) });
    expect(decodeShare(encode({ format: SHARE_FORMAT, text: 'x' }))).toMatchObject({ ok: false, reason: expect.stringMatching(/names no document/) });
    expect(decodeShare(encode({ format: SHARE_FORMAT, name: 'x', files: [[1, 2]] }))).toMatchObject({ ok: false });
    expect(decodeShare(encode([1, 2]))).toMatchObject({ ok: false });
  });

  it('stop inflating a link at the limit (a small link that would expand enormously)', () => {
    const bomb = `#share=${Buffer.from(deflateSync(new Uint8Array(5_000_000))).toString('base64url')}`;
    expect(bomb.length).toBeLessThan(20_000);
    expect(decodeShare(bomb, 1_000_000)).toMatchObject({ ok: false, reason: expect.stringMatching(/larger than/) });
  });
});

describe('share links obey the document limit a paste or a file does (16 MiB)', () => {
  const MiB = 1024 * 1024;
  const fragment = (json: Buffer | string) => `#share=${deflateRawSync(json, { level: 4 }).toString('base64url')}`;
  const overLimit = /^the link's document is too large: it is (more than 16 MiB|[0-9.]+ (MiB|bytes)); Warrant reads at most 16 MiB for a document$/;

  it('a 20 MiB text: refused with the words of an over-large file', () => {
    const result = decodeShare(`#share=${encodeShare({ name: 'big.clair', text: 'x'.repeat(20 * MiB) })}`);
    expect(result).toEqual({ ok: false, reason: "the link's document is too large: it is more than 16 MiB; Warrant reads at most 16 MiB for a document" });
  });

  it('a 250 MiB text (a link of a few hundred KB): refused once 17 MiB have come out, never inflated whole', () => {
    const head = `{"format":"${SHARE_FORMAT}","name":"huge.clair","text":"`;
    const json = Buffer.alloc(head.length + 250 * MiB + 2, 'x');
    json.write(head, 0);
    json.write('"}', json.length - 2);
    const hash = fragment(json);
    expect(hash.length).toBeLessThan(1_000_000);
    const start = performance.now();
    const result = decodeShare(hash);
    const ms = performance.now() - start;
    // The archive bound (256 MiB) would say "larger than"; the document bound stops it first.
    expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(overLimit) });
    expect(result.ok ? '' : result.reason).toContain('more than 16 MiB');
    expect(ms).toBeLessThan(10_000);
  });

  it('just past the limit: the exact size, as a file of that size is told', () => {
    const result = decodeShare(`#share=${encodeShare({ name: 'edge.clair', text: 'x'.repeat(MAX_DOCUMENT_BYTES + 1) })}`);
    expect(result).toEqual({ ok: false, reason: "the link's document is too large: it is 16777217 bytes; Warrant reads at most 16 MiB for a document" });
  });

  it('a package whose files together are past the limit is refused; a 16 MiB text and one of escapes are not', () => {
    const files: [string, string][] = [
      ['a.py', 'x'.repeat(9 * MiB)],
      ['b.py', 'y'.repeat(9 * MiB)],
    ];
    expect(decodeShare(`#share=${encodeShare({ name: 'pkg', files })}`)).toMatchObject({ ok: false, reason: expect.stringMatching(overLimit) });
    const full = 'x'.repeat(MAX_DOCUMENT_BYTES);
    expect(decodeShare(`#share=${encodeShare({ name: 'full.clair', text: full })}`)).toEqual({ ok: true, payload: { name: 'full.clair', text: full } });
    // Each control character is six bytes of JSON (\u0001) and one of text: 4 MiB of them is 24 MiB of JSON, and fine.
    const escapes = '\u0001'.repeat(4 * MiB);
    const back = decodeShare(`#share=${encodeShare({ name: 'escapes.clair', text: escapes })}`);
    expect(back.ok && 'text' in back.payload && back.payload.text === escapes).toBe(true);
  });

  it('a link is not made for a document past the limit (the page and `warrant share` alike)', () => {
    const link = shareUrl(BASE, { name: 'big.clair', text: 'x'.repeat(MAX_DOCUMENT_BYTES + 1) });
    expect(link).toMatchObject({ ok: false, reason: expect.stringMatching(overLimit) });
  });
});
