/**
 * The package symbol index (src/core/gaia/package/packageSymbols.ts): which names in
 * which files stand for the same thing through imports, and what renaming one edits.
 * Each row is a small package (root-relative path → text), a place in one file, and
 * what the index must say there.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPackage } from '../../../src/node/readPackage.ts';
import { analyzeGaiaPackage } from '../../../src/core/gaia/analyzeGaia.ts';
import type { PackageEdit, PackageSymbolIndex } from '../../../src/core/gaia/package/packageSymbols.ts';
import { boundNamesOf, indexPackageSymbols, packageDefinition, packageReferences, packageSymbolAt, renamePackageSymbol } from '../../../src/core/gaia/package/packageSymbols.ts';

const PYPROJECT = '[project]\nname = "tides-gaia"\nversion = "0.2.0"\n\n[tool.gaia]\ntype = "knowledge-package"\nnamespace = "demo"\n';

/** The tides package of the fixtures: five modules, a subpackage, `from . import m`, priors.py. */
const TIDES: Readonly<Record<string, string>> = {
  'pyproject.toml': PYPROJECT,
  'src/tides/__init__.py': [
    '"""Tides and the moon."""',
    'from gaia.engine.lang import claim, derive, note',
    'from .observations import high_tide, moon_overhead',
    'from . import theory',
    'from .evidence.records import logbook',
    '',
    'link = derive(theory.lunar_pull, given=[high_tide, moon_overhead], rationale="Tides follow the moon [@moon_overhead].")',
    'summary = note("Collected by the harbour office.")',
    '',
    '__all__ = ["high_tide", "moon_overhead", "logbook"]',
    '',
  ].join('\n'),
  'src/tides/evidence/__init__.py': '',
  'src/tides/evidence/records.py': [
    'from gaia.engine.lang import claim, observe',
    'from ..observations import moon_overhead',
    '',
    'logbook = claim("The harbour logbook records tides for 50 years.")',
    'observe(moon_overhead, given=[logbook], rationale="Logged.")',
    '',
  ].join('\n'),
  'src/tides/observations.py': [
    '"""Observations at the harbour."""',
    'from gaia.engine.lang import claim',
    '',
    'high_tide = claim("High tide comes twice a day.")',
    'moon_overhead = claim("The moon is overhead at one high tide.")',
    '_helper = claim("An unexported observation.")',
    '',
  ].join('\n'),
  'src/tides/priors.py': [
    'from gaia.engine.lang import register_prior',
    'from . import logbook',
    'from .theory import lunar_pull as pull',
    '',
    'register_prior(logbook, value=0.9, justification="Kept by officials.")',
    'register_prior(pull, value=0.6, justification="Plausible.")',
    '',
  ].join('\n'),
  'src/tides/theory.py': [
    '"""Theory of the lunar pull."""',
    'from gaia.engine.lang import claim',
    'from .observations import high_tide',
    '',
    'lunar_pull = claim("The moon\'s gravity raises the sea.")',
    '',
  ].join('\n'),
};

/** Helpers defined in one module and used in another, a plain value, `import *`, `__all__` extended. */
const HELPERS: Readonly<Record<string, string>> = {
  'pyproject.toml': PYPROJECT.replace('tides-gaia', 'helpers-gaia'),
  'src/helpers/__init__.py': [
    'from gaia.engine.lang import claim, derive',
    'from .common import *',
    'from .util import make, SCALE',
    '',
    'base = make("Base fact.")',
    'top = derive("Top.", given=[base, shared], rationale="Because @shared holds.")',
    '',
    '__all__: list[str] = []',
    '__all__ += ["top"]',
    '__all__.extend(["shared"])',
    '',
  ].join('\n'),
  'src/helpers/common.py': ['from gaia.engine.lang import claim', '', 'shared = claim("Shared fact.", prior=0.7)', '', '__all__ = ["shared"]', ''].join('\n'),
  'src/helpers/util.py': ['from gaia.engine.lang import claim', '', 'SCALE = 0.5', '', 'def make(text):', '    return claim(text, prior=SCALE)', ''].join('\n'),
};

function indexOf(files: Readonly<Record<string, string>>): { index: PackageSymbolIndex; bound: (f: string) => ReadonlySet<string>; errors: string[] } {
  const a = analyzeGaiaPackage(new Map(Object.entries(files)));
  return { index: indexPackageSymbols(a), bound: boundNamesOf(a.run), errors: a.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.file}:${d.range.line}: ${d.message}`) };
}

/** The 1-based position of the `nth` occurrence of `word` in a file (its first character). */
function find(files: Readonly<Record<string, string>>, file: string, word: string, nth = 1): { line: number; column: number } {
  const lines = files[file]!.split('\n');
  let seen = 0;
  for (let i = 0; i < lines.length; i++) {
    let from = 0;
    for (;;) {
      const at = lines[i]!.indexOf(word, from);
      if (at < 0) break;
      if (++seen === nth) return { line: i + 1, column: at + 1 };
      from = at + 1;
    }
  }
  throw new Error(`${word} #${nth} not in ${file}`);
}

