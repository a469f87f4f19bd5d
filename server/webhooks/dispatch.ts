import { setMaxListeners } from 'node:events';
import { sql } from 'kysely';
import type { Ctx } from '../platform/context.js';
import { statement, value, writeTransaction, type TransactionBody } from '../platform/db/fast-write.js';
import { formatTime } from '../platform/lib/time.js';
import { resolveTarget } from './address.js';
import { openSecret } from './endpoints.js';
import { webhookTries } from './metrics.js';
import { post, type Sent } from './send.js';
import { signature } from './sign.js';

/** Deliveries in flight at once in one process: a slow endpoint holds one of them, never the rest. */
export const MAX_IN_FLIGHT = 256;
/** Deliveries in flight at once for one customer in one process: a slow customer holds these, never another's room. */
export const MAX_PER_USER = 4;
/** How long a claimed delivery is the claimer's: a process that dies mid-delivery leaves it to be tried again after this. */
const claimMs = (ctx: Ctx) => ctx.settings.webhookTimeoutMs * 2 + 30_000;
/** How soon a failed try's next one is started by this process itself (later ones are the job's). */
const LOCAL_RETRY_MS = 60_000;
/** The error of the events a pause stopped (resuming sends the recent ones again: routes.ts). */
export const STOPPED_BY_PAUSE = '回调已暂停，未再发送';

/** A claimed delivery with what its try needs: its endpoint, and the link and product it tells of. */
type Claimed = Awaited<ReturnType<typeof claimedRows>>[number];

function claimedRows(ctx: Ctx, ids: number[]) {
  return ctx.db.selectFrom('webhook_deliveries as d')
    .leftJoin('webhook_endpoints as e', 'e.user_id', 'd.user_id')
    .leftJoin('tokens as t', 't.id', 'd.token_id')
    .leftJoin('goods as g', 'g.id', 't.goods_id')
    .select(['d.id', 'd.user_id', 'd.event_id', 'd.event', 'd.token_id', 'd.code', 'd.text', 'd.received_at', 'd.attempt', 'd.manual',
      'e.url', 'e.enabled', 'e.secret', 't.token', 't.identifier', 'g.service', 'g.country'])
    .where('d.id', 'in', ids).execute();
}

/** A try's outcome; `final`: the event ends here without another try or a pause (the customer switched the webhook off or removed it). */
type Tried = Sent & { final?: boolean };

interface Outcome { row: Claimed; sent: Tried; url: string; done(err?: unknown): void }

/**
 * The writes of the delivery path, built once per database and run through `writeTransaction`: on
 * SQLite they join the intake's own commit instead of holding the connection for a transaction of
 * their own.
 */
