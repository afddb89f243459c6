/**
 * Generated CLAIR traces for benchmarks and load tests: a deterministic, realistic mix
 * of roots, chains, fan-in and fan-out, meta-beliefs and invalidation conditions. Every
 * generated trace is valid (no errors), so validation does its full work.
 */
import { mulberry32 } from './seededRandom.ts';

const TOPICS = ['cache', 'index', 'query plan', 'retry loop', 'timeout', 'schema', 'lock', 'queue', 'parser', 'replica'];
const VERBS = ['slows', 'guards', 'feeds', 'breaks', 'explains', 'rules out', 'needs', 'mirrors'];

export function generateTrace(beliefs: number, seed = 7): string {
  const random = mulberry32(seed);
  const lines: string[] = ['; generated trace'];
  const conf: number[] = [];
  for (let i = 1; i <= beliefs; i++) {
    const topic = TOPICS[Math.floor(random() * TOPICS.length)]!;
    const verb = VERBS[Math.floor(random() * VERBS.length)]!;
    const other = TOPICS[Math.floor(random() * TOPICS.length)]!;
    // Justify by one to three recent beliefs, so the graph is deep and locally dense.
    const count = i <= 3 ? 0 : 1 + Math.floor(random() * Math.min(3, i - 1));
    const refs = new Set<number>();
    while (refs.size < count) refs.add(Math.max(1, i - 1 - Math.floor(random() * 12)));
    let product = 1;
    for (const r of refs) product *= conf[r - 1]!;
    // Confidence decays along chains; a fresh observation restarts it, as in real traces.
    if (count === 0 || product < 0.3 || random() < 0.05) {
      const c = i === 1 ? 1 : (80 + Math.floor(random() * 20)) / 100;
      conf.push(c);
      lines.push(`b${i} ${fmt(c)} L0 @${i === 1 ? 'user' : 'ctx'} "the ${topic} ${verb} the ${other} (${i})"`);
      continue;
    }
    const c = Math.floor(product * (0.9 + random() * 0.1) * 1000) / 1000;
    conf.push(c);
    const inv = random() < 0.1 ? ` ?["the ${other} changes"]` : '';
    const refText = [...refs].map((r) => `b${r}`).join(',');
    lines.push(`b${i} ${fmt(c)} L0 @self <${refText}${inv} "so the ${topic} ${verb} the ${other} (${i})"`);
  }
  return lines.join('\n') + '\n';
}

function fmt(c: number): string {
  return c === 1 ? '1.0' : String(c).replace(/^0\./, '.');
}
