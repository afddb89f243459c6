import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deflateSync, strToU8 } from 'fflate';
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

  it('carry a package\'s files, in a fixed order, and a session archive', () => {
    const files: [string, string][] = [['src/pkg/b.py', 'b = claim("B")\n'], ['pyproject.toml', '[project]\nname = "pkg-gaia"\n'], ['src/pkg/__init__.py', '']];
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
