import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema/tables.js';

/**
 * The chain's head at one moment: its last row's id and hash and how many rows led up to it. Kept
 * outside the database (a backup's manifest, the daily Telegram summary, the log, a file in DATA_DIR),
 * it is what a chain rebuilt after deleting rows no longer matches: each row's hash covers every row
 * before it, so the same hash at the same id means the same history up to there.
 */
export interface AuditAnchor {
  id: number;
  hash: string;
  /** Rows with an id up to `id`; unknown for an anchor typed in as `<id>:<hash>`. */
  rows?: number;
  /** When it was read (ms). */
  at?: number;
}

/** The chain's head now, or null while the trail is empty. */
export async function chainHead(db: Kysely<DB>, now: number): Promise<AuditAnchor | null> {
  const last = await db.selectFrom('audit').select(['id', 'hash']).orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (!last) return null;
  const id = Number(last.id);
  return { id, hash: last.hash, rows: await rowsUpTo(db, id), at: now };
}

async function rowsUpTo(db: Kysely<DB>, id: number): Promise<number> {
  const r = await db
    .selectFrom('audit')
    .select(sql<number>`count(*)`.as('n'))
    .where('id', '<=', id)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** `<id>:<hash>`, the form `npm run audit -- verify --anchor` takes. */
export function anchorText(a: AuditAnchor): string {
  return `${a.id}:${a.hash}`;
}

/** One line for a person to keep: the anchor and how to check against it. */
export function anchorLine(a: AuditAnchor | null): string {
  if (!a) return '审计链：尚无记录';
  return `审计链锚点：${anchorText(a)}（共 ${a.rows} 行；核对：npm run audit -- verify --anchor ${anchorText(a)}）`;
}

/** `<id>:<hash>` or `<id>:<hash>:<rows>`; null when it is neither. */
export function parseAnchor(text: string): AuditAnchor | null {
  const m = /^(\d+):([0-9a-f]{64})(?::(\d+))?$/i.exec(text.trim());
  if (!m) return null;
  return { id: Number(m[1]), hash: m[2].toLowerCase(), ...(m[3] !== undefined ? { rows: Number(m[3]) } : {}) };
}

/**
 * Whether the chain still holds the history an anchor recorded: its row at the anchor's id has the
 * anchor's hash (and as many rows up to it). Answers why not, in Chinese, or null. Rows after the
 * anchor are not looked at; walking the chain (verifyChain) checks that each follows the one before.
 */
export async function checkAnchor(db: Kysely<DB>, a: AuditAnchor): Promise<string | null> {
  const row = await db.selectFrom('audit').select('hash').where('id', '=', a.id).executeTakeFirst();
  const recorded = a.rows !== undefined ? `（锚点记录到 id=${a.id}，共 ${a.rows} 行）` : `（锚点记录到 id=${a.id}）`;
  if (!row) {
    const last = await db
      .selectFrom('audit')
      .select(sql<number | null>`max(id)`.as('id'))
      .executeTakeFirstOrThrow();
    if (last.id === null) return `审计表是空的${recorded}：记录被清空（TRUNCATE 或删除）`;
    if (Number(last.id) < a.id) {
      return `审计链只到 id=${Number(last.id)}，比锚点短${recorded}：末尾的记录被删除`;
    }
    return `锚点所在的 id=${a.id} 行不存在${recorded}：记录被删除后整条链被重建`;
  }
  if (row.hash !== a.hash) return `id=${a.id} 的哈希与锚点不符${recorded}：此前的记录被改动、删除或整条链被重建`;
  if (a.rows !== undefined) {
    const n = await rowsUpTo(db, a.id);
    if (n !== a.rows) return `到 id=${a.id} 为止有 ${n} 行，锚点记录的是 ${a.rows} 行：记录被删除或插入`;
  }
  return null;
}
