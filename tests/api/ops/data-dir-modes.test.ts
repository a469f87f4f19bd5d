/**
 * `npm start` on a DATA_DIR that does not exist yet creates it for its owner alone (0700), and on
 * SQLite the database and the files SQLite keeps beside it (-wal, -shm) readable by the owner only
 * (0600), whatever the umask allows. Mode bits are read, not access tried: tests may run as root.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dropPgDatabase, freshPgDatabase, npmStart } from '../../helpers/data-dir-server.js';
import { dbKinds } from '../../helpers/server.js';

const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe.each(dbKinds)('a DATA_DIR the server creates, on %s', (kind) => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'data-dir-modes-'));
  let databaseUrl: string | undefined;
  afterAll(async () => {
    await dropPgDatabase(databaseUrl);
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('is 0700, and its database files 0600', async () => {
    databaseUrl = kind === 'postgres' ? await freshPgDatabase('data_dir_modes') : undefined;
    const dataDir = path.join(tmp, 'not', 'yet', 'there');
    const started = await npmStart(dataDir, databaseUrl);
    try {
      expect(mode(dataDir).toString(8)).toBe('700');
      if (kind === 'sqlite') {
        for (const name of ['app.db', 'app.db-wal', 'app.db-shm']) {
          expect(fs.existsSync(path.join(dataDir, name)), name).toBe(true);
          expect(mode(path.join(dataDir, name)).toString(8), name).toBe('600');
        }
      }
    } finally {
      expect(await started.stop()).toBe(0);
    }
  }, 120_000);
});
