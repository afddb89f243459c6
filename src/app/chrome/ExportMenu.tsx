/**
 * Export menu (docs/contract.md §4: `export` and `export-FORMAT`): each item is an ordinary
 * browser download. The items are the exporter table's formats of the document's
 * language (exportMenuItems.ts); pageExporters.ts makes them.
 */
import { useState } from 'react';
import { useDocumentStore } from '../../store/document/documentStore.ts';
import type { ExportMenuItem } from './exportMenuItems.ts';
import { exportMenuItems } from './exportMenuItems.ts';
import { exportInPage } from './pageExporters.ts';
import { downloadFile } from './downloadFile.ts';
import { Menu } from './Menu.tsx';

export function ExportMenu() {
  const language = useDocumentStore((s) => s.language);
  const name = useDocumentStore((s) => s.name);
  const [error, setError] = useState<string | null>(null);
  const run = async (item: ExportMenuItem) => {
    try {
      downloadFile(await exportInPage(item.format), item.fileName, item.mime);
      setError(null);
    } catch (e) {
      setError(`export failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  return (
    <>
      <Menu label="Export" testId="export" align="end">
        {exportMenuItems(language, name).map((item) => (
          <button key={item.format} role="menuitem" data-testid={item.testId} onClick={() => void run(item)}>
            <strong>{item.label}</strong>
            <span>{item.fileName}</span>
          </button>
        ))}
      </Menu>
      {error && <span className="toolbar-error">{error}</span>}
    </>
  );
}