/** Applies edits to the files (each file's edits from the end backwards). */
function applyEdits(files: Readonly<Record<string, string>>, edits: readonly PackageEdit[]): Record<string, string> {
  const out: Record<string, string> = { ...files };
  const byFile = new Map<string, PackageEdit[]>();
  for (const e of edits) byFile.set(e.file, [...(byFile.get(e.file) ?? []), e]);
  for (const [file, list] of byFile) {
    const lines = out[file]!.split('\n');
    list.sort((a, b) => b.range.line - a.range.line || b.range.column - a.range.column);
    for (const e of list) {
      const l = lines[e.range.line - 1]!;
      lines[e.range.line - 1] = l.slice(0, e.range.column - 1) + e.text + l.slice(e.range.endColumn - 1);
    }
    out[file] = lines.join('\n');
  }
  return out;
}

describe('the tides package and the helpers package read without errors', () => {
  it.each([
    ['tides', TIDES],
    ['helpers', HELPERS],
  ])('%s', (_name, files) => expect(indexOf(files).errors).toEqual([]));
});

describe('references: every file that names the same thing', () => {
  const cases: readonly [string, Readonly<Record<string, string>>, string, string, number, readonly string[]][] = [
    // [what, package, file, word, occurrence, expected "file:line:role" list]
    [
      'a claim imported by name, exported, cited and observed',
      TIDES,
      'src/tides/observations.py',
      'moon_overhead',
      1,
      [
        'src/tides/__init__.py:3:import',
        'src/tides/__init__.py:7:reference',
        'src/tides/__init__.py:7:citation',
        'src/tides/__init__.py:10:export',
        'src/tides/evidence/records.py:2:import',
        'src/tides/evidence/records.py:5:reference',
        'src/tides/observations.py:5:definition',
      ],
    ],
    [
      'a claim reached as a module attribute and through an alias',
      TIDES,
      'src/tides/theory.py',
      'lunar_pull',
      1,
      // `link = derive(theory.lunar_pull, …)`: derive returns its conclusion, so link names it too.
      [
        'src/tides/__init__.py:7:definition',
        'src/tides/__init__.py:7:attribute',
        'src/tides/priors.py:3:import',
        'src/tides/priors.py:3:definition',
        'src/tides/priors.py:6:reference',
        'src/tides/theory.py:5:definition',
      ],
    ],
    [
      'a claim re-exported by the root and imported from it by priors.py',
      TIDES,
      'src/tides/priors.py',
      'logbook',
      2,
      [
        'src/tides/__init__.py:5:import',
        'src/tides/__init__.py:10:export',
        'src/tides/evidence/records.py:4:definition',
        'src/tides/evidence/records.py:5:reference',
        'src/tides/priors.py:2:import',
        'src/tides/priors.py:5:reference',
      ],
    ],
    ['a module named by `from . import`', TIDES, 'src/tides/__init__.py', 'theory', 1, ['src/tides/__init__.py:4:import', 'src/tides/__init__.py:7:reference']],
    [
      'a claim brought in by import *, in __all__ three ways and in a bare @reference',
      HELPERS,
      'src/helpers/common.py',
      'shared',
      1,
      ['src/helpers/__init__.py:6:reference', 'src/helpers/__init__.py:6:citation', 'src/helpers/__init__.py:10:export', 'src/helpers/common.py:3:definition', 'src/helpers/common.py:5:export'],
    ],
    [
      'a helper function used in another module',
      HELPERS,
      'src/helpers/__init__.py',
      'make',
      2,
      ['src/helpers/__init__.py:3:import', 'src/helpers/__init__.py:5:reference', 'src/helpers/util.py:5:definition'],
    ],
    [
      'a plain value, read inside the helper and imported',
      HELPERS,
      'src/helpers/util.py',
      'SCALE',
      1,
      ['src/helpers/__init__.py:3:import', 'src/helpers/util.py:3:definition', 'src/helpers/util.py:6:reference'],
    ],
  ];
  it.each(cases)('%s', (_what, files, file, word, nth, expected) => {
    const { index } = indexOf(files);
    const at = find(files, file, word, nth);
    const use = packageSymbolAt(index, file, at.line, at.column);
    expect(use?.name).toBe(word);
    expect(packageReferences(index, use!).map((u) => `${u.file}:${u.range.line}:${u.role}`)).toEqual(expected);
  });
});