const writes = {
  /**
   * Claims up to `room` due deliveries: each try counted, its `next_at` pushed past the try. At most `per` of one customer's (their oldest), none of the customers listed in `busy`
   * (`,1,5,`: those with `per` in flight here already), so one slow customer never takes every slot.
   */
  claimDue: statement((db) => db.updateTable('webhook_deliveries')
    .set({ next_at: value('until'), attempt: sql`attempt + 1` })
    .where('id', 'in', sql<number>`(select due.id from (
        select d.id, d.next_at, row_number() over (partition by d.user_id order by d.next_at, d.id) as nth
        from webhook_deliveries d
        where d.status = 'pending' and d.next_at <= ${value('now')}
          and cast(${value('busy')} as varchar(4000)) not like ('%,' || cast(d.user_id as varchar(20)) || ',%')
      ) due where due.nth <= ${value('per')} order by due.next_at limit ${value('room')})`)
    .where('status', '=', 'pending').where('next_at', '<=', value('now'))
    .returning(['id', 'user_id'])),
  /** Gives back a claimed delivery the customer has no room for here (as if never claimed). */
  unclaim: statement((db) => db.updateTable('webhook_deliveries')
    .set({ next_at: value('now'), attempt: sql`attempt - 1` })
    .where('id', '=', value('id')).where('next_at', '=', value('until'))),
  /** Claims a test or a 重发 its route holds (`next_at` = `held`: no round takes it meanwhile). */
  claimOne: statement((db) => db.updateTable('webhook_deliveries')
    .set({ next_at: value('until'), attempt: sql`attempt + 1` })
    .where('id', '=', value('id')).where('status', '=', 'pending').where('next_at', '=', value('held'))
    .returning(['id', 'user_id'])),
  // The message's text is no longer needed once delivered (a delivered event is not sent again): the log keeps the code.
  delivered: statement((db) => db.updateTable('webhook_deliveries').set({
    status: 'delivered', http_status: value('http_status'), error: null, url: value('url'), next_at: null, delivered_at: value('now'), text: null,
  }).where('id', '=', value('id'))),
  // A pause that came meanwhile has ended the row: a later retry does not bring it back.
  notDelivered: statement((db) => db.updateTable('webhook_deliveries').set({
    status: value('status'), http_status: value('http_status'), error: value('error'), url: value('url'), next_at: value('next_at'),
  }).where('id', '=', value('id')).where('status', '=', 'pending')),
  endpointOk: statement((db) => db.updateTable('webhook_endpoints')
    .set({ last_status: 'delivered', last_error: null, last_at: value('now'), paused_at: null }).where('user_id', '=', value('user_id'))),
  endpointFailed: statement((db) => db.updateTable('webhook_endpoints')
    .set({ last_status: 'failed', last_error: value('error'), last_at: value('now') }).where('user_id', '=', value('user_id'))),
  pause: statement((db) => db.updateTable('webhook_endpoints').set({ paused_at: value('now') })
    .where('user_id', '=', value('user_id')).where('paused_at', 'is', null)),
  stopOthers: statement((db) => db.updateTable('webhook_deliveries').set({ status: 'failed', next_at: null, error: STOPPED_BY_PAUSE })
    .where('user_id', '=', value('user_id')).where('status', '=', 'pending').where('manual', '=', 0).where('id', '!=', value('id'))),
};

/**
 * The deliveries of one app. Each round of the job (under its lease) claims what is due in one
 * conditional statement (still pending and due: a row is claimed once even if two processes ever ran
 * rounds together), starts each try without waiting for it (a round never waits on a customer's
 * server), and the tries' outcomes are written together, one transaction for those that end in the
 * same turn: the intake shares SQLite's one writer with these writes.
 */
export class Dispatcher {
  private readonly inFlight = new Map<number, Promise<void>>();
  /** Deliveries in flight by customer. */
  private readonly perUser = new Map<number, number>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly stopping = new AbortController();
  private outcomes: Outcome[] = [];
  private rounding: Promise<void> | null = null;
  private roundAgain = false;
  /** Customers who had more due than their room at the last claim: a delivery of theirs ending starts a round. */
  private readonly limited = new Set<number>();

  constructor(readonly ctx: Ctx) {
    // Every delivery in flight listens for the stop.
    setMaxListeners(MAX_IN_FLIGHT + 16, this.stopping.signal);
  }

  /**
   * One round: claim the due deliveries this process has room for and start them. Rounds here run one
   * at a time (the room is counted before each claim); one asked for while another runs follows it, as
   * what it was asked for (a freed room, a new event) may have come after that one's claim.
   */
  round(): Promise<void> {
    this.roundAgain = true;
    this.rounding ??= (async () => {
      while (this.roundAgain && !this.stopping.signal.aborted) {
        this.roundAgain = false;
        const room = MAX_IN_FLIGHT - this.inFlight.size;
        if (room <= 0) return;
        for (const row of await this.claim({ room })) void this.start(row);
      }
    })().finally(() => { this.rounding = null; });
    return this.rounding;
  }

