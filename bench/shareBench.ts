/**
 * Share links (issue 15): encoding a 1 MB trace into a link and decoding it back (target
 * ≤ 50 ms each), against the naive link — the text percent-encoded into the fragment
 * uncompressed — in the same run; the note gives both links' lengths.
 */
import type { BenchRow } from './benchTypes.ts';
import { generateTrace } from './generateTrace.ts';
import { medianMs } from './measure.ts';
import { decodeShare, shareUrl } from '../src/core/share/shareLink.ts';

const BASE = 'http://localhost:5173/';

export async function runShareBench(options: { quick: boolean }): Promise<BenchRow[]> {
  let text = '';
  for (let n = 4000; text.length < 1_000_000; n += 1000) text = generateTrace(n);
  const runs = { warmup: 2, runs: options.quick ? 5 : 15 };
  let url = '';
  const encode = await medianMs(() => {
    const r = shareUrl(BASE, { name: 'big.clair', text });
    if (!r.ok) throw new Error(r.reason);
    url = r.url;
  }, runs);
  const hash = new URL(url).hash;
  const decode = await medianMs(() => {
    if (!decodeShare(hash).ok) throw new Error('the link did not decode');
  }, runs);
  let naive = '';
  const naiveMs = await medianMs(() => {
    naive = `${BASE}#text=${encodeURIComponent(text)}`;
  }, runs);
  const naiveBack = await medianMs(() => decodeURIComponent(naive.slice(naive.indexOf('=') + 1)), runs);
  const size = `${(text.length / 1e6).toFixed(2)} MB trace`;
  return [
    {
      name: 'share: document → link',
      size,
      ms: encode,
      targetMs: 50,
      baselineMs: naiveMs,
      baselineName: 'the text percent-encoded, uncompressed',
      note: `link ${Math.round(url.length / 1000)} KB, against ${Math.round(naive.length / 1000)} KB uncompressed (${(naive.length / url.length).toFixed(1)}× longer)`,
    },
    {
      name: 'share: link → document',
      size,
      ms: decode,
      targetMs: 50,
      baselineMs: naiveBack,
      baselineName: 'percent-decoding the uncompressed link',
      note: 'base64url, bounded inflate, JSON read and checked',
    },
  ];
}
