import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/connection.js';

/**
 * Usernames are unique regardless of case (`Admin` cannot sit beside `admin`), on both databases:
 * a unique index on lower(username), which login also uses to find a name however it is typed.
 * Accounts that already clash are never merged or renamed here: the migration refuses, naming them
 * and what to do, and runs again on the next start.
 */
export function usernameCase(_dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      const { rows } = await sql<{ id: number; username: string; folded: string }>`
        SELECT id, username, lower(username) AS folded FROM users
        WHERE lower(username) IN (SELECT lower(username) FROM users GROUP BY lower(username) HAVING count(*) > 1)
        ORDER BY lower(username), id`.execute(db);
      if (rows.length) throw new Error(clashReport(rows));
      await db.schema
        .createIndex('users_username_lower')
        .on('users')
        .unique()
        .expression(sql`lower(username)`)
        .execute();
    },
  };
}

function clashReport(rows: { id: number; username: string; folded: string }[]): string {
  const groups = new Map<string, string[]>();
  for (const r of rows) groups.set(r.folded, [...(groups.get(r.folded) ?? []), `${r.username} (id ${r.id})`]);
  const example = rows.find((r, i) => i > 0 && rows[i - 1].folded === r.folded)!;
  return [
    '以下账号的用户名只有大小写不同，升级后用户名不再区分大小写，它们不能并存：',
    ...[...groups.values()].map((names) => `  ${names.join(' / ')}`),
    '请逐组保留一个账号，把其余账号改成别的用户名（例如 ' +
      `UPDATE users SET username = '${example.username}_2' WHERE id = ${example.id};），然后重新启动。没有账号被改动。`,
  ].join('\n');
}
