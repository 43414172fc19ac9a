import { type EntityManager, In, type ObjectLiteral } from 'typeorm';

/**
 * Bulk writes for the modules that own a table: each passes its own entity, so only the owner names it.
 * Rows per statement stay well under SQLite's 32,766 bound parameters and MySQL's packet size.
 */
const CHUNK = 200;

/** `items` in lists of `size` (an `IN (…)` list, a multi-row INSERT). */
export function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Inserts `rows` a chunk per INSERT, through the caller's transaction. */
export async function insertChunked<T extends ObjectLiteral>(
  manager: EntityManager,
  entity: new () => T,
  rows: T[],
): Promise<void> {
  for (const chunk of chunks(rows)) await manager.insert(entity, chunk);
}

/** Deletes every row of the table, through the caller's transaction. */
export async function deleteAll(manager: EntityManager, entity: new () => ObjectLiteral): Promise<void> {
  await manager.createQueryBuilder().delete().from(entity).execute();
}

/** What replacing a table's rows by a new set changed. */
export interface RowChanges<Row> {
  added: Row[];
  updated: number;
  removed: number;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  }
  return a === b;
}

/**
 * Makes the table hold exactly `incoming` (by id), as a diff against what is stored: new and changed rows are
 * upserted in batches, rows not in `incoming` deleted. Only `columns` are compared and updated, so the site's
 * own columns (say, `featured`) survive on existing rows; new rows get `flagsOfNewRows`. With `keepMissing`,
 * rows not in `incoming` stay (a partial source: the feed's newest 15 videos).
 */
export async function replaceByDiff<Row extends { id: string }>(
  manager: EntityManager,
  entity: new () => ObjectLiteral,
  incoming: Row[],
  columns: readonly (keyof Row & string)[],
  flagsOfNewRows: ObjectLiteral,
  { keepMissing = false }: { keepMissing?: boolean } = {},
): Promise<RowChanges<Row>> {
  const stored = await manager.getRepository(entity).find({ select: ['id', ...columns] });
  const existing = new Map(stored.map((row) => [row.id as string, row]));
  const added: Row[] = [];
  const upserts: Row[] = [];
  let updated = 0;
  for (const row of incoming) {
    const current = existing.get(row.id);
    if (!current) {
      added.push(row);
      upserts.push(row);
    } else if (columns.some((column) => !sameValue(row[column], current[column]))) {
      updated++;
      upserts.push(row);
    }
  }
  const incomingIds = new Set(incoming.map((row) => row.id));
  const removedIds = keepMissing ? [] : [...existing.keys()].filter((id) => !incomingIds.has(id));

  for (const ids of chunks(removedIds)) {
    await manager.delete(entity, { id: In(ids) });
  }
  for (const rows of chunks(upserts)) {
    await manager
      .createQueryBuilder()
      .insert()
      .into(entity)
      // The flags only matter for new rows: the update below leaves existing flags alone.
      .values(rows.map((row) => ({ ...flagsOfNewRows, ...row })))
      .orUpdate([...columns], ['id'])
      .updateEntity(false)
      .execute();
  }
  return { added, updated, removed: removedIds.length };
}

/**
 * Inserts `rows`, or updates `columns` of those whose `conflict` key (the primary key) is stored already: a chunk per
 * statement (SQLite's ON CONFLICT … DO UPDATE, MySQL's ON DUPLICATE KEY UPDATE), through the caller's manager.
 */
export async function upsertChunked<T extends ObjectLiteral>(
  manager: EntityManager,
  entity: new () => T,
  rows: T[],
  columns: readonly (keyof T & string)[],
  conflict: readonly (keyof T & string)[],
): Promise<void> {
  for (const chunk of chunks(rows)) {
    await manager
      .createQueryBuilder()
      .insert()
      .into(entity)
      .values(chunk)
      .orUpdate([...columns], [...conflict])
      .updateEntity(false)
      .execute();
  }
}
