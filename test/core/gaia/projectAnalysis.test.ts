/**
 * A project in the validation worker's analysis session (src/core/analysis/analysisSession.ts):
 * every version analyses all the package's files together, its diagnostics name their
 * files, its graph nodes name the file that wrote them, and names are looked up across
 * modules for that version (go to definition, references, rename).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyPatch } from '../../../src/core/analysis/analysisPatch.ts';
import { AnalysisSession } from '../../../src/core/analysis/analysisSession.ts';
import { readPackage } from '../../../src/node/readPackage.ts';

const HARBOUR = join(import.meta.dirname, '../../../e2e/fixtures/harbour-gaia');

describe('a project in the analysis session', () => {
  it('analyses the package whole, version by version, and answers across modules', async () => {
    const files = new Map((await readPackage(HARBOUR)).files);
    const session = new AnalysisSession(() => 0);
    const first = applyPatch(null, session.analyze({ version: 1, text: '', language: 'gaia', baseVersion: null, files }))!;
    expect(first.diagnostics).toEqual([]);
    expect(first.ir).toBeDefined();
    const byId = new Map(first.graph.nodes.map((n) => [n.id as string, n]));
    expect(byId.get('lunar_pull')?.file).toBe('src/harbour/theory.py');
    expect(byId.get('logbook')?.file).toBe('src/harbour/evidence/records.py');

    // logbook in priors.py (line 5, `register_prior(logbook, …)`) is the claim written in records.py.
    const at = session.projectSymbolAt(1, 'src/harbour/priors.py', 5, 17);
    expect(at).toMatchObject({ name: 'logbook', kind: 'claim', nodeId: 'logbook', definition: { file: 'src/harbour/evidence/records.py', range: { line: 4, column: 1 } } });
    expect(session.projectReferences(1, 'src/harbour/priors.py', 5, 17)?.map((u) => u.file)).toEqual([
      'src/harbour/__init__.py',
      'src/harbour/__init__.py',
      'src/harbour/evidence/records.py',
      'src/harbour/evidence/records.py',
      'src/harbour/priors.py',
      'src/harbour/priors.py',
    ]);
    const rename = session.projectRename(1, 'src/harbour/priors.py', 5, 17, 'harbour_log');
    expect(rename && 'edits' in rename && new Set(rename.edits.map((e) => e.file))).toEqual(new Set(['src/harbour/__init__.py', 'src/harbour/evidence/records.py', 'src/harbour/priors.py']));

    // An error in one module: the next version's diagnostics name that file, as a patch on the first.
    const broken = new Map(files).set('src/harbour/theory.py', `${files.get('src/harbour/theory.py')}oops = claim(missing)\n`);
    const second = applyPatch(first, session.analyze({ version: 2, text: '', language: 'gaia', baseVersion: 1, files: broken }))!;
    expect(second.diagnostics.map((d) => `${d.file}:${d.range.line}:${d.code}`)).toEqual(['src/harbour/theory.py:6:undefined-name']);
    // Names of a version the session no longer keeps are not answered.
    expect(session.projectSymbolAt(99, 'src/harbour/priors.py', 5, 17)).toBeNull();
  });
});
