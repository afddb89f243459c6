/**
 * Sessions that are projects (a Gaia package's files): the record keeps every file and
 * the file shown, editing-state saves replace them, archives carry them byte for byte,
 * and records from before projects (or of one-file documents) read exactly as before.
 */
import { describe, expect, it } from 'vitest';
import { readSessionRecord } from '../../src/db/recordValidation.ts';
import { exportSession, importSession } from '../../src/db/sessionArchive.ts';
import { applyEditingState, SessionRepository } from '../../src/db/sessionRepository.ts';
import { databasesPerTest } from './dbFixtures.ts';

const db = databasesPerTest();

const FILES = { 'src/p/__init__.py': 'from gaia.engine.lang import claim\n\nx = claim("X.")\n', 'pyproject.toml': '[project]\nname = "p-gaia"\n' };

describe('project sessions', () => {
  it('keep every file, in path order, and the file shown; saves replace them', async () => {
    const repo = new SessionRepository(await db(), { now: () => 1 });
    const created = await repo.create({ name: 'p-gaia', language: 'gaia', text: 'T', files: FILES, activeFile: 'src/p/__init__.py' });
    if (!created.ok) throw new Error(created.problem.message);
    const got = await repo.get(created.session.id);
    expect(got.ok && Object.keys(got.session.files ?? {})).toEqual(['pyproject.toml', 'src/p/__init__.py']);
    expect(got.ok && got.session.activeFile).toBe('src/p/__init__.py');
    const next = { ...FILES, 'src/p/priors.py': 'from gaia.engine.lang import register_prior\n' };
    await repo.saveEditingState(created.session.id, { files: next, activeFile: 'src/p/priors.py', text: 'T2' });
    const saved = await repo.get(created.session.id);
    expect(saved.ok && saved.session.files).toEqual(next);
    expect(saved.ok && saved.session.activeFile).toBe('src/p/priors.py');
    expect(saved.ok && saved.session.text).toBe('T2');
  });

  it('a one-file document has neither field, before and after a save', () => {
    const record = { id: 's', name: 'a.py', language: 'gaia', text: 'x', createdAt: 1, updatedAt: 1, selection: null, selectedNode: null, viewport: null, showHelpers: false, origin: null };
    const read = readSessionRecord(record);
    expect(read.ok && Object.keys(read.value)).toEqual(Object.keys(record));
    expect(Object.keys(applyEditingState(read.ok ? read.value : (null as never), { text: 'y' }, 2))).toEqual(Object.keys(record));
  });

  it.each([
    ['files that are not texts', { 'a.py': 3 }, null, /is not a text/],
    ['a path that climbs out', { '../a.py': '' }, null, /not relative/],
    ['an absolute path', { '/etc/passwd': '' }, null, /not relative/],
    ['a shown file that is not one of the files', { 'a.py': '' }, 'b.py', /activeFile/],
  ])('refuses %s', (_what, files, activeFile, reason) => {
    const r = readSessionRecord({ id: 's', name: 'p', language: 'gaia', text: '', createdAt: 1, updatedAt: 1, files, activeFile });
    expect(r.ok ? '' : r.reason).toMatch(reason);
  });

  it('an archive carries the files, and comes back byte for byte', async () => {
    const source = await db();
    const repo = new SessionRepository(source, { now: () => 1700000000000 });
    const created = await repo.create({ name: 'p-gaia', language: 'gaia', text: 'T', files: FILES, activeFile: 'pyproject.toml' });
    if (!created.ok) throw new Error('create');
    const exported = await exportSession(source, created.session.id);
    if (!exported.ok) throw new Error(exported.problem.message);
    expect(JSON.parse(exported.json).session.files).toEqual(FILES);
    const target = await db();
    expect(await importSession(target, exported.json)).toMatchObject({ ok: true, outcome: 'imported' });
    const again = await exportSession(target, created.session.id);
    expect(again.ok && again.json).toBe(exported.json);
  });
});
