import { sql } from 'kysely';
import type { Ctx } from '../platform/context.js';
import type { Database } from '../platform/db/connection.js';
import { prepared } from '../platform/db/fast-query.js';
import { statement, value } from '../platform/db/fast-write.js';
import { outboundRequest } from '../platform/http/outbound.js';
import { secretBox } from '../platform/lib/secret-box.js';
import { phoneNumber } from './names.js';

/** How long after a try the next one starts (the protocol's 10 s); a try's claim lasts as long. */
export const RETRY_MS = 10_000;
/** After a day of failed tries an SMS is no longer pushed (its row says `failed`). */
export const GIVE_UP_MS = 24 * 3_600_000;
/** One POST's limit: well inside the retry interval, so a claimed push ends before anyone may claim it again. */
const TIMEOUT_MS = 5_000;
/** Pushes one process has in flight, in all and to one aggregator (one that never answers holds only its own). */
const IN_FLIGHT = 64;
const PER_AGGREGATOR = 8;
/** The most due pushes one read looks at. */
const SCAN = 200;
export const USER_AGENT = 'code-console-agent/1.0';

/**
 * Queues, in the SMS's own transaction (server/codes/deliver.ts), one push of the message to each
 * aggregator holding its number since before it arrived: a number no aggregator holds inserts nothing.
 * Values are cast so PostgreSQL knows their types in the SELECT.
 */
export const queuePush = statement((db) =>
  db
    .insertInto('agent_pushes')
    .columns(['aggregator_id', 'activation_id', 'message_id', 'state', 'attempts', 'next_at', 'create_at'])
    .expression((eb) =>
      eb
        .selectFrom('agent_activations as a')
        .select((a) => [
          'a.aggregator_id',
          a.fn.min<number>('a.id').as('activation_id'),
          sql<number>`cast(${value('message_id')} as bigint)`.as('message_id'),
          sql<string>`'pending'`.as('state'),
          sql<number>`0`.as('attempts'),
          sql<number>`cast(${value('now')} as bigint)`.as('next_at'),
          sql<number>`cast(${value('now')} as bigint)`.as('create_at'),
        ])
        .where('a.ident_key', '=', value('ident_key'))
        .where('a.status', '=', 'waiting')
        .where('a.create_at', '<=', value('at'))
        .groupBy('a.aggregator_id'),
    ),
);

const holding = prepared((db) =>
  db
    .selectFrom('agent_activations as a')
    .innerJoin('aggregators as g', 'g.id', 'a.aggregator_id')
    .select('g.name')
    .where('a.ident_key', '=', '')
    .where('a.status', '=', 'waiting')
    .limit(1),
);

/** The inbox's reason for a message to a number an aggregator holds (no link of ours holds it then). */
export async function holderOf(ctx: Ctx, identKey: string): Promise<string | null> {
  const [row] = await holding(ctx.database, [identKey, 'waiting', 1]);
  return row ? `号码已交给聚合平台「${row.name}」，短信推送给它` : null;
}

/** PUSH_SMS's body: the numeric fields as JSON numbers, the SMS's id ours. */
export function pushBody(p: { key: string; smsId: number; phone: string; sender: string | null; text: string }): string {
  return JSON.stringify({
    action: 'PUSH_SMS',
    key: p.key,
    smsId: p.smsId,
    phone: phoneNumber(p.phone),
    phoneFrom: p.sender ?? '',
    text: p.text,
  });
}

interface Due {
  id: number;
  aggregatorId: number;
  activationId: number;
  messageId: number;
  createAt: number;
  sender: string | null;
  text: string;
  identKey: string;
  key: string;
  pushUrl: string;
}

/**
 * The pushes one process has in flight. A fill claims what is due and has room (the claim moves the
 * push's next try 10 s on, so no other process takes it meanwhile, and a process killed mid-push
 * leaves it to be tried again then) and starts the POSTs without waiting for them; each POST's end
 * writes its outcome and fills again.
 */
export class Pusher {
  private readonly inFlight = new Map<number, Promise<void>>();
  private readonly perAggregator = new Map<number, number>();
  private filling: Promise<void> | null = null;
  private again = false;

  fill(ctx: Ctx): Promise<void> {
    this.again = true;
    this.filling ??= (async () => {
      while (this.again) {
        this.again = false;
        if (this.inFlight.size >= IN_FLIGHT) return;
        const due = await this.readDue(ctx);
        // What there is room for: in all, and per aggregator (one that never answers holds only its own).
        const picked: Due[] = [];
        const taking = new Map<number, number>();
        for (const d of due) {
          if (this.inFlight.size + picked.length >= IN_FLIGHT) break;
          const busy = (this.perAggregator.get(d.aggregatorId) ?? 0) + (taking.get(d.aggregatorId) ?? 0);
          if (busy >= PER_AGGREGATOR) continue;
          taking.set(d.aggregatorId, (taking.get(d.aggregatorId) ?? 0) + 1);
          picked.push(d);
        }
        if (!picked.length) continue;
        const claimed = await claim(
          ctx,
          picked.map((d) => d.id),
        );
        for (const d of picked) if (claimed.has(d.id)) this.start(ctx, d);
        // A full read may have left more due behind it.
        if (due.length === SCAN) this.again = true;
      }
    })().finally(() => {
      this.filling = null;
    });
    return this.filling;
  }

