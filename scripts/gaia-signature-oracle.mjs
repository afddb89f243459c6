#!/usr/bin/env node
// Runs real Gaia (the oracle in ../shared/tools/gaia-oracle, or $GAIA_ORACLE) on every
// case of test/fixtures/gaia-signatures/cases.json and writes what it did with each to
// cases.expected.json beside it: compiled, with the SHA-256 of its ir.json and
// formalization manifest, or refused, with the first line of its error. Two at a time:
// each run starts a Python of its own.
//
//   node scripts/gaia-signature-oracle.mjs
//   GAIA_SIGNATURE_VERBS=fills,derive node scripts/gaia-signature-oracle.mjs   # only those verbs' cases; the other verdicts are kept
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const folder = join(root, 'test/fixtures/gaia-signatures');
const oracle = process.env.GAIA_ORACLE ?? join(root, '../shared/tools/gaia-oracle');
const fixture = JSON.parse(readFileSync(join(folder, 'cases.json'), 'utf8'));
const scratch = mkdtempSync(join(tmpdir(), 'gaia-signatures-'));

/** The case's name: its verb and its code on one line (the test names it the same way). */
function caseName(c) {
  return `${c.verb}: ${(c.priors ?? c.module).trim().split('\n').join('; ')}`;
}

function sha256(path) {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

async function runCase(c, i) {
  const pkg = join(scratch, `case${i}`);
  const src = join(pkg, 'src', 'signatures');
  mkdirSync(src, { recursive: true });
  writeFileSync(join(pkg, 'pyproject.toml'), fixture.pyproject);
  writeFileSync(join(src, '__init__.py'), fixture.header + c.module);
  if (c.priors !== undefined) writeFileSync(join(src, 'priors.py'), fixture.priors_header + c.priors);
  const out = `${pkg}.out`;
  await promisify(execFile)(join(oracle, 'run.sh'), [pkg, out]).catch(() => undefined);
  const status = JSON.parse(readFileSync(join(out, 'status.json'), 'utf8'));
  if (!status.compiled) return { compiled: false, error: String(status.error ?? '').split('\n')[0] };
  const manifest = join(out, 'formalization_manifest.json');
  return { compiled: true, ir_sha256: sha256(join(out, 'ir.json')), ...(existsSync(manifest) && { manifest_sha256: sha256(manifest) }) };
}

const only = process.env.GAIA_SIGNATURE_VERBS ? new Set(process.env.GAIA_SIGNATURE_VERBS.split(',')) : null;
const previous = only && existsSync(join(folder, 'cases.expected.json')) ? JSON.parse(readFileSync(join(folder, 'cases.expected.json'), 'utf8')) : {};
const results = {};
const queue = fixture.cases.map((c, i) => [c, i]).filter(([c]) => !only || only.has(c.verb));
async function worker() {
  for (let next = queue.shift(); next; next = queue.shift()) {
    const [c, i] = next;
    results[caseName(c)] = await runCase(c, i);
    process.stderr.write(`${Object.keys(results).length}/${fixture.cases.length}\r`);
  }
}
await Promise.all([worker(), worker()]);
const ordered = Object.fromEntries(fixture.cases.map((c) => [caseName(c), results[caseName(c)] ?? previous[caseName(c)]]));
writeFileSync(join(folder, 'cases.expected.json'), `${JSON.stringify(ordered, null, 1)}\n`);
rmSync(scratch, { recursive: true, force: true });
