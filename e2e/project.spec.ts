/**
 * A Gaia package opened as a project (issue 13, item 7): from a folder and from a zip,
 * a file tree, every file editable, the graph and posteriors of the whole package
 * following an edit in any module, rename and go to definition across modules, problems
 * grouped by file, sessions that keep every file, and exports that are real Gaia's
 * bytes (e2e/fixtures: harbour-gaia and what the oracle wrote for it). Typing is key by
 * key; the important flows run again with the CPU throttled 4×.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { cursorAfter, editorText, errorCount, node, openFresh, settled, shot, throttle } from './page.ts';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const PACKAGE = join(FIXTURES, 'harbour-gaia');
const MODULES = ['__init__.py', 'evidence/__init__.py', 'evidence/records.py', 'observations.py', 'priors.py', 'theory.py'].map((m) => `src/harbour/${m}`);
const CLAIMS = ['high_tide', 'moon_overhead', 'lunar_pull', 'logbook', 'link'];

/** Every file of the fixture package, root-relative path → bytes. */
function packageFiles(): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.set(relative(PACKAGE, full).split('\\').join('/'), readFileSync(full));
    }
  };
  walk(PACKAGE);
  return out;
}

function oracle(variant: string, file: string): string {
  return readFileSync(join(FIXTURES, variant, file), 'utf8');
}

async function openFolder(page: Page): Promise<void> {
  await page.getByTestId('open-folder-input').setInputFiles(PACKAGE);
  await expect(page.getByTestId('project-tree')).toBeVisible();
  for (const id of CLAIMS) await expect(node(page, id)).toBeVisible({ timeout: 60_000 });
  await settled(page);
}

async function showFile(page: Page, path: string): Promise<void> {
  await page.getByTestId(`file-${path}`).click();
  await expect(page.getByTestId('editor')).toHaveAttribute('data-file', path);
  // The editor draws the file's lines in the frame after it switches to it.
  await expect.poll(() => editorText(page)).not.toBe('');
}

async function belief(page: Page, id: string): Promise<number> {
  return Number(await node(page, id).getAttribute('data-belief'));
}

async function download(page: Page, format: string): Promise<{ name: string; bytes: Buffer }> {
  await page.getByTestId('export').click();
  const [d] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`export-${format}`).click()]);
  return { name: d.suggestedFilename(), bytes: readFileSync(await d.path()) };
}

function beliefsOf(json: string): Map<string, number> {
  return new Map((JSON.parse(json) as { beliefs: { knowledge_id: string; belief: number }[] }).beliefs.map((b) => [b.knowledge_id, b.belief]));
}

function expectBeliefs(got: string, want: string): void {
  const g = beliefsOf(got);
  const w = beliefsOf(want);
  expect([...g.keys()].sort()).toEqual([...w.keys()].sort());
  for (const [id, value] of w) expect(Math.abs(g.get(id)! - value), id).toBeLessThan(1e-9);
}