describe('go to definition', () => {
  const cases: readonly [string, Readonly<Record<string, string>>, string, string, number, string][] = [
    ['from an import, in the module that made it', TIDES, 'src/tides/__init__.py', 'high_tide', 1, 'src/tides/observations.py:4:1'],
    ['from a module attribute', TIDES, 'src/tides/__init__.py', 'lunar_pull', 1, 'src/tides/theory.py:5:1'],
    ['from an alias, to the claim itself', TIDES, 'src/tides/priors.py', 'pull', 2, 'src/tides/theory.py:5:1'],
    ['from priors.py through the root re-export', TIDES, 'src/tides/priors.py', 'logbook', 2, 'src/tides/evidence/records.py:4:1'],
    ['a module, to its file', TIDES, 'src/tides/__init__.py', 'theory', 2, 'src/tides/theory.py:1:1'],
    ['a helper function, to its def', HELPERS, 'src/helpers/__init__.py', 'make', 2, 'src/helpers/util.py:5:5'],
    ['a name from import *', HELPERS, 'src/helpers/__init__.py', 'shared', 1, 'src/helpers/common.py:3:1'],
  ];
  it.each(cases)('%s', (_what, files, file, word, nth, expected) => {
    const { index } = indexOf(files);
    const at = find(files, file, word, nth);
    const use = packageSymbolAt(index, file, at.line, at.column)!;
    const def = packageDefinition(index, use);
    expect(def && `${def.file}:${def.range.line}:${def.range.column}`).toBe(expected);
  });
});

describe('rename across modules', () => {
  const cases: readonly [string, Readonly<Record<string, string>>, string, string, number, string, Readonly<Record<string, readonly string[]>>][] = [
    [
      'a claim used in three modules: bindings, imports, __all__ and a [@citation]',
      TIDES,
      'src/tides/observations.py',
      'moon_overhead',
      1,
      'moon_high',
      {
        'src/tides/__init__.py': [
          'from .observations import high_tide, moon_high',
          'link = derive(theory.lunar_pull, given=[high_tide, moon_high], rationale="Tides follow the moon [@moon_high].")',
          '__all__ = ["high_tide", "moon_high", "logbook"]',
        ],
        'src/tides/evidence/records.py': ['from ..observations import moon_high', 'observe(moon_high, given=[logbook], rationale="Logged.")'],
        'src/tides/observations.py': ['moon_high = claim("The moon is overhead at one high tide.")'],
      },
    ],
    [
      'from a module attribute: the alias in priors.py stays',
      TIDES,
      'src/tides/__init__.py',
      'lunar_pull',
      1,
      'gravity',
      {
        'src/tides/__init__.py': ['link = derive(theory.gravity, given=[high_tide, moon_overhead], rationale="Tides follow the moon [@moon_overhead].")'],
        'src/tides/priors.py': ['from .theory import gravity as pull', 'register_prior(pull, value=0.6, justification="Plausible.")'],
        'src/tides/theory.py': ['gravity = claim("The moon\'s gravity raises the sea.")'],
      },
    ],
    [
      'an alias: only the alias',
      TIDES,
      'src/tides/priors.py',
      'pull',
      2,
      'lp',
      { 'src/tides/priors.py': ['from .theory import lunar_pull as lp', 'register_prior(lp, value=0.6, justification="Plausible.")'] },
    ],
    [
      'a claim from import *, with __all__ in two modules and a bare @reference',
      HELPERS,
      'src/helpers/__init__.py',
      'shared',
      1,
      'common_ground',
      {
        'src/helpers/__init__.py': ['top = derive("Top.", given=[base, common_ground], rationale="Because @common_ground holds.")', '__all__.extend(["common_ground"])'],
        'src/helpers/common.py': ['common_ground = claim("Shared fact.", prior=0.7)', '__all__ = ["common_ground"]'],
      },
    ],
    [
      'a helper function',
      HELPERS,
      'src/helpers/util.py',
      'make',
      1,
      'make_claim',
      { 'src/helpers/__init__.py': ['from .util import make_claim, SCALE', 'base = make_claim("Base fact.")'], 'src/helpers/util.py': ['def make_claim(text):'] },
    ],
  ];
  it.each(cases)('%s', (_what, files, file, word, nth, newName, expectedLines) => {
    const { index, bound } = indexOf(files);
    const at = find(files, file, word, nth);
    const result = renamePackageSymbol(index, file, at.line, at.column, newName, bound);
    expect('edits' in result, 'refused' in result ? result.refused : '').toBe(true);
    if (!('edits' in result)) return;
    const after = applyEdits(files, result.edits);
    expect(new Set(result.edits.map((e) => e.file))).toEqual(new Set(Object.keys(expectedLines)));
    for (const [f, lines] of Object.entries(expectedLines)) for (const l of lines) expect(after[f]!.split('\n'), f).toContain(l);
    // The renamed package still reads cleanly: the rename reached every use.
    expect(indexOf(after).errors).toEqual([]);
  });

  const refusals: readonly [string, string, string, number, string, RegExp][] = [
    ['onto a name the module already binds', 'src/tides/theory.py', 'lunar_pull', 1, 'high_tide', /already defined in src\/tides\/theory\.py/],
    ["onto another node's label", 'src/tides/evidence/records.py', 'logbook', 1, 'lunar_pull', /already labels another node/],
    ['to something that is not a name', 'src/tides/observations.py', 'high_tide', 1, '2tides', /not a valid name/],
    ['to a keyword', 'src/tides/observations.py', 'high_tide', 1, 'lambda', /keyword/],
    ['a module', 'src/tides/__init__.py', 'theory', 1, 'theories', /rename its file/],
    ['a Gaia verb', 'src/tides/theory.py', 'claim', 2, 'assert_claim', /Only names of the package/],
  ];
  it.each(refusals)('refused: %s', (_what, file, word, nth, newName, message) => {
    const { index, bound } = indexOf(TIDES);
    const at = find(TIDES, file, word, nth);
    const result = renamePackageSymbol(index, file, at.line, at.column, newName, bound);
    expect('refused' in result && result.refused).toMatch(message);
  });
});

