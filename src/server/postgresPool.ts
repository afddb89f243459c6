/**
 * A PostgreSQL pool for the team server's tables (rooms, their journal, revocations):
 * the tables made when missing, by instances that may start together, and an idle
 * client that loses its server (a restart) left to the pool to replace rather than
 * ending the process (without a listener, its 'error' event would).
 */
import type { Pool } from 'pg';

export async function postgresPool(url: string, max: number, tables: readonly string[]): Promise<Pool> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => undefined);
  try {
    for (const ddl of tables) {
      try {
        await pool.query(ddl);
      } catch (e) {
        // Instances starting together race to create a table: one wins, the others find
        // it made (unique_violation on the catalogue, or duplicate_table).
        const code = (e as { code?: string }).code;
        if (code !== '23505' && code !== '42P07') throw e;
      }
    }
  } catch (e) {
    await pool.end();
    throw e;
  }
  return pool;
}
