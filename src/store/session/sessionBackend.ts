/**
 * Where sessions are stored, once storage is open: the database, its repository and op
 * log, the device key and the channel to other tabs. Null until then, and for good when
 * IndexedDB is not available (sessions are kept in memory: memorySessions.ts). The one
 * piece of state every session module reads; set once, by sessionStart.ts.
 */
import type { DeviceKey } from '../../core/oplog/deviceKey.ts';
import type { CrossTab } from '../../db/crossTab.ts';
import type { HeadSigner, OpLogStore } from '../../db/opLogStore.ts';
import type { SessionRepository } from '../../db/sessionRepository.ts';
import type { WarrantDb } from '../../db/warrantDb.ts';

export interface Backend {
  readonly db: WarrantDb;
  readonly repo: SessionRepository;
  readonly log: OpLogStore;
  readonly key: DeviceKey;
  /** Signs heads with the device key: the store's after each write, an archive's whose log has none. */
  readonly heads: HeadSigner;
  readonly tabs: CrossTab;
}

let backend: Backend | null = null;

/** The open storage, or null (not open yet, or not available). */
export function sessionBackend(): Backend | null {
  return backend;
}

/** Storage is open. */
export function setSessionBackend(opened: Backend): void {
  backend = opened;
}