  /** Claims the due deliveries (up to `room`), or the one `id` if it is still pending and due. */
  private async claim(which: { room: number } | { id: number; held: number }): Promise<Claimed[]> {
    const now = this.ctx.now();
    const until = now + claimMs(this.ctx);
    const inFlight = new Map(this.perUser);
    const busy = [...inFlight].filter(([, n]) => n >= MAX_PER_USER).map(([user]) => user);
    const limitedNow = new Set<number>();
    const limited = this.limited;
    const ids = await writeTransaction(this.ctx.database, function* (): TransactionBody<number[]> {
      if (!('room' in which)) {
        const { rows } = yield [writes.claimOne, { until, held: which.held, id: which.id }];
        return rows.map((r) => Number(r.id));
      }
      const { rows } = yield [writes.claimDue, { until, now, room: which.room, per: MAX_PER_USER, busy: `,${busy.join(',')},` }];
      // A customer with some in flight here already gets only what is left of their room: the rest go back.
      const kept: number[] = [];
      const claimed = new Map<number, number>();
      for (const r of rows.map((x) => ({ id: Number(x.id), user: Number(x.user_id) })).sort((a, b) => a.id - b.id)) {
        claimed.set(r.user, (claimed.get(r.user) ?? 0) + 1);
        const n = inFlight.get(r.user) ?? 0;
        if (n >= MAX_PER_USER) {
          yield [writes.unclaim, { id: r.id, until, now }];
          limitedNow.add(r.user);
        } else {
          inFlight.set(r.user, n + 1);
          kept.push(r.id);
        }
      }
      // Those who got as many as a claim takes may have more due.
      for (const [user, n] of claimed) if (n >= MAX_PER_USER) limitedNow.add(user);
      // Served whole, or nothing due at all (not held back as busy): no longer waiting for room.
      for (const user of [...limited]) if (!limitedNow.has(user) && !busy.includes(user)) limited.delete(user);
      return kept;
    });
    for (const user of [...limitedNow, ...busy]) this.limited.add(user);
    return ids.length ? claimedRows(this.ctx, ids) : [];
  }

  /** Starts a claimed delivery and keeps it until its outcome is written. */
  private start(row: Claimed): Promise<void> {
    const id = Number(row.id);
    const user = Number(row.user_id);
    this.perUser.set(user, (this.perUser.get(user) ?? 0) + 1);
    const work = this.attempt(row)
      .catch((err) => this.ctx.log.error({ err, delivery: id }, 'webhook delivery failed'))
      .finally(() => {
        this.inFlight.delete(id);
        const left = (this.perUser.get(user) ?? 1) - 1;
        if (left > 0) this.perUser.set(user, left);
        else this.perUser.delete(user);
        // The customer (or the process) had all their room, or had more due than it: their next due
        // events were left out of the rounds meanwhile. A round of this process's own: the job's may be
        // running already, past its claim.
        // A round under way may have counted before this freed room: it runs once more.
        const wasFull = left === MAX_PER_USER - 1 || this.inFlight.size === MAX_IN_FLIGHT - 1;
        if ((wasFull || this.limited.has(user) || this.rounding) && !this.stopping.signal.aborted) void this.round();
      });
    this.inFlight.set(id, work);
    return work;
  }

  /** When a test or a 重发 written now is held until (its `next_at`): its route's to send, a round's only if the process died meanwhile. */
  holdUntil(): number {
    return this.ctx.now() + claimMs(this.ctx);
  }

  /** Claims a delivery its route holds (a test, a replay: `next_at` = `held`) and sends it while the caller waits. */
  async sendNow(id: number, held: number): Promise<void> {
    const [row] = await this.claim({ id, held });
    if (row) await this.start(row);
  }

  /** Stops: deliveries in flight are cut off and left to be tried again (their claim runs out). */
  async close(): Promise<void> {
    this.stopping.abort();
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await Promise.all(this.inFlight.values());
  }

  /** One try, its outcome recorded whatever happens: a try that throws (a secret that no longer opens) is a failure, never a row stuck in flight. */
  private async attempt(row: Claimed): Promise<void> {
    let sent: Tried;
    try {
      sent = await this.send(row);
    } catch (err) {
      this.ctx.log.error({ err, delivery: Number(row.id) }, 'webhook delivery failed');
      sent = { ok: false, status: null, error: '内部错误，稍后重试' };
    }
    // Cut off by a stop: nothing is recorded; the claim runs out and another round tries it again.
    if (this.stopping.signal.aborted) return;
    await this.record(row, sent, row.url ?? '');
  }

