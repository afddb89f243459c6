import { chromium } from '@playwright/test';
import { preview } from 'vite';
const server = await preview({ logLevel: 'error', preview: { host: '127.0.0.1', port: 0, strictPort: false } });
const url = server.resolvedUrls.local[0];
const browser = await chromium.launch({ headless: true, executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
await page.goto(`${url}?fresh&bench`);
const res = await page.evaluate(async () => {
  const N = 100000;
  let textMode = false;
  const mk0 = (session) => { const ops = []; let parent = null; for (let seq = 1; seq <= N; seq++) { const id = 'b3:' + seq.toString(16).padStart(64, '0'); ops.push({ v: 1, session, seq, parent, at: '2026-01-01T00:00:00.000Z', source: 'editor', author: 'ed25519:' + 'ab'.repeat(32), body: { kind: 'claim_correction', target: 'b' + (seq % 1000), value: (seq % 100) / 100, revision: null }, id, sig: 'cd'.repeat(64) }); parent = id; } return ops; };
  const mk = (session) => { const ops = mk0(session); return textMode ? ops.map((o) => ({ id: o.id, session: o.session, seq: o.seq, text: JSON.stringify(o) })) : ops; };
  const open = (name, withSession) => new Promise((res, rej) => { const r = indexedDB.open(name, 1); r.onupgradeneeded = () => { const s = r.result.createObjectStore('ops', { keyPath: 'id' }); if (withSession) s.createIndex('session', 'session'); s.createIndex('ss', ['session', 'seq'], { unique: true }); }; r.onsuccess = () => res(r.result); r.onerror = () => rej(r.error); });
  const run = async (label, withSession, batch, durability, pipelined) => {
    const name = 'x' + Math.random(); const db = await open(name, withSession); const ops = mk('session:' + label);
    const t = performance.now();
    const txs = [];
    for (let i = 0; i < N; i += batch) {
      const tx = db.transaction('ops', 'readwrite', { durability }); const st = tx.objectStore('ops');
      for (let j = i; j < Math.min(N, i + batch); j++) st.add(ops[j]);
      const p = new Promise((res, rej) => { tx.oncomplete = () => res(); tx.onerror = () => rej(tx.error); });
      if (pipelined) txs.push(p); else await p;
    }
    await Promise.all(txs);
    const ms = performance.now() - t; db.close(); indexedDB.deleteDatabase(name);
    return `${label}: ${Math.round(N / ms * 1000)} ops/s`;
  };
  const out = [];
  out.push(await run('compound-only one-tx', false, N, 'default', false));
  out.push(await run('both-idx one-tx', true, N, 'default', false));
  textMode = true;
  out.push(await run('TEXT compound-only one-tx', false, N, 'default', false));
  out.push(await run('TEXT both-idx one-tx', true, N, 'default', false));
  out.push(await run('TEXT compound-only 1000 relaxed', false, 1000, 'relaxed', false));
  return out;
});
console.log(res.join('\n'));
await browser.close(); server.httpServer.close();
