/** Package identity (docs/contract.md §1.2): options, then pyproject.toml as Gaia reads it, then defaults. */
import { describe, expect, it } from 'vitest';
import { resolvePackageIdentity } from '../../src/core/gaia/packageIdentity.ts';
import { readPyprojectToml } from '../../src/core/gaia/pyprojectToml.ts';

const TOML = `[project]
name = "my-physics-gaia"
version = "2.3.1"
dependencies = [
  "other-gaia>=1",
]

[tool.gaia]
type = 'knowledge-package'
namespace = "lab"

[tool.gaia.quality]
allow_holes = true
`;

describe('pyproject.toml', () => {
  it('reads project name and version and the gaia namespace', () => {
    expect(readPyprojectToml(TOML)).toMatchObject({ projectName: 'my-physics-gaia', version: '2.3.1', namespace: 'lab', gaiaType: 'knowledge-package', error: null });
  });

  it('derives the import name and the manifest name', () => {
    expect(resolvePackageIdentity({ pyprojectToml: TOML })).toEqual({ namespace: 'lab', packageName: 'my_physics', version: '2.3.1', projectName: 'my-physics-gaia', manifestPackage: 'my-physics' });
  });

  it("a pyproject without a namespace gives Gaia's default, github", () => {
    expect(resolvePackageIdentity({ pyprojectToml: '[project]\nname = "x"\nversion = "1"\n' }).namespace).toBe('github');
  });
});

describe('options and defaults', () => {
  it('options win over the pyproject', () => {
    expect(resolvePackageIdentity({ pyprojectToml: TOML, namespace: 'n', package: 'q', version: '9' })).toMatchObject({ namespace: 'n', packageName: 'q', version: '9', manifestPackage: 'q' });
  });

  it('defaults: local, the file stem with - → _, 0.1.0', () => {
    expect(resolvePackageIdentity({ fileStem: 'my-notes' })).toEqual({ namespace: 'local', packageName: 'my_notes', version: '0.1.0', projectName: 'my-notes-gaia', manifestPackage: 'my-notes' });
    expect(resolvePackageIdentity().packageName).toBe('package');
  });
});
