import type { FastifyRequest } from 'fastify';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { DB } from '../db/tables.js';
import type { ResourceDef } from '../../../src/framework/declaration/index.js';
import type { Ctx } from '../context.js';
import type { Row } from '../http/validate.js';
import type { Session } from '../http/auth.js';

/** What a domain adds to the generic add/edit/del of its resource (hashing, sanitizing, invariants). */
export interface ResourceHooks {
  /** Slow work on the validated values (hashing a password) before the write transaction begins, which holds SQLite's write lock. */
  prepare?(values: Row, mode: 'add' | 'edit'): Promise<Row> | Row;
  /** Turns validated values into the columns to insert; may refuse with an AppError. */
  beforeAdd?(values: Row, env: HookEnv): Promise<Row> | Row;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the stored row of whichever table the hook is for: the hook knows its columns, the generic layer does not
  beforeEdit?(id: number, values: Row, existing: Record<string, any>, env: HookEnv): Promise<Row> | Row;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the stored row of whichever table the hook is for: the hook knows its columns, the generic layer does not
  afterEdit?(id: number, values: Row, existing: Record<string, any>, env: HookEnv): Promise<void> | void;
  beforeDel?(ids: number[], env: HookEnv): Promise<void> | void;
  /** Narrows the rows a caller may read or change beyond the 'own' rule (rows a lesser grant may not see). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the generic layer's query of a table named at run time, which the hook narrows by columns of its own
  scope?<Q extends SelectQueryBuilder<any, any, any>>(query: Q, request: FastifyRequest): Q;
  /** Adds computed fields to rows as they go out (list, detail, add, edit); `raw` holds the stored rows. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the stored rows of whichever table the hook is for: the hook knows their columns, the generic layer does not
  present?(rows: Record<string, unknown>[], raw: Record<string, any>[], env: PresentEnv): Promise<void> | void;
}

export interface PresentEnv {
  ctx: Ctx;
  request: FastifyRequest;
}

export interface HookEnv {
  ctx: Ctx;
  trx: Kysely<DB>;
  session: Session;
  def: ResourceDef;
}
