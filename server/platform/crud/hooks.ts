import type { FastifyRequest } from 'fastify';
import type { Kysely, SelectQueryBuilder } from 'kysely';
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
  beforeEdit?(id: number, values: Row, existing: Record<string, any>, env: HookEnv): Promise<Row> | Row;
  afterEdit?(id: number, values: Row, existing: Record<string, any>, env: HookEnv): Promise<void> | void;
  beforeDel?(ids: number[], env: HookEnv): Promise<void> | void;
  /** Narrows the rows a caller may read or change beyond the 'own' rule (rows a lesser grant may not see). */
  scope?<Q extends SelectQueryBuilder<any, any, any>>(query: Q, request: FastifyRequest): Q;
  /** Adds computed fields to rows as they go out (list, detail, add, edit); `raw` holds the stored rows. */
  present?(rows: Record<string, unknown>[], raw: Record<string, any>[], env: PresentEnv): Promise<void> | void;
}

export interface PresentEnv {
  ctx: Ctx;
  request: FastifyRequest;
}

export interface HookEnv {
  ctx: Ctx;
  trx: Kysely<any>;
  session: Session;
  def: ResourceDef;
}