test('a package folder opens as a project: the tree, each module, the graph of the whole package, exports as real Gaia writes them', async ({ page }) => {
  await openFresh(page);
  await openFolder(page);
  const tree = page.getByTestId('project-tree');
  for (const f of [...MODULES, 'pyproject.toml', 'references.json', 'README.md']) await expect(tree.getByTestId(`file-${f}`)).toBeVisible();
  // It opens on the package's root module.
  await expect(page.getByTestId('editor')).toHaveAttribute('data-file', 'src/harbour/__init__.py');
  await expect(tree.getByTestId('file-src/harbour/__init__.py')).toHaveAttribute('data-active', 'true');
  expect(await errorCount(page)).toBe(0);
  // Posteriors of claims written in four different modules, from one inference over the package.
  const want = beliefsOf(oracle('harbour-gaia.expected', 'beliefs.json'));
  for (const id of CLAIMS) expect(Math.abs((await belief(page, id)) - want.get(`demo:harbour::${id}`)!), id).toBeLessThan(1e-9);

  // Every file is editable in its own model: pyproject.toml as plain text, a module as Gaia.
  await showFile(page, 'pyproject.toml');
  expect(await editorText(page)).toContain('name = "harbour-gaia"');
  await showFile(page, 'src/harbour/theory.py');
  expect(await editorText(page)).toContain('lunar_pull = claim(');
  await shot(page, 'project-open');

  // A node written in another module opens that module, its statement selected.
  await node(page, 'logbook').click();
  await expect(page.getByTestId('editor')).toHaveAttribute('data-file', 'src/harbour/evidence/records.py');
  await expect(page.locator('[data-testid=editor] .selected-belief-line')).toHaveCount(1);
  await expect(page.locator('[data-testid=editor] .selected-text').first()).toBeVisible();
  await shot(page, 'project-node-opens-file');

  // Exports: ir.json byte for byte, beliefs.json to 1e-9, the manifests, and the package itself.
  const ir = await download(page, 'gaia-ir');
  expect(ir.name).toBe('ir.json');
  expect(ir.bytes.toString('utf8')).toBe(oracle('harbour-gaia.expected', 'ir.json'));
  expectBeliefs((await download(page, 'beliefs')).bytes.toString('utf8'), oracle('harbour-gaia.expected', 'beliefs.json'));
  const manifests = unzipSync(new Uint8Array((await download(page, 'manifests')).bytes));
  for (const f of ['formalization_manifest.json', 'manifests/exports.json', 'manifests/premises.json', 'manifests/holes.json', 'manifests/bridges.json']) {
    expect(strFromU8(manifests[f]!), f).toBe(oracle('harbour-gaia.expected', f));
  }
  const zip = await download(page, 'package');
  expect(zip.name).toBe('harbour-gaia.zip');
  const back = unzipSync(new Uint8Array(zip.bytes));
  const files = packageFiles();
  expect(Object.keys(back).sort()).toEqual([...files.keys()].sort());
  for (const [path, bytes] of files) expect(strFromU8(back[path]!), path).toBe(bytes.toString('utf8'));
  await expect(page.locator('.toolbar-error')).toHaveCount(0);
});

test('a package in a zip opens as a project, wherever its root is inside the zip', async ({ page }) => {
  await openFresh(page);
  // Zipped with its folder, as people zip a folder; plus an entry the project leaves out.
  const entries: Record<string, Uint8Array> = { 'harbour-gaia/src/harbour/__pycache__/theory.cpython-312.pyc': new Uint8Array([0, 1, 2]) };
  for (const [path, bytes] of packageFiles()) entries[`harbour-gaia/${path}`] = new Uint8Array(bytes);
  await page.getByTestId('open-zip-input').setInputFiles({ name: 'harbour-gaia.zip', mimeType: 'application/zip', buffer: Buffer.from(zipSync(entries)) });
  await expect(page.getByTestId('project-tree')).toBeVisible();
  for (const id of CLAIMS) await expect(node(page, id)).toBeVisible({ timeout: 60_000 });
  await settled(page);
  await expect(page.locator('.doc-name')).toHaveText('harbour-gaia');
  await expect(page.locator('[data-testid^="file-"]')).toHaveCount(packageFiles().size);
  expect(await errorCount(page)).toBe(0);
  expect((await download(page, 'gaia-ir')).bytes.toString('utf8')).toBe(oracle('harbour-gaia.expected', 'ir.json'));

  // Something that is not a package is refused with a sentence, and nothing else changes.
  await page.getByTestId('open-zip-input').setInputFiles({ name: 'notes.zip', mimeType: 'application/zip', buffer: Buffer.from(zipSync({ 'notes/a.txt': strToU8('hello') })) });
  await expect(page.getByText('notes.zip holds no pyproject.toml')).toBeVisible();
  await page.getByTestId('open-zip-input').setInputFiles({ name: 'broken.zip', mimeType: 'application/zip', buffer: Buffer.from('not a zip at all') });
  await expect(page.getByText(/broken\.zip could not be opened/)).toBeVisible();
  await expect(page.locator('.doc-name')).toHaveText('harbour-gaia');
});

