/**
 * The startup half of moving media bytes out of the media_files table (migration 0005 is the other half; its
 * comment says why the move is split). Runs before the migrator, while data_base64 still exists: copies each
 * row's bytes into the media store under their sha256. Nothing to do on a database that never had the column
 * or has already dropped it. Rows are read one at a time, so a table of videos never sits in memory at once.
 */
import { sql, type SQL } from 'drizzle-orm';
import { mediaKey, type MediaStore } from './media-store';

type Rows<T> = { rows: T[] };
/** What both drivers' drizzle databases offer (kept narrow: the database module calls this one). */
export interface SqlRunner {
  execute(query: SQL): PromiseLike<unknown>;
}

/** Copies the inline bytes of every media_files row into the store; returns how many rows were copied. */
export async function moveInlineMediaToStore(db: SqlRunner, store: MediaStore): Promise<number> {
  const column = (await db.execute(
    sql`select 1 from information_schema.columns where table_schema = current_schema() and table_name = 'media_files' and column_name = 'data_base64'`,
  )) as unknown as Rows<unknown>;
  if (column.rows.length === 0) return 0;
  const ids = (await db.execute(sql`select id from media_files order by id`)) as unknown as Rows<{ id: string }>;
  let moved = 0;
  for (const { id } of ids.rows) {
    const r = (await db.execute(sql`select content_type, data_base64 from media_files where id = ${id}`)) as unknown as Rows<{
      content_type: string;
      data_base64: string;
    }>;
    const row = r.rows[0];
    if (!row) continue;
    const bytes = Buffer.from(row.data_base64, 'base64');
    await store.put(mediaKey(bytes), bytes, row.content_type);
    moved++;
  }
  if (moved > 0) console.info(`[media] moved the bytes of ${moved} media file(s) from the database into the ${store.kind} media store`);
  return moved;
}
