/**
 * A document or project is analysed as it is opened, whether or not an editor exists:
 * on a first load the graph does not wait for Monaco (DocumentPipeline.followOpens).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openDocument, openProject, useDocumentStore } from '../../src/store/document/documentStore.ts';
import { corePipeline, until } from '../support/corePipeline.ts';

const ROUTE = readFileSync(new URL('../../public/samples/route-planning.clair', import.meta.url), 'utf8');
const state = () => useDocumentStore.getState();

describe('opening without an editor', () => {
  const pipeline = corePipeline();
  pipeline.followOpens();

  it('a CLAIR document opened is analysed, and its graph is there', async () => {
    const before = state().editorVersion;
    openDocument('route-planning.clair', ROUTE);
    expect(state().editorVersion).toBe(before + 1);
    await until(() => state().analysis?.version === before + 1, 'the analysis of the opened text');
    expect(state().analysis!.graph.nodes.map((n) => n.id)).toContain('b1');
  });

  it('a project opened is analysed whole; reopening the same text is a new version', async () => {
    const files = new Map([
      ['pyproject.toml', '[project]\nname = "tiny-gaia"\nversion = "0.1.0"\n\n[tool.gaia]\ntype = "knowledge-package"\n'],
      ['src/tiny/__init__.py', 'from gaia.engine.lang import claim\n\nsky = claim("The sky is blue.")\n'],
    ]);
    const before = state().editorVersion;
    openProject('tiny-gaia', files);
    await until(() => state().analysis?.version === before + 1, 'the analysis of the opened project');
    expect(state().analysis!.language).toBe('gaia');
    expect(state().analysis!.graph.nodes.some((n) => n.id.endsWith('sky'))).toBe(true);
    openDocument('route-planning.clair', ROUTE);
    openDocument('route-planning.clair', ROUTE);
    expect(state().editorVersion).toBe(before + 3);
  });

  it('the same text opened again (views emptied for a new document) has a view for every node', async () => {
    openDocument('route-planning.clair', ROUTE);
    await until(() => state().analysis?.version === state().editorVersion && state().views.size > 0, 'the first open analysed');
    const version = state().editorVersion;
    openDocument('route-planning.clair', ROUTE);
    await until(() => state().analysis?.version === version + 1, 'the second open analysed');
    const ids = state().analysis!.graph.nodes.map((n) => n.id);
    expect(ids.filter((id) => !state().views.has(id))).toEqual([]);
  });
});
