import { describe, expect, it } from 'vitest';
import { CliFailure } from '../../src/node/cliFailure.ts';
import { parseCommandLine } from '../../src/cli/commandLine.ts';
import { inputLanguage } from '../../src/node/inputLanguage.ts';

const SPEC = { flags: ['json'], values: { lang: ['clair', 'gaia'], out: null }, short: { k: 'k' } } as const;

describe('parseCommandLine', () => {
  it('separates positionals, flags and valued options in both spellings', () => {
    const cl = parseCommandLine('x', ['a.clair', '--json', '--lang', 'gaia', '-', '--out=o.svg'], SPEC);
    expect(cl.positionals).toEqual(['a.clair', '-']);
    expect([...cl.flags]).toEqual(['json']);
    expect(Object.fromEntries(cl.values)).toEqual({ lang: 'gaia', out: 'o.svg' });
  });

  it('treats everything after -- as positional', () => {
    expect(parseCommandLine('x', ['--', '--json', '-x'], SPEC).positionals).toEqual(['--json', '-x']);
  });

  it.each([
    [['--nope'], /unknown option --nope for x/],
    [['-z'], /unknown option -z for x/],
    [['--out'], /--out needs a value/],
    [['--lang', 'cobol'], /--lang must be one of clair, gaia/],
    [['--json=yes'], /--json takes no value/],
    [['--out', 'a', '--out', 'b'], /--out is given more than once/],
  ])('rejects %j as a usage error', (args, message) => {
    let error: unknown;
    try {
      parseCommandLine('x', args, SPEC);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CliFailure);
    expect((error as CliFailure).message).toMatch(message);
    expect((error as CliFailure).usageOf).toBe('x');
  });
});

describe('inputLanguage', () => {
  it('goes by extension, --lang first, and reads standard input as CLAIR', () => {
    expect(inputLanguage('a.clair', undefined)).toBe('clair');
    expect(inputLanguage('dir.v2/A.CLAIR', undefined)).toBe('clair');
    expect(inputLanguage('pkg/__init__.py', undefined)).toBe('gaia');
    expect(inputLanguage('m.gaia', undefined)).toBe('gaia');
    expect(inputLanguage('p.json', undefined)).toBe('proposal');
    expect(inputLanguage('-', undefined)).toBe('clair');
    expect(inputLanguage('a.clair', 'gaia')).toBe('gaia');
    expect(() => inputLanguage('notes', undefined)).toThrow(CliFailure);
    expect(() => inputLanguage('dir.clair/notes', undefined)).toThrow(/cannot tell the language/);
  });
});
