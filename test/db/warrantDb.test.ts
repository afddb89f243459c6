import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { SCHEMA_V1, WarrantDb } from '../../src/db/warrantDb.ts';
import { SessionRepository } from '../../src/db/sessionRepository.ts';
import { fakeIdb, freshDbName, makeOps } from './dbFixtures.ts';

describe('warrant database schema', () => {
  it('declares the tables and indexes the layer relies on', async () => {
    const db = new WarrantDb(freshDbName(), fakeIdb);
    await db.open();
    const indexes = (table: string) =>
      db
        .table(table)
        .schema.indexes.map((i) => i.name)
        .sort();
    expect(db.tables.map((t) => t.name).sort()).toEqual(['heads', 'keys', 'ops', 'seenHeads', 'sessions', 'textParts', 'texts', 'views']);
    expect(db.table('ops').schema.primKey.name).toBe('id');
    expect(indexes('ops')).toEqual(['[session+seq]']);
    expect(db.table('ops').schema.indexes.find((i) => i.name === '[session+seq]')?.unique).toBe(true);
    expect(indexes('texts')).toEqual(['sessions']);
    expect(indexes('sessions')).toEqual(['updatedAt']);
    expect(db.table('heads').schema.primKey.name).toBe('session');
    expect(db.table('views').schema.primKey.name).toBe('id');
    expect(db.table('seenHeads').schema.primKey.name).toBe('session');
    expect(db.table('textParts').schema.primKey.name).toBe('[session+index]');
    db.close();
  });

  it('opening an existing database keeps every record, including ones it cannot read', async () => {
    const name = freshDbName();
    // A database written by an earlier build: same tables, odd records in them.
    const old = new Dexie(name, fakeIdb);
    old.version(1).stores(SCHEMA_V1);
    await old.open();
    await old.table('sessions').bulkPut([
      { id: 'session:1', name: 'kept' },
      { id: 'session:2', junk: true },
    ]);
    await old.table('ops').bulkAdd(makeOps('session:1', 3));
    old.close();

    const db = new WarrantDb(name, fakeIdb);
    await db.open();
    expect(db.verno).toBe(6);
    expect(await db.sessions.count()).toBe(2);
    expect(await db.ops.count()).toBe(3);
    db.close();
  });

  it('a version 1 database upgrades without its session index, and deleting a session still takes all its ops', async () => {
    const name = freshDbName();
    const old = new Dexie(name, fakeIdb);
    old.version(1).stores(SCHEMA_V1);
    await old.open();
    await old.table('ops').bulkAdd([...makeOps('session:a', 4), ...makeOps('session:b', 2)]);
    old.close();

    const db = new WarrantDb(name, fakeIdb);
    await db.open();
    expect([...db.backendDB().transaction('ops').objectStore('ops').indexNames]).toEqual(['[session+seq]']);
    const deleted = await new SessionRepository(db).delete('session:a');
    expect(deleted).toMatchObject({ ok: true, ops: 4 });
    expect((await db.ops.toArray()).map((op) => op.session)).toEqual(['session:b', 'session:b']);
    db.close();
  });
});