  private async send(row: Claimed): Promise<Tried> {
    const { ctx } = this;
    // The customer has switched it off or removed it: this event ends here, without a pause (nothing is wrong with their server).
    if (!row.url || !row.secret) return { ok: false, status: null, error: '回调地址已删除', final: true };
    if (!Number(row.enabled) && !Number(row.manual)) return { ok: false, status: null, error: '回调已关闭，未发送', final: true };

    const body = JSON.stringify(row.event === 'code' ? {
      activationId: Number(row.token_id), service: row.service ?? '', text: row.text ?? '', code: row.code ?? '',
      country: Number(row.country ?? 0), receivedAt: formatTime(Number(row.received_at), ctx.settings.timeZone),
      event_id: row.event_id, event: 'code', identifier: row.identifier ?? '', token: row.token ?? '',
    } : {
      activationId: 0, service: 'test', text: '这是一条测试回调，收到即表示回调地址可用', code: '000000', country: 0,
      receivedAt: formatTime(ctx.now(), ctx.settings.timeZone), event_id: row.event_id, event: 'test', identifier: '', token: '',
    });
    const url = new URL(row.url);
    const timeout = ctx.settings.webhookTimeoutMs;
    const started = Date.now();
    const resolved = await resolveTarget(url, ctx.settings.webhookAllowPrivate, timeout);
    if (!resolved.ok) return { ok: false, status: null, error: resolved.error };
    const headers = {
      'x-webhook-id': row.event_id,
      'x-webhook-signature': signature(openSecret(ctx.settings, row.secret), body, Math.floor(ctx.now() / 1000)),
    };
    return post(url, resolved.target, body, headers, Math.max(1, timeout - (Date.now() - started)), this.stopping.signal);
  }

  /** Queues a try's outcome; those queued in one turn are written in one transaction. */
  private record(row: Claimed, sent: Tried, url: string): Promise<void> {
    return new Promise((resolve, reject) => {
      if (!this.outcomes.length) setImmediate(() => void this.flush());
      this.outcomes.push({ row, sent, url, done: (err) => (err ? reject(err) : resolve()) });
    });
  }

  /**
   * Writes the queued outcomes: delivered; another try later (its wait ±10 %, so events that failed
   * together do not come back together); or the last try failed, and then the endpoint pauses and its
   * other events in their retries stop with it. A delivery that goes through lifts a pause; an event
   * ended because the customer switched the webhook off (`final`) pauses nothing.
   */
  private async flush(): Promise<void> {
    const batch = this.outcomes;
    this.outcomes = [];
    const { ctx } = this;
    const now = ctx.now();
    const delays = ctx.settings.webhookRetryDelaysMs;
    const retries: number[] = [];
    try {
      await writeTransaction(ctx.database, function* (): TransactionBody<void> {
        for (const { row, sent, url } of batch) {
          const attempt = Number(row.attempt);
          const manual = Boolean(Number(row.manual));
          const retryIn = !sent.ok && !manual && !sent.final && attempt <= delays.length ? jittered(delays[attempt - 1]) : null;
          const error = sent.error?.slice(0, 500) ?? null;
          const common = { id: row.id, http_status: sent.status, url: url.slice(0, 1000), now, user_id: row.user_id };
          if (sent.ok) {
            yield [writes.delivered, common];
            yield [writes.endpointOk, common];
            continue;
          }
          yield [writes.notDelivered, { ...common, status: retryIn !== null ? 'pending' : 'failed', error, next_at: retryIn !== null ? now + retryIn : null }];
          yield [writes.endpointFailed, { ...common, error }];
          if (retryIn !== null) {
            retries.push(retryIn);
          } else if (!manual && !sent.final) {
            yield [writes.pause, common];
            yield [writes.stopOthers, common];
          }
        }
      });
    } catch (err) {
      // Nothing was written: each claim runs out and its delivery is tried again.
      for (const o of batch) o.done(err);
      return;
    }
    for (const { row, sent } of batch) {
      const manual = Boolean(Number(row.manual));
      webhookTries.labels(sent.ok ? 'delivered' : !manual && !sent.final && Number(row.attempt) <= delays.length ? 'retry' : 'failed').inc();
    }
    // One round of its own for the retries due within the same tenth of a second.
    for (const retryIn of new Set(retries.map((r) => Math.ceil(r / 100) * 100))) {
      if (retryIn > LOCAL_RETRY_MS || this.stopping.signal.aborted) continue;
      const t = setTimeout(() => { this.timers.delete(t); void this.round(); }, retryIn + 5);
      t.unref();
      this.timers.add(t);
    }
    for (const o of batch) o.done();
  }
}

/** A retry's wait, ±10 %. */
function jittered(ms: number): number {
  return Math.round(ms * (0.9 + Math.random() * 0.2));
}