  /** Resolves once every push in flight has written its outcome (a stop, and tests). */
  async settled(): Promise<void> {
    while (this.inFlight.size || this.filling) await Promise.all([...this.inFlight.values(), this.filling]);
  }

  private start(ctx: Ctx, d: Due): void {
    this.perAggregator.set(d.aggregatorId, (this.perAggregator.get(d.aggregatorId) ?? 0) + 1);
    const work = send(ctx, d)
      .catch((err) => ctx.log.error({ err, push: d.id }, 'agent push failed'))
      .finally(() => {
        this.inFlight.delete(d.id);
        this.perAggregator.set(d.aggregatorId, (this.perAggregator.get(d.aggregatorId) ?? 1) - 1);
        void this.fill(ctx).catch((err) => ctx.log.error({ err }, 'agent push round failed'));
      });
    this.inFlight.set(d.id, work);
  }

  private async readDue(ctx: Ctx): Promise<Due[]> {
    const flying = [...this.inFlight.keys()];
    const rows = await ctx.db
      .selectFrom('agent_pushes as p')
      .innerJoin('messages as m', 'm.id', 'p.message_id')
      .innerJoin('agent_activations as a', 'a.id', 'p.activation_id')
      .innerJoin('aggregators as g', 'g.id', 'p.aggregator_id')
      .select([
        'p.id',
        'p.aggregator_id',
        'p.activation_id',
        'p.message_id',
        'p.create_at',
        'm.sender',
        'm.text',
        'a.ident_key',
        'g.key',
        'g.push_url',
      ])
      .where('p.state', '=', 'pending')
      .where('p.next_at', '<=', ctx.now())
      .$if(flying.length > 0, (q) => q.where('p.id', 'not in', flying))
      .orderBy('p.next_at')
      .orderBy('p.id')
      .limit(SCAN)
      .execute();
    return rows.map((r) => ({
      id: Number(r.id),
      aggregatorId: Number(r.aggregator_id),
      activationId: Number(r.activation_id),
      messageId: Number(r.message_id),
      createAt: Number(r.create_at),
      sender: r.sender,
      text: r.text,
      identKey: r.ident_key,
      key: r.key,
      pushUrl: r.push_url,
    }));
  }
}

/**
 * Claims due pushes for one try each, in one statement: their next try moved past this one, their
 * tries counted. Those another process took first (no longer due) are not among the ids answered.
 */
async function claim(ctx: Ctx, ids: number[]): Promise<Set<number>> {
  const now = ctx.now();
  const rows = await ctx.db
    .updateTable('agent_pushes')
    .set((eb) => ({ next_at: now + RETRY_MS, attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', ids)
    .where('state', '=', 'pending')
    .where('next_at', '<=', now)
    .returning('id')
    .execute();
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * One try: the SMS POSTed to the aggregator's push URL as the outbound rules allow (the address
 * checked after DNS, no redirect, the answer never shown back). Only a JSON `{"status":"SUCCESS"}`
 * is a success: the push is then sent for good and never tried again.
 */
async function send(ctx: Ctx, d: Due): Promise<void> {
  const body = pushBody({
    key: secretBox(ctx.settings).open(d.key),
    smsId: d.messageId,
    phone: d.identKey,
    sender: d.sender,
    text: d.text,
  });
  const res = await outboundRequest(new URL(d.pushUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'user-agent': USER_AGENT, accept: 'application/json' },
    body,
    timeoutMs: TIMEOUT_MS,
    allowPrivate: ctx.settings.webhookAllowPrivate,
    noun: '短信推送地址',
    maxBytes: 16 * 1024,
  });
  const error = !res.ok
    ? res.error
    : res.status !== 200
      ? `推送地址回答 HTTP ${res.status}`
      : succeeded(res.body)
        ? null
        : '聚合平台没有回答 SUCCESS';
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (error === null) {
      const sent = await trx
        .updateTable('agent_pushes')
        .set({ state: 'sent', sent_at: now, last_error: null })
        .where('id', '=', d.id)
        .where('state', '=', 'pending')
        .executeTakeFirst();
      if (Number(sent.numUpdatedRows)) {
        await trx
          .updateTable('agent_activations')
          .set((eb) => ({ sms_count: eb('sms_count', '+', 1) }))
          .where('id', '=', d.activationId)
          .execute();
      }
      await trx.updateTable('aggregators').set({ push_error: null, failing_since: null }).where('id', '=', d.aggregatorId).execute();
      return;
    }
    await trx
      .updateTable('agent_pushes')
      .set({ last_error: error.slice(0, 255), state: now - d.createAt >= GIVE_UP_MS ? 'failed' : 'pending' })
      .where('id', '=', d.id)
      .where('state', '=', 'pending')
      .execute();
    await trx
      .updateTable('aggregators')
      .set((eb) => ({ push_error: error.slice(0, 255), failing_since: eb.fn.coalesce('failing_since', eb.val(now)) }))
      .where('id', '=', d.aggregatorId)
      .execute();
  });
}

function succeeded(body: string): boolean {
  try {
    return (JSON.parse(body) as { status?: unknown })?.status === 'SUCCESS';
  } catch {
    return false;
  }
}

const pushers = new WeakMap<Database, Pusher>();

/** The pusher of a database's process, made on first use. */
export function pusherOf(database: Database): Pusher {
  let p = pushers.get(database);
  if (!p) pushers.set(database, (p = new Pusher()));
  return p;
}