for (const rate of [1, 4]) {
  const slow = rate === 1 ? '' : ` (CPU ${rate}× slower)`;

  test(`a prior typed in priors.py moves the posteriors of claims in other modules${slow}`, async ({ page }) => {
    test.setTimeout(rate === 1 ? 90_000 : 240_000);
    await openFresh(page);
    await openFolder(page);
    if (rate !== 1) await throttle(page, rate);
    const before = { link: await belief(page, 'link'), lunar_pull: await belief(page, 'lunar_pull'), logbook: await belief(page, 'logbook') };
    await showFile(page, 'src/harbour/priors.py');
    // lunar_pull's prior 0.6 → 0.3, typed key by key.
    await cursorAfter(page, 'value=0.6');
    await page.keyboard.press('Backspace');
    await settled(page);
    // From the key that makes the prior 0.3 to link's new posterior on screen (link is in __init__.py).
    // Installed (and awaited) before the key, read after it.
    await page.evaluate(() => {
      const w = window as unknown as { __onScreen?: Promise<number> };
      w.__onScreen = new Promise<number>((resolve) => {
        let pressed = 0;
        window.addEventListener('keydown', () => (pressed = performance.now()), { once: true, capture: true });
        const belief = () => document.querySelector('[data-testid=graph] [data-testid="node-link"]')?.getAttribute('data-belief') ?? null;
        const before = belief();
        // Checked every frame: what is on screen, whichever element draws it.
        const check = () => {
          if (pressed > 0 && belief() !== before) resolve(performance.now() - pressed);
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      });
    });
    await page.keyboard.type('3', { delay: 30 });
    const ms = await page.evaluate(() => (window as unknown as { __onScreen: Promise<number> }).__onScreen);
    test.info().annotations.push({ type: 'keystroke → posterior in another module on screen', description: `${ms.toFixed(0)} ms at CPU ×${rate}` });
    console.log(`keystroke in priors.py → link's posterior on screen: ${ms.toFixed(0)} ms (CPU ×${rate})`);
    await settled(page);
    // lunar_pull is written in theory.py, link in __init__.py: both move; logbook does not.
    await expect.poll(() => belief(page, 'lunar_pull')).toBeCloseTo(0.3, 9);
    const want = beliefsOf(oracle('harbour-gaia.prior-0.3.expected', 'beliefs.json'));
    await expect.poll(async () => Math.abs((await belief(page, 'link')) - want.get('demo:harbour::link')!)).toBeLessThan(1e-9);
    expect(await belief(page, 'link')).toBeLessThan(before.link - 0.05);
    expect(await belief(page, 'logbook')).toBeCloseTo(before.logbook, 9);
    expect(await errorCount(page)).toBe(0);
    if (rate === 1) {
      await shot(page, 'project-prior-edit');
      expectBeliefs((await download(page, 'beliefs')).bytes.toString('utf8'), oracle('harbour-gaia.prior-0.3.expected', 'beliefs.json'));
    }
  });

  test(`a claim used in three modules is renamed everywhere, and the package is Gaia's renamed one${slow}`, async ({ page }) => {
    test.setTimeout(rate === 1 ? 90_000 : 240_000);
    await openFresh(page);
    await openFolder(page);
    if (rate !== 1) await throttle(page, rate);
    await showFile(page, 'src/harbour/observations.py');
    await cursorAfter(page, 'moon_overhead');
    await page.keyboard.press('F2');
    const box = page.locator('.rename-box input');
    await expect(box).toBeVisible();
    await expect(box).toHaveValue('moon_overhead');
    // Monaco focuses its rename box a moment after showing it; a person types once the caret is there.
    await expect(box).toBeFocused();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('moon_high', { delay: 30 });
    await page.keyboard.press('Enter');
    await expect(node(page, 'moon_high')).toBeVisible({ timeout: 60_000 });
    await settled(page);
    await expect(node(page, 'moon_overhead')).toHaveCount(0);
    expect(await errorCount(page)).toBe(0);
    // The binding, the imports in two other modules, given=[…], __all__ and the [@…] reference.
    await showFile(page, 'src/harbour/__init__.py');
    const init = await editorText(page);
    expect(init).toContain('from .observations import high_tide, moon_high');
    expect(init).toContain('given=[theory.lunar_pull, high_tide, moon_high]');
    expect(init).toContain('[@moon_high]');
    expect(init).toContain('"moon_high", "logbook"');
    await showFile(page, 'src/harbour/evidence/records.py');
    expect(await editorText(page)).toContain('observe(moon_high, given=[logbook]');
    expect((await download(page, 'gaia-ir')).bytes.toString('utf8')).toBe(oracle('harbour-gaia.renamed.expected', 'ir.json'));
    if (rate === 1) await shot(page, 'project-renamed');
  });
}

test('go to definition and find references cross modules; problems are grouped by file and open it', async ({ page }) => {
  await openFresh(page);
  await openFolder(page);
  // high_tide is imported into __init__.py: F12 lands on its binding in observations.py.
  await cursorAfter(page, 'import high_tide');
  await page.keyboard.press('F12');
  await expect(page.getByTestId('editor')).toHaveAttribute('data-file', 'src/harbour/observations.py');
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-selected', 'high_tide');
  // Its references: the binding; the import, given=[…] and __all__ in __init__.py; the import in theory.py.
  await page.keyboard.press('Shift+F12');
  await expect(page.locator('.peekview-title')).toContainText('References (5)');
  await shot(page, 'project-references');
  await page.keyboard.press('Escape');

  // An error typed in theory.py: counted on its file in the tree, grouped under it in Problems.
  await showFile(page, 'src/harbour/theory.py');
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\noops = claim(missing_name)', { delay: 10 });
  await settled(page);
  expect(await errorCount(page)).toBe(1);
  await expect(page.getByTestId('file-src/harbour/theory.py')).toHaveAttribute('data-error-count', '1');
  await expect(page.getByTestId('problems-file-src/harbour/theory.py')).toBeVisible();
  await showFile(page, 'src/harbour/priors.py');
  await page.getByTestId('diagnostics').locator('li[data-file="src/harbour/theory.py"]').first().click();
  await expect(page.getByTestId('editor')).toHaveAttribute('data-file', 'src/harbour/theory.py');
  await shot(page, 'project-problems');
});

test('the project is a session: every file comes back after a reload, and in a session archive', async ({ page, browser }) => {
  await openFresh(page);
  await openFolder(page);
  await showFile(page, 'src/harbour/priors.py');
  await cursorAfter(page, 'value=0.9');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('5');
  await settled(page);
  // Saved a moment after typing stops.
  await page.waitForTimeout(1200);
  await page.goto('/');
  await expect(page.getByTestId('project-tree')).toBeVisible();
  await expect(page.getByTestId('editor')).toHaveAttribute('data-file', 'src/harbour/priors.py');
  await expect.poll(() => belief(page, 'logbook'), { timeout: 60_000 }).toBeCloseTo(0.5, 9);
  expect(await editorText(page)).toContain('register_prior(logbook, value=0.5');

  const [archive] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-session').click()]);
  expect(archive.suggestedFilename()).toBe('harbour-gaia.warrant.json');
  const json = readFileSync(await archive.path(), 'utf8');
  const parsed = JSON.parse(json) as { session: { files: Record<string, string>; activeFile: string } };
  expect(Object.keys(parsed.session.files).sort()).toEqual([...packageFiles().keys()].sort());
  expect(parsed.session.files['src/harbour/priors.py']).toContain('value=0.5');

  const other = await browser.newContext();
  const page2 = await other.newPage();
  await openFresh(page2);
  await page2.getByTestId('import-file').setInputFiles({ name: 'harbour-gaia.warrant.json', mimeType: 'application/json', buffer: Buffer.from(json) });
  await expect(page2.getByTestId('project-tree')).toBeVisible();
  await expect.poll(() => belief(page2, 'logbook'), { timeout: 60_000 }).toBeCloseTo(0.5, 9);
  await other.close();
});

test('New → Gaia package makes the files gaia build init makes, ready to edit; a one-file module stays one file', async ({ page }) => {
  await openFresh(page);
  await page.getByTestId('new-document').click();
  await page.getByTestId('new-gaia').click();
  await expect(page.getByTestId('project-tree')).toBeVisible();
  for (const f of ['pyproject.toml', 'README.md', '.gitignore', '.python-version', 'src/my_package/__init__.py', 'src/my_package/authored/__init__.py', 'src/my_package/py.typed']) {
    await expect(page.getByTestId(`file-${f}`)).toBeVisible();
  }
  await expect(node(page, 'first_claim')).toBeVisible({ timeout: 60_000 });
  await settled(page);
  expect(await errorCount(page)).toBe(0);
  // A second claim typed into the root module joins the graph.
  await cursorAfter(page, '__all__ += ["first_claim"]');
  await page.keyboard.type('\nsecond = claim("And a second one.", prior=0.7)', { delay: 10 });
  await expect(node(page, 'second')).toBeVisible({ timeout: 60_000 });
  await settled(page);
  expect(await errorCount(page)).toBe(0);
  await shot(page, 'project-new-package');

  await page.getByTestId('new-document').click();
  await page.getByTestId('new-gaia-module').click();
  await expect(page.locator('.doc-name')).toHaveText('untitled_package.py');
  await expect(page.getByTestId('project-tree')).toHaveCount(0);
  await expect(node(page, 'conclusion')).toBeVisible({ timeout: 60_000 });
  expect(await page.getByTestId('editor').getAttribute('data-file')).toBeNull();
});

/**
 * The browser's own folder dialog and a folder dragged from the desktop cannot be driven
 * from a test; the page is given the fixture folder through the same APIs it reads them
 * with (a directory handle, and the drop's file-system entries), and the rest is real.
 */
test('Open → Folder… through the File System Access API, and a folder dropped on the page', async ({ page }) => {
  const files: Record<string, string> = { '.git/config': '[core]\n', 'src/harbour/__pycache__/x.pyc': '\u0000\u0001' };
  for (const [path, bytes] of packageFiles()) files[path] = bytes.toString('utf8');
  await page.addInitScript((all: Record<string, string>) => {
    type Tree = { [name: string]: Tree | string };
    const tree: Tree = {};
    for (const [path, text] of Object.entries(all)) {
      const parts = path.split('/');
      let at = tree;
      for (const p of parts.slice(0, -1)) at = (at[p] ??= {}) as Tree;
      at[parts.at(-1)!] = text;
    }
    const handle = (name: string, node: Tree | string): unknown =>
      typeof node === 'string'
        ? { kind: 'file', name, getFile: async () => new File([node], name) }
        : {
            kind: 'directory',
            name,
            async *values() {
              for (const [n, child] of Object.entries(node)) yield handle(n, child);
            },
          };
    const entry = (name: string, node: Tree | string): unknown =>
      typeof node === 'string'
        ? { name, isFile: true, isDirectory: false, file: (ok: (f: File) => void) => ok(new File([node], name)) }
        : {
            name,
            isFile: false,
            isDirectory: true,
            createReader: () => {
              let done = false;
              return {
                readEntries: (ok: (e: unknown[]) => void) => {
                  ok(done ? [] : Object.entries(node).map(([n, c]) => entry(n, c)));
                  done = true;
                },
              };
            },
          };
    (window as unknown as { showDirectoryPicker: () => Promise<unknown> }).showDirectoryPicker = async () => handle('harbour-gaia', tree);
    // A dropped item reads as the folder harbour-gaia.
    DataTransferItem.prototype.webkitGetAsEntry = () => entry('harbour-gaia', tree) as FileSystemEntry;
  }, files);
  await openFresh(page);
  await page.getByTestId('open-menu').click();
  await page.getByTestId('open-folder').click();
  await expect(page.getByTestId('project-tree')).toBeVisible();
  for (const id of CLAIMS) await expect(node(page, id)).toBeVisible({ timeout: 60_000 });
  await settled(page);
  expect(await errorCount(page)).toBe(0);
  // The .git folder and the byte-code cache are not part of the project.
  await expect(page.locator('[data-testid^="file-"]')).toHaveCount(packageFiles().size);
  await expect(page.getByTestId('session-item')).toHaveCount(2);

  // Dropped on the page: another session of the same package.
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.items.add(new File(['x'], 'harbour-gaia'));
    const target = document.querySelector('[data-testid=graph]')!;
    target.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
    target.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  });
  await expect(page.getByTestId('session-item')).toHaveCount(3);
  await expect(page.getByTestId('project-tree')).toBeVisible();
  for (const id of CLAIMS) await expect(node(page, id)).toBeVisible({ timeout: 60_000 });
});
