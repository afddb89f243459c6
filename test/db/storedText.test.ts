import { describe, expect, it, vi } from 'vitest';
import { SessionRepository } from '../../src/db/sessionRepository.ts';
import { partedText, partsOfText, sameText, TEXT_PART_CHARS, wholeText, type PartedText } from '../../src/db/storedText.ts';
import { buildSessionArchive } from '../../src/db/sessionArchive.ts';
import { databasesPerTest } from './dbFixtures.ts';

const db = databasesPerTest();

function unwrap<T extends { ok: boolean }>(r: T): Extract<T, { ok: true }> {
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r as Extract<T, { ok: true }>;
}

/** A log-like text of `chars` characters or a little more, whole lines. */
function longText(chars: number, tag = 'op'): string {
  const lines: string[] = [];
  let n = 0;
  for (let i = 0; n < chars; i++) {
    const line = `{"${tag}":${i},"payload":"${'x'.repeat(40 + (i % 17))}"}`;
    lines.push(line);
    n += line.length + 1;
  }
  return `${lines.join('\n')}\n`;
}

describe('a long text in parts (storedText.ts)', () => {
  it('a long text goes into parts, comes back whole, and the list does not carry it', async () => {
    const d = await db();
    const repo = new SessionRepository(d);
    const text = longText(2.5 * TEXT_PART_CHARS);
    const s = unwrap(await repo.create({ name: 'log.mnema', language: 'mnema', text })).session;
    const raw = (await d.sessions.get(s.id)) as unknown as { text: string; textParts: { count: number; length: number }; textStamp: number };
    expect(raw.text).toBe('');
    expect(raw.textParts).toEqual({ count: 3, length: text.length });
    expect(await d.textParts.count()).toBe(3);
    const got = unwrap(await repo.get(s.id)).session;
    expect(got.text).toBe(text);
    expect(got.textStamp).toBe(raw.textStamp);
    const listed = (await repo.list()).sessions[0]!;
    expect(listed.name).toBe('log.mnema');
    expect('text' in listed).toBe(false);
  });

  it('appending to a long text writes its last part alone, and the stored text is the new one', async () => {
    const d = await db();
    const repo = new SessionRepository(d);
    const text = longText(3.2 * TEXT_PART_CHARS);
    const s = unwrap(await repo.create({ name: 'log.mnema', language: 'mnema', text })).session;
    const put = vi.spyOn(d.textParts, 'put');
    const read = vi.spyOn(d.textParts, 'bulkGet');
    const next = `${text}{"op":"appended"}\n`;
    const r = unwrap(await repo.saveText(s.id, { text: next, base: text, baseStamp: s.textStamp }));
    expect(r.outcome).toBe('saved');
    // Nobody wrote since: the stored text was not read back, and only the part that changed was written.
    expect(read).not.toHaveBeenCalled();
    expect(put.mock.calls.map(([p]) => p.index)).toEqual([3]);
    put.mockRestore();
    read.mockRestore();
    expect(unwrap(await repo.get(s.id)).session.text).toBe(next);
    expect(r.session.textStamp).not.toBe(s.textStamp);
  });

  it('a save from a base another tab saved over reads the stored text and merges, as with a short text', async () => {
    const repo = new SessionRepository(await db());
    const text = longText(1.5 * TEXT_PART_CHARS);
    const s = unwrap(await repo.create({ name: 'log.mnema', language: 'mnema', text })).session;
    const lines = text.split('\n');
    const theirs = [`{"op":"theirs"}`, ...lines].join('\n');
    const ours = `${text}{"op":"ours"}\n`;
    const other = unwrap(await repo.saveText(s.id, { text: theirs, base: text, baseStamp: s.textStamp }));
    expect(other.outcome).toBe('saved');
    // This tab still holds the first stamp: the stored text moved, so it is read and the two edits merge.
    const r = unwrap(await repo.saveText(s.id, { text: ours, base: text, baseStamp: s.textStamp }));
    expect(r).toMatchObject({ outcome: 'merged', text: `{"op":"theirs"}\n${text}{"op":"ours"}\n` });
    expect(unwrap(await repo.get(s.id)).session.text).toBe(`{"op":"theirs"}\n${text}{"op":"ours"}\n`);
  });

  it('a text that grows past a part, shrinks to a short one, and is deleted leaves no part behind', async () => {
    const d = await db();
    const repo = new SessionRepository(d);
    const s = unwrap(await repo.create({ name: 'a.clair', language: 'clair', text: 'short' })).session;
    expect(await d.textParts.count()).toBe(0);
    const long = longText(2.1 * TEXT_PART_CHARS);
    const grown = unwrap(await repo.saveText(s.id, { text: long, base: 'short', baseStamp: s.textStamp }));
    expect(await d.textParts.count()).toBe(3);
    const shorter = long.slice(0, Math.floor(1.5 * TEXT_PART_CHARS));
    const cut = unwrap(await repo.saveText(s.id, { text: shorter, base: long, baseStamp: grown.session.textStamp }));
    expect(await d.textParts.count()).toBe(2);
    unwrap(await repo.saveText(s.id, { text: 'short again', base: shorter, baseStamp: cut.session.textStamp }));
    expect(await d.textParts.count()).toBe(0);
    expect(((await d.sessions.get(s.id)) as unknown as { text: string }).text).toBe('short again');
    unwrap(await repo.saveText(s.id, { text: long, base: 'short again' }));
    expect(unwrap(await repo.delete(s.id)).ok).toBe(true);
    expect(await d.textParts.count()).toBe(0);
  });

  it('rename, duplicate and the archive keep a long text whole', async () => {
    const d = await db();
    const repo = new SessionRepository(d);
    const text = longText(1.2 * TEXT_PART_CHARS);
    const s = unwrap(await repo.create({ name: 'log.mnema', language: 'mnema', text })).session;
    const put = vi.spyOn(d.textParts, 'put');
    unwrap(await repo.rename(s.id, 'renamed.mnema'));
    expect(put).not.toHaveBeenCalled();
    put.mockRestore();
    expect(unwrap(await repo.get(s.id)).session).toMatchObject({ name: 'renamed.mnema', text });
    const copy = unwrap(await repo.duplicate(s.id)).session;
    expect(unwrap(await repo.get(copy.id)).session.text).toBe(text);
    const archive = unwrap(await buildSessionArchive(d, s.id)).archive;
    expect(archive.session.text).toBe(text);
    expect('textStamp' in archive.session).toBe(false);
  });

  it('a missing part is a corrupt record, reported, never a short text', async () => {
    const d = await db();
    const repo = new SessionRepository(d);
    const s = unwrap(await repo.create({ name: 'log.mnema', language: 'mnema', text: longText(2.2 * TEXT_PART_CHARS) })).session;
    await d.textParts.delete([s.id, 1]);
    const got = await repo.get(s.id);
    expect(got).toMatchObject({ ok: false, problem: { code: 'corrupt-record' } });
    expect(got.ok ? '' : got.problem.message).toMatch(/part 2 of 3 of its text is missing/);
  });

  it('a text in parts saves as its whole would, writes the parts that changed, and comes back in its parts', async () => {
    const d = await db();
    const repo = new SessionRepository(d);
    const text = longText(3.2 * TEXT_PART_CHARS);
    const s = unwrap(await repo.create({ name: 'log.mnema', language: 'mnema', text })).session;
    const base = partedText(partsOfText(text))!;
    // The editor's read: the untouched parts are the base's own strings, the last is read again.
    const appended = `${base.parts[3]!}{"op":"appended"}\n`;
    const next = partedText([...base.parts.slice(0, 3), appended])!;
    const put = vi.spyOn(d.textParts, 'put');
    const r = unwrap(await repo.saveText(s.id, { text: next, base, baseStamp: s.textStamp }));
    expect(r.outcome).toBe('saved');
    expect(put.mock.calls.map(([p]) => p.index)).toEqual([3]);
    put.mockRestore();
    expect('text' in r && r.text).toBe(next);
    expect(unwrap(await repo.get(s.id)).session.text).toBe(`${text}{"op":"appended"}\n`);
    // The same text again, in new strings: unchanged, nothing written.
    const again = unwrap(await repo.saveText(s.id, { text: `${text}{"op":"appended"}\n`, base: next, baseStamp: r.session.textStamp }));
    expect(again.outcome).toBe('unchanged');
  });

  it('a text in parts over a base another tab saved over merges whole', async () => {
    const repo = new SessionRepository(await db());
    const text = longText(1.5 * TEXT_PART_CHARS);
    const s = unwrap(await repo.create({ name: 'log.mnema', language: 'mnema', text })).session;
    unwrap(await repo.saveText(s.id, { text: `{"op":"theirs"}\n${text}`, base: text, baseStamp: s.textStamp }));
    const ours = partedText(partsOfText(`${text}{"op":"ours"}\n`))!;
    const r = unwrap(await repo.saveText(s.id, { text: ours, base: partedText(partsOfText(text))!, baseStamp: s.textStamp }));
    expect(r.outcome).toBe('merged');
    expect('text' in r && wholeText(r.text)).toBe(`{"op":"theirs"}\n${text}{"op":"ours"}\n`);
  });

  it.each([
    ['parts of the stored length', [TEXT_PART_CHARS, TEXT_PART_CHARS, 10], true],
    ['a short part before the last', [TEXT_PART_CHARS, 10, 10], false],
    ['a text short enough to be whole', [100], false],
  ])('partedText: %s', (_, lengths, ok) => {
    const parted = partedText(lengths.map((n, i) => String(i).repeat(n)));
    expect(parted !== null).toBe(ok);
  });

  it('sameText compares a text in parts with its string, part by part', () => {
    const text = longText(2.5 * TEXT_PART_CHARS);
    const parted = partedText(partsOfText(text)) as PartedText;
    expect(sameText(parted, text)).toBe(true);
    expect(sameText(text, parted)).toBe(true);
    expect(sameText(parted, `${text.slice(0, -2)}x\n`)).toBe(false);
    expect(sameText(parted, `${text}x`)).toBe(false);
    expect(wholeText(parted)).toBe(text);
  });
});
