/**
 * Exit codes and messages of docs/contract.md §1, through the real binary: 0 success, 1 the
 * input has errors, 2 usage or I/O error — and never a stack trace.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WarrantRun } from './support/runWarrant.ts';
import { hasStackTrace, runWarrant } from './support/runWarrant.ts';

const CLEAN = 'b1 1.0 L0 @user "a question"\nb2 .9 L0 @self <b1 "an answer"\n';
const ERRORS = 'b1 1.0 L0 @user "a"\nb2 .9 L0 @self <b9 "b"\n';
const WARNINGS = 'b1 .9 L0 @user "a"\nb2 .95 L0 @self <b1 "b"\n';

let dir = '';
const path = (name: string) => join(dir, name);

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'warrant-cli-'));
  writeFileSync(path('clean.clair'), CLEAN);
  writeFileSync(path('errors.clair'), ERRORS);
  writeFileSync(path('warnings.clair'), WARNINGS);
  writeFileSync(path('clean.txt'), CLEAN);
  writeFileSync(path('nul.clair'), Buffer.from('b1 1.0 L0 @user "a"\u0000\n', 'utf8'));
  writeFileSync(path('latin1.clair'), Buffer.from([0x62, 0x31, 0x20, 0xe9, 0xff, 0x0a]));
  writeFileSync(path('model.py'), 'from gaia import claim\n');
  writeFileSync(path('proposal.json'), '{"schemaVersion":"holoproof.formal-proposal.v1"}\n');
  mkdirSync(path('folder.clair'));
});

function expectCleanFailure(run: WarrantRun, pattern: RegExp) {
  expect(run.code).toBe(2);
  expect(run.stdout).toBe('');
  expect(run.stderr).toMatch(pattern);
  expect(hasStackTrace(run.stderr)).toBe(false);
}

describe('warrant check: exit codes', () => {
  it('0 for a clean file, 1 for errors, 0 for warnings alone', async () => {
    const [clean, errors, warnings, both] = await Promise.all([
      runWarrant(['check', path('clean.clair')]),
      runWarrant(['check', path('errors.clair')]),
      runWarrant(['check', path('warnings.clair')]),
      runWarrant(['check', path('clean.clair'), path('errors.clair')]),
    ]);
    expect(clean.code).toBe(0);
    expect(clean.stdout).toMatch(/1 file checked: no problems/);
    expect(errors.code).toBe(1);
    expect(errors.stdout).toContain(`${path('errors.clair')}:2:17: error unknown-ref: b9 is not defined`);
    expect(errors.stdout).toMatch(/1 error, 0 warnings/);
    expect(warnings.code).toBe(0);
    expect(warnings.stdout).toMatch(/:2:4: warning exceeds-derivation-bound: /);
    expect(both.code).toBe(1);
    expect(both.stdout).toMatch(/2 files checked: 1 error/);
  });

  it('2 with one clear line for a missing file, a directory, binary data and invalid UTF-8', async () => {
    const [missing, folder, nul, latin1] = await Promise.all([
      runWarrant(['check', 'missing.clair']),
      runWarrant(['check', path('folder.clair')]),
      runWarrant(['check', path('nul.clair')]),
      runWarrant(['check', path('latin1.clair')]),
    ]);
    expectCleanFailure(missing, /^warrant: cannot read missing\.clair: no such file\n$/);
    expectCleanFailure(folder, /^warrant: cannot read .*folder\.clair: is a directory\n$/);
    expectCleanFailure(nul, /^warrant: cannot read .*nul\.clair: binary data.*\n$/);
    expectCleanFailure(latin1, /^warrant: cannot read .*latin1\.clair: not valid UTF-8 text\n$/);
  });

  it('reads standard input for -, as CLAIR unless --lang says otherwise', async () => {
    const [clean, errors, json, gaia] = await Promise.all([
      runWarrant(['check', '-'], { input: CLEAN }),
      runWarrant(['check', '-'], { input: ERRORS }),
      runWarrant(['check', '--json', '-'], { input: ERRORS }),
      runWarrant(['check', '--lang', 'gaia', '-'], { input: 'while True:\n    pass\n' }),
    ]);
    expect(clean.code).toBe(0);
    expect(errors.code).toBe(1);
    expect(errors.stdout).toContain('<stdin>:2:17: error unknown-ref');
    expect(JSON.parse(json.stdout).files[0]).toMatchObject({ file: '<stdin>', language: 'clair' });
    // A while loop is Python outside what Warrant evaluates: reported as an error, not a crash.
    expect(gaia.code).toBe(1);
    expect(gaia.stdout).toContain('<stdin>:1:');
  });

  it('chooses the language by extension or --lang', async () => {
    const [txt, txtForced, py, proposal, badLang] = await Promise.all([
      runWarrant(['check', path('clean.txt')]),
      runWarrant(['check', '--lang', 'clair', path('clean.txt')]),
      runWarrant(['check', path('model.py')]),
      runWarrant(['check', path('proposal.json')]),
      runWarrant(['check', '--lang=cobol', path('clean.clair')]),
    ]);
    expectCleanFailure(txt, /cannot tell the language of .*clean\.txt.*--lang/);
    expect(txtForced.code).toBe(0);
    expect([0, 1]).toContain(py.code);
    expect(py.stderr).toBe('');
    // A FormalProposal is checked by its gates: this one lacks most required fields.
    expect(proposal.code).toBe(1);
    expect(proposal.stdout).toMatch(/error schema-missing-field: the proposal needs a field "declarations"/);
    expect(badLang.code).toBe(2);
    expect(badLang.stderr).toMatch(/--lang must be one of clair, gaia, proposal/);
  });
});

describe('warrant: usage', () => {
  it('2 with the usage for unknown commands, options and missing arguments', async () => {
    const [unknown, option, noFile, none, twoStdin] = await Promise.all([
      runWarrant(['frobnicate']),
      runWarrant(['check', '--frob', path('clean.clair')]),
      runWarrant(['check']),
      runWarrant([]),
      runWarrant(['check', '-', '-']),
    ]);
    for (const r of [unknown, option, noFile, none, twoStdin]) {
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/[Uu]sage: warrant/);
      expect(hasStackTrace(r.stderr)).toBe(false);
    }
    expect(unknown.stderr).toMatch(/^warrant: unknown command "frobnicate"/);
    expect(option.stderr).toMatch(/^warrant: unknown option --frob for check/);
  });

  it('help and --help print the usage and exit 0', async () => {
    const [help, dashHelp, commandHelp] = await Promise.all([runWarrant(['help']), runWarrant(['--help']), runWarrant(['check', '--help'])]);
    for (const r of [help, dashHelp, commandHelp]) {
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/Usage: warrant <command>/);
      expect(r.stdout).toMatch(/Exit codes: 0 success, 1 the input has errors, 2 usage or I\/O error/);
    }
    expect(commandHelp.stdout).toMatch(/^usage: warrant check FILE\.\.\./);
  });

  it('works from another working directory', async () => {
    const r = await runWarrant(['check', 'clean.clair'], { cwd: dir });
    expect(r.code).toBe(0);
  });
});

describe('warrant infer and export: exit codes', () => {
  it('infer: 0 with a table, 1 with diagnostics for a document with errors', async () => {
    const [clean, errors, warnings, twoFiles] = await Promise.all([
      runWarrant(['infer', path('clean.clair')]),
      runWarrant(['infer', path('errors.clair')]),
      runWarrant(['infer', path('warnings.clair')]),
      runWarrant(['infer', path('clean.clair'), path('errors.clair')]),
    ]);
    expect(clean.code).toBe(0);
    expect(clean.stdout).toMatch(/^id\s+stated\s+derived\s+effective\s+band$/m);
    expect(clean.stdout).toMatch(/^b2\s+0\.900\s+1\.000\s+0\.900\s+strong$/m);
    expect(errors.code).toBe(1);
    expect(errors.stdout).toContain('error unknown-ref');
    expect(warnings.code).toBe(0);
    expect(warnings.stderr).toContain('warning exceeds-derivation-bound');
    expect(warnings.stdout).toMatch(/^b2\s+0\.950\s+0\.900\s+0\.900\s+strong$/m);
    expect(twoFiles.code).toBe(2);
  });

  it('export: 2 for a format that is unknown or for another language, and for an unwritable --out', async () => {
    const [later, unknown, noTo, badOut, wrongLanguage] = await Promise.all([
      runWarrant(['export', path('clean.clair'), '--to', 'smtlib']),
      runWarrant(['export', path('clean.clair'), '--to', 'pdf']),
      runWarrant(['export', path('clean.clair')]),
      runWarrant(['export', path('clean.clair'), '--to', 'json', '--out', path('no/such/dir/out.json')]),
      runWarrant(['export', path('clean.clair'), '--to', 'gaia-ir']),
    ]);
    expectCleanFailure(later, /^warrant: export --to smtlib needs a FormalProposal; .*clean\.clair is a CLAIR trace/);
    expectCleanFailure(wrongLanguage, /^warrant: export --to gaia-ir needs a Gaia package; .*clean\.clair is a CLAIR trace/);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown export format "pdf"/);
    expect(noTo.code).toBe(2);
    expectCleanFailure(badOut, /^warrant: cannot write .*out\.json: no such file\n$/);
  });
});
