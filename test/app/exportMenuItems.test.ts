/** The Export menu's items are the exporter table's rows for the document's language. */
import { describe, expect, it } from 'vitest';
import { exportMenuItems } from '../../src/app/chrome/exportMenuItems.ts';
import { EXPORTERS, exportFormatsOf } from '../../src/core/export/exporterTable.ts';
import { LANGUAGES } from '../../src/core/languages/languageTable.ts';

describe('export menu items', () => {
  it('are the table’s formats of each language, with the table’s labels, file names and types', () => {
    for (const language of LANGUAGES) {
      const items = exportMenuItems(language, 'my doc.v2.clair');
      expect(items.map((i) => i.format)).toEqual(exportFormatsOf(language).map((e) => e.id));
      for (const item of items) {
        const row = EXPORTERS.find((e) => e.id === item.format)!;
        expect(row.languages).toContain(language);
        expect(item).toEqual({ format: row.id, testId: `export-${row.id}`, label: row.label, fileName: row.fileName('my doc.v2'), mime: row.mime });
      }
    }
  });

  it('cover every format of the table in some language', () => {
    const offered = new Set(LANGUAGES.flatMap((l) => exportMenuItems(l, 'x.clair').map((i) => i.format)));
    expect([...offered].sort()).toEqual(EXPORTERS.map((e) => e.id).sort());
  });

  it('name downloads after the document, or `document` when it has no name', () => {
    expect(exportMenuItems('clair', 'route-planning.clair').find((i) => i.format === 'dot')?.fileName).toBe('route-planning.dot');
    expect(exportMenuItems('clair', '.clair').find((i) => i.format === 'dot')?.fileName).toBe('document.dot');
    expect(exportMenuItems('gaia', 'pendulum_period.py').find((i) => i.format === 'gaia-ir')?.fileName).toBe('ir.json');
  });
});