// Packages with dependencies (deps-*, joint-*) need their dependencies to compile at all; renaming across packages is not offered.
describe('renaming every claim of the fixture packages real Gaia compiles keeps them compiling', () => {
  const ROOT = join(import.meta.dirname, '../../fixtures/gaia-packages');
  const accepted = readdirSync(ROOT).filter(
    (n) =>
      !n.endsWith('.expected') &&
      !n.startsWith('deps-') &&
      !n.startsWith('joint-') &&
      // Gaia's predicate-logic docs example labels every claim in code: no name to rename.
      n !== 'formula-docs' &&
      existsSync(join(ROOT, `${n}.expected`)) &&
      // Nor those reaching a dependency through a [tool.uv.sources] path (fills-dam and the like).
      !readFileSync(join(ROOT, n, 'pyproject.toml'), 'utf8').includes('[tool.uv.sources]') &&
      (JSON.parse(readFileSync(join(ROOT, `${n}.expected/status.json`), 'utf8')) as { compiled?: boolean }).compiled === true,
  );
  it('has packages', () => expect(accepted.length).toBeGreaterThan(3));
  it.each(accepted)('%s', async (name) => {
    const files = Object.fromEntries((await readPackage(join(ROOT, name))).files);
    const { index, bound } = indexOf(files);
    const labels = index.symbols.filter((s) => s.labelledByName && s.nodeId === s.name && /^[A-Za-z]/.test(s.name));
    expect(labels.length).toBeGreaterThan(0);
    for (const s of labels) {
      const def = index.uses.find((u) => u.symbol === s.id && u.role === 'definition' && u.name === s.name);
      if (!def) continue;
      const result = renamePackageSymbol(index, def.file, def.range.line, def.range.column, `${s.name}_x`, bound);
      if (!('edits' in result)) throw new Error(`${name}: renaming ${s.name} was refused: ${result.refused}`);
      const after = analyzeGaiaPackage(new Map(Object.entries(applyEdits(files, result.edits))));
      expect(
        after.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.file}:${d.range.line}: ${d.message}`),
        `${name}: ${s.name}`,
      ).toEqual([]);
      expect(
        after.graph.nodes.some((n) => n.id === `${s.name}_x`),
        `${name}: ${s.name} relabelled`,
      ).toBe(true);
    }
  });
});

it('refused: a label set in code (x.label = …) is not renamed through a name that happens to match it', async () => {
  const files = Object.fromEntries((await readPackage(join(import.meta.dirname, '../../fixtures/gaia-packages/pythonic'))).files);
  const { index, bound } = indexOf(files);
  const file = 'src/orchard_trial/__init__.py';
  const at = find(files, file, 'north_result');
  const result = renamePackageSymbol(index, file, at.line, at.column, 'north', bound);
  expect('refused' in result && result.refused).toMatch(/label set in code/);
});
