/**
 * Package folders in the page: which files a project keeps and where its root is
 * (projectFiles.ts), the package a new project starts as and a lone module wrapped as a
 * package (newPackage.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeGaia, analyzeGaiaPackage } from '../../../src/core/gaia/analyzeGaia.ts';
import { importNameOf, newPackageFiles, packageFromModule, projectNameFrom } from '../../../src/core/gaia/package/newPackage.ts';
import { compareTreePaths, defaultActiveFile, filesOfPackageText, isProjectFile, packageRootOf, packageText, projectFileLanguage } from '../../../src/core/gaia/package/projectFiles.ts';

const found = (...paths: string[]) => paths.map((path) => ({ path, size: 10 }));

describe('the package root among what was opened', () => {
  const cases: readonly [string, readonly string[], string, readonly string[]][] = [
    ['the folder itself', ['pyproject.toml', 'src/a/__init__.py'], '', ['pyproject.toml', 'src/a/__init__.py']],
    [
      'wrapped in a folder (a dropped folder, a zip of a folder)',
      ['tides-gaia/pyproject.toml', 'tides-gaia/src/tides/__init__.py', 'tides-gaia/README.md'],
      'tides-gaia',
      ['pyproject.toml', 'src/tides/__init__.py', 'README.md'],
    ],
    [
      'the shallowest pyproject.toml wins; a nested one is a file of the package',
      ['p/pyproject.toml', 'p/deps/q/pyproject.toml', 'p/src/p/__init__.py'],
      'p',
      ['pyproject.toml', 'deps/q/pyproject.toml', 'src/p/__init__.py'],
    ],
    [
      'dot folders, caches and environments are skipped',
      ['pyproject.toml', '.git/config', '.venv/lib/x.py', 'src/a/__pycache__/m.cpython-312.pyc', 'node_modules/x/index.json', 'src/a/__init__.py'],
      '',
      ['pyproject.toml', 'src/a/__init__.py'],
    ],
    ['binary and unknown files are not kept', ['pyproject.toml', 'docs/figure.png', 'data.parquet', 'notes.md', '.gitignore'], '', ['pyproject.toml', 'notes.md', '.gitignore']],
    ['Windows separators and ./ prefixes', ['.\\pkg\\pyproject.toml', './pkg/src/pkg/__init__.py'], 'pkg', ['pyproject.toml', 'src/pkg/__init__.py']],
  ];
  it.each(cases)('%s', (_what, paths, root, kept) => {
    const r = packageRootOf(found(...paths), 'the folder');
    expect('problem' in r ? r.problem : r.root).toBe(root);
    if ('keep' in r) expect([...r.keep.values()]).toEqual(kept);
  });

  it.each([
    ['no pyproject.toml', found('src/a/__init__.py'), /holds no pyproject\.toml/],
    ['a pyproject.toml only inside a skipped folder', found('.venv/pyproject.toml', 'a.py'), /holds no pyproject\.toml/],
    [
      'too large',
      [
        { path: 'pyproject.toml', size: 10 },
        { path: 'big.py', size: 17 * 1024 * 1024 },
      ],
      /too large/,
    ],
  ])('refused: %s', (_what, files, message) => {
    const r = packageRootOf(files, 'the folder');
    expect('problem' in r && r.problem).toMatch(message);
  });
});

describe('project file rules', () => {
  it.each([
    ['src/a/b.py', true, 'gaia'],
    ['references.json', true, 'plaintext'],
    ['pyproject.toml', true, 'plaintext'],
    ['src/a/py.typed', true, 'plaintext'],
    ['README.md', true, 'plaintext'],
    ['figure.png', false, 'plaintext'],
  ] as const)('%s: kept %s, edited as %s', (path, kept, language) => {
    expect(isProjectFile(path)).toBe(kept);
    // null: no language of Warrant's, so the editor shows the file as plain text.
    expect(projectFileLanguage(path) ?? 'plaintext').toBe(language);
  });

  it('lists folders before files, then by name', () => {
    const paths = ['pyproject.toml', 'src/t/theory.py', 'README.md', 'src/t/evidence/records.py', 'src/t/__init__.py', '.gitignore'];
    expect([...paths].sort(compareTreePaths)).toEqual(['src/t/evidence/records.py', 'src/t/__init__.py', 'src/t/theory.py', '.gitignore', 'pyproject.toml', 'README.md']);
  });

  it.each([
    [['pyproject.toml', 'src/t/sub/__init__.py', 'src/t/__init__.py', 'src/t/a.py'], 'src/t/__init__.py'],
    [['pyproject.toml', 'src/t/a.py'], 'src/t/a.py'],
    [['pyproject.toml', 'README.md'], 'pyproject.toml'],
    [[], null],
  ])('opens on the root module: %j', (paths, expected) => expect(defaultActiveFile(paths)).toBe(expected));

  it('packageText round-trips, and is the same whatever the order files were added in', () => {
    const a = new Map([
      ['b.py', 'x = 1\n'],
      ['a.py', '"""é"""\n'],
    ]);
    const b = new Map([...a].reverse());
    expect(packageText(a)).toBe(packageText(b));
    expect(filesOfPackageText(packageText(a))).toEqual(new Map([...a].sort()));
    expect(filesOfPackageText('not json')).toBeNull();
  });
});

describe('packages Warrant writes', () => {
  it.each([
    ['My Topic', 'my-topic-gaia', 'my_topic'],
    ['tides-gaia', 'tides-gaia', 'tides'],
    ['2024 survey.py', 'pkg-2024-survey-gaia', 'pkg_2024_survey'],
    ['', 'package-gaia', 'package'],
  ])('a project name from %j', (typed, project, importName) => {
    expect(projectNameFrom(typed)).toBe(project);
    expect(importNameOf(project)).toBe(importName);
  });

  it('a new package has the files gaia build init creates, and compiles with one claim', () => {
    const files = newPackageFiles('my-topic-gaia', '123e4567-e89b-42d3-a456-426614174000');
    expect([...files.keys()].sort()).toEqual([
      '.gitignore',
      '.python-version',
      'README.md',
      'pyproject.toml',
      'src/my_topic/__init__.py',
      'src/my_topic/authored/__init__.py',
      'src/my_topic/py.typed',
    ]);
    expect(files.get('pyproject.toml')).toContain('uuid = "123e4567-e89b-42d3-a456-426614174000"');
    const a = analyzeGaiaPackage(files);
    expect(a.diagnostics).toEqual([]);
    expect(a.graph.nodes.map((n) => n.id)).toEqual(['first_claim']);
    expect(JSON.parse(a.irText())).toMatchObject({ namespace: 'github', package_name: 'my_topic' });
  });

  it('a lone module wrapped as a package compiles to the same ir.json as the module alone', () => {
    const text = readFileSync(join(import.meta.dirname, '../../../public/samples/pendulum_period.py'), 'utf8');
    const files = packageFromModule('pendulum_period.py', text);
    expect([...files.keys()]).toEqual(['pyproject.toml', 'src/pendulum_period/__init__.py']);
    expect(analyzeGaiaPackage(files).irText()).toBe(analyzeGaia(text, { fileStem: 'pendulum_period' }).irText());
  });
});
