/**
 * The API server in a child process on a seeded database (bench/seed.ts), for the benchmarks that
 * need data at scale. `serve <sqlite|postgres>`; the size comes from the environment:
 * SCALE_ORDERS, SCALE_CUSTOMERS, SCALE_SPAN_DAYS (or, for purchases, SCALE_BUYERS and SCALE_STOCK);
 * PostgreSQL from BENCH_DATABASE_URL (a schema of
 * its own, dropped on exit). The ready message carries the sessions and ids the bench uses.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type net from 'node:net';
import pg from 'pg';
import { childReady, serverModules } from './server.js';
import { seedBuyers, seedScale } from './seed.js';

export const SUP_PASSWORD = 'Bench-pass-1234';

async function serve(kind: string): Promise<void> {
  const ready = childReady();
  const { buildApp, connect, migrate, readSettings, ensureFirstSup } = await serverModules();

  const dir = kind === 'sqlite' ? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-')) : '';
  const schema = kind === 'postgres' ? `bench_${crypto.randomBytes(4).toString('hex')}` : undefined;
  const url = process.env.BENCH_DATABASE_URL;
  const database = await connect(kind === 'postgres' ? { databaseUrl: url, dataDir: '', schema } : { dataDir: dir });
  const cleanup = async () => {
    await database.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    if (schema) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    }
  };
  try {
    await migrate(database.db, database.dialect);
    const now = Date.now();
    await ensureFirstSup(database.db, 'admin', SUP_PASSWORD, now - 400 * 86_400_000);
    const started = performance.now();
    const scale = process.env.SCALE_BUYERS
      ? await seedBuyers(database, { buyers: Number(process.env.SCALE_BUYERS), stock: Number(process.env.SCALE_STOCK ?? 100_000), now })
      : await seedScale(database, {
          customers: Number(process.env.SCALE_CUSTOMERS ?? 1000),
          orders: Number(process.env.SCALE_ORDERS ?? 1_000_000),
          spanMs: Number(process.env.SCALE_SPAN_DAYS ?? 365) * 86_400_000,
          now,
        });
    const seedSeconds = (performance.now() - started) / 1000;
    const settings = { ...readSettings({}), codeRatePerAddress: 100_000_000, codeRatePerToken: 100_000, handlerRatePerKey: 100_000_000 };
    const app = await buildApp({ settings, database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    process.on('SIGTERM', async () => {
      await app.close();
      await cleanup();
      process.exit(0);
    });
    ready((app.server.address() as net.AddressInfo).port, { ...scale, now, seedSeconds });
  } catch (error) {
    await cleanup();
    throw error;
  }
}

if (import.meta.filename === process.argv[1] && process.argv[2] === 'serve') await serve(process.argv[3]);
