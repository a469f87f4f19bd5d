/**
 * On PostgreSQL, migrations keep their bookkeeping in the schema they run in: Kysely's tables in
 * another schema of the same database (another app, another test run) are not taken for ours.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, SUP, type TestServer } from '../../helpers/server.js';

describe.runIf(process.env.TEST_DATABASE_URL)("migrations beside another schema's bookkeeping on postgres", () => {
  const other = `other_${crypto.randomBytes(6).toString('hex')}`;
  let client: pg.Client;
  let s: TestServer | undefined;

  beforeAll(async () => {
    client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    await client.query(`CREATE SCHEMA "${other}"`);
    await client.query(`CREATE TABLE "${other}".kysely_migration (name varchar(255) PRIMARY KEY, timestamp varchar(255) NOT NULL)`);
    await client.query(`CREATE TABLE "${other}".kysely_migration_lock (id varchar(255) PRIMARY KEY, is_locked integer NOT NULL DEFAULT 0)`);
    await client.query(`INSERT INTO "${other}".kysely_migration VALUES ('001_foundation', '2024-01-01T00:00:00Z')`);
  });
  afterAll(async () => {
    await s?.close();
    await client.query(`DROP SCHEMA IF EXISTS "${other}" CASCADE`);
    await client.end();
  });

  it('migrates a fresh schema fully and keeps its own record of it', async () => {
    s = await startServer('postgres');
    expect((await s.post('/api/user/login', SUP)).code).toBe(200);
    const mine = await s.database.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    expect(mine.map((r: Record<string, unknown>) => r.name)).toEqual(
      expect.arrayContaining(['001_foundation', '002_jobs', '003_username_case']),
    );
    const theirs = await client.query(`SELECT name FROM "${other}".kysely_migration`);
    expect(theirs.rows).toEqual([{ name: '001_foundation' }]);
  });
});
