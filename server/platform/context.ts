import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from './db/connection.js';
import type { DB } from './db/tables.js';
import type { Settings } from './settings.js';

/** What every route module is given: the database, the settings and the clock. */
export interface Ctx {
  database: Database;
  db: Kysely<DB>;
  settings: Settings;
  /** Injectable so tests can place "today" and expiries where they need them. */
  now(): number;
  /** The app's logger (pino); secrets never go into it. */
  log: FastifyBaseLogger;
}
