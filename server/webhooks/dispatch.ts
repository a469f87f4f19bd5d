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
import { capOf, pickDue, type DueRow } from './fair-share.js';
import { LIMITS, ManualPool, originOf, Room, type Limits } from './room.js';

/** How long a claimed delivery is the claimer's: a process that dies mid-delivery leaves it to be tried again after this. */
const claimMs = (ctx: Ctx) => ctx.settings.webhookTimeoutMs * 2 + 30_000;
/** How soon a failed try's next one is started by this process itself (later ones are the job's). */
const LOCAL_RETRY_MS = 60_000;
/** The error of the events a pause stopped (resuming sends the recent ones again: routes.ts). */
export const STOPPED_BY_PAUSE = '回调已暂停，未再发送';
/** The error of the events of an account a sup disabled (Telegram tells such an account nothing either). */
export const STOPPED_BY_DISABLED = '账户已停用，未发送';

/** A claimed delivery with what its try needs: its endpoint, and the link and product it tells of. */
type Claimed = Awaited<ReturnType<typeof claimedRows>>[number];

function claimedRows(ctx: Ctx, ids: number[]) {
  return ctx.db
    .selectFrom('webhook_deliveries as d')
    .leftJoin('webhook_endpoints as e', 'e.user_id', 'd.user_id')
    .leftJoin('tokens as t', 't.id', 'd.token_id')
    .leftJoin('goods as g', 'g.id', 't.goods_id')
    .leftJoin('users as u', 'u.id', 'd.user_id')
    .select([
      'd.id',
      'd.user_id',
      'd.event_id',
      'd.event',
      'd.token_id',
      'd.code',
      'd.text',
      'd.received_at',
      'd.attempt',
      'd.manual',
      'e.url',
      'e.enabled',
      'e.secret',
      't.token',
      't.identifier',
      'g.service',
      'g.country',
      'u.status as user_status',
    ])
    .where('d.id', 'in', ids)
    .execute();
}

/** A try's outcome; `final`: the event ends here without another try or a pause (the customer switched the webhook off or removed it). */
type Tried = Sent & { final?: boolean };

interface Outcome {
  row: Claimed;
  sent: Tried;
  url: string;
  done(err?: unknown): void;
}

/** Room a test or a 重发 holds while it is sent (given back once, however often released). */
export interface ManualSlot {
  release(): void;
}

/** How a claimed delivery ends without being sent, or null when it is to be sent. */
function endedUnsent(row: Claimed): Tried | null {
  // The customer has switched it off or removed it, or a sup disabled the account: this event ends
  // here, without a pause (nothing is wrong with their server).
  if (!row.url || !row.secret) return { ok: false, status: null, error: '回调地址已删除', final: true };
  if (row.user_status !== 'active') return { ok: false, status: null, error: STOPPED_BY_DISABLED, final: true };
  if (!Number(row.enabled) && !Number(row.manual)) return { ok: false, status: null, error: '回调已关闭，未发送', final: true };
  return null;
}

/** The origin a claimed delivery will connect to, or null when it ends without a connection. */
function originOfRow(row: Claimed): string | null {
  return endedUnsent(row) ? null : originOf(row.url);
}

/**
 * The writes of the delivery path, built once per database and run through `writeTransaction`: on
 * SQLite they join the intake's own commit instead of holding the connection for a transaction of
 * their own.
 */
const writes = {
  /** Claims one due delivery a round picked, if it still is (another process's round may have taken it): its try counted, its `next_at` pushed past the try. */
  claimPicked: statement((db) =>
    db
      .updateTable('webhook_deliveries')
      .set({ next_at: value('until'), attempt: sql`attempt + 1` })
      .where('id', '=', value('id'))
      .where('status', '=', 'pending')
      .where('next_at', '<=', value('now'))
      .returning(['id', 'user_id']),
  ),
  /** Claims a test or a 重发 its route holds (`next_at` = `held`: no round takes it meanwhile). */
  claimOne: statement((db) =>
    db
      .updateTable('webhook_deliveries')
      .set({ next_at: value('until'), attempt: sql`attempt + 1` })
      .where('id', '=', value('id'))
      .where('status', '=', 'pending')
      .where('next_at', '=', value('held'))
      .returning(['id', 'user_id']),
  ),
  // The message's text is no longer needed once delivered (a delivered event is not sent again): the log keeps the code.
  delivered: statement((db) =>
    db
      .updateTable('webhook_deliveries')
      .set({
        status: 'delivered',
        http_status: value('http_status'),
        error: null,
        url: value('url'),
        next_at: null,
        delivered_at: value('now'),
        text: null,
      })
      .where('id', '=', value('id')),
  ),
  // A pause that came meanwhile has ended the row: a later retry does not bring it back.
  notDelivered: statement((db) =>
    db
      .updateTable('webhook_deliveries')
      .set({
        status: value('status'),
        http_status: value('http_status'),
        error: value('error'),
        url: value('url'),
        next_at: value('next_at'),
      })
      .where('id', '=', value('id'))
      .where('status', '=', 'pending'),
  ),
  endpointOk: statement((db) =>
    db
      .updateTable('webhook_endpoints')
      .set({ last_status: 'delivered', last_error: null, last_at: value('now'), paused_at: null })
      .where('user_id', '=', value('user_id')),
  ),
  endpointFailed: statement((db) =>
    db
      .updateTable('webhook_endpoints')
      .set({ last_status: 'failed', last_error: value('error'), last_at: value('now') })
      .where('user_id', '=', value('user_id')),
  ),
  pause: statement((db) =>
    db
      .updateTable('webhook_endpoints')
      .set({ paused_at: value('now') })
      .where('user_id', '=', value('user_id'))
      .where('paused_at', 'is', null),
  ),
  stopOthers: statement((db) =>
    db
      .updateTable('webhook_deliveries')
      .set({ status: 'failed', next_at: null, error: STOPPED_BY_PAUSE })
      .where('user_id', '=', value('user_id'))
      .where('status', '=', 'pending')
      .where('manual', '=', 0)
      .where('id', '!=', value('id')),
  ),
};

/** How many of the oldest due rows (of customers with room) a round looks at: its read is bounded however many are due. */
const DUE_SCAN = 2_000;

/**
 * The due code events a round may start, read outside any write transaction (on SQLite it never holds
 * the writer): each customer's oldest `per`, among the `DUE_SCAN` oldest due rows of customers not in
 * `busy` (`,1,5,`: those with no room here now), everyone's oldest first.
 */
async function readDue(ctx: Ctx, now: number, busy: number[], per: number, limit: number): Promise<DueRow[]> {
  const { rows } = await sql<{
    id: number;
    user_id: number;
    next_at: number;
    nth: number;
    url: string | null;
    enabled: number | null;
    manual: number;
    user_status: string | null;
  }>`
    select due.id, due.user_id, due.next_at, due.nth, due.manual, e.url, e.enabled, u.status as user_status
    from (
      select c.id, c.user_id, c.next_at, c.manual, row_number() over (partition by c.user_id order by c.next_at, c.id) as nth
      from (
        select d.id, d.user_id, d.next_at, d.manual from webhook_deliveries d
        where d.status = 'pending' and d.next_at <= ${now}
          and cast(${`,${busy.join(',')},`} as text) not like ('%,' || cast(d.user_id as varchar(20)) || ',%')
        order by d.next_at, d.id limit ${DUE_SCAN}
      ) c
    ) due
    left join webhook_endpoints e on e.user_id = due.user_id
    left join users u on u.id = due.user_id
    where due.nth <= ${per}
    order by due.nth, due.next_at, due.id
    limit ${limit}`.execute(ctx.db);
  return rows.map((r) => ({
    id: Number(r.id),
    user: Number(r.user_id),
    nth: Number(r.nth),
    nextAt: Number(r.next_at),
    origin: willConnect(r) ? originOf(r.url) : null,
  }));
}

/** Whether a delivery with this endpoint will connect to it (not ended unsent: see `endedUnsent`). */
function willConnect(r: { url: string | null; enabled: number | null; manual: number | string; user_status: string | null }): boolean {
  return Boolean(r.url) && r.user_status === 'active' && (Boolean(Number(r.enabled)) || Boolean(Number(r.manual)));
}

/**
 * The deliveries of one app. Each round of the job (under its lease) reads what is due, picks what
 * this process has room for and claims those rows one by one with a conditional update (still
 * pending and due: a row is claimed once even if two processes ever ran rounds together), starts each
 * try without waiting for it (a round never waits on a customer's server), and the tries' outcomes
 * are written together, one transaction for those that end in the same turn: the intake shares
 * SQLite's one writer with these writes.
 *
 * Room is counted here, per process (room.ts): code events in all, per customer and per origin, a
 * customer holding only a share of an origin others use too (fair-share.ts); tests and 重发 each in a
 * pool of their own, so no number of them held by servers that never answer keeps a code event or a
 * 重发 waiting.
 */
export class Dispatcher {
  /** The limits of this process's room (tests lower them to reach them with a few accounts). */
  readonly limits: Limits = { ...LIMITS };
  /** Every try in flight, code event, test or 重发: a stop waits for them. */
  private readonly inFlight = new Map<number, Promise<void>>();
  /** Code events in flight. */
  private readonly events = new Room();
  private readonly tests = new ManualPool(() => ({
    total: this.limits.tests,
    perUser: this.limits.testsPerUser,
    perOrigin: this.limits.testsPerOrigin,
  }));
  private readonly replays = new ManualPool(() => ({
    total: this.limits.replays,
    perUser: this.limits.replaysPerUser,
    perOrigin: this.limits.replaysPerOrigin,
  }));
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly stopping = new AbortController();
  private outcomes: Outcome[] = [];
  private rounding: Promise<void> | null = null;
  private roundAgain = false;
  /** Customers who had more due than their room at the last read: a delivery of theirs ending starts a round. */
  private limited = new Set<number>();
  /**
   * Customers whose due events found their origin full, by origin: left out of the reads until that
   * origin has room again, so a full origin costs a round nothing (one read of each such customer).
   */
  private readonly waitingAt = new Map<string, Set<number>>();

  constructor(readonly ctx: Ctx) {
    // Every delivery in flight listens for the stop.
    setMaxListeners(LIMITS.inFlight + LIMITS.tests + LIMITS.replays + 16, this.stopping.signal);
  }

  /**
   * One round: claim the due deliveries this process has room for and start them. Rounds here run one
   * at a time (the room is counted before each claim); one asked for while another runs follows it, as
   * what it was asked for (a freed room, a new event) may have come after that one's claim. A round
   * that started something reads once more: its read may have stopped short of other customers.
   */
  round(): Promise<void> {
    this.roundAgain = true;
    this.rounding ??= (async () => {
      while (this.roundAgain && !this.stopping.signal.aborted) {
        this.roundAgain = false;
        const space = this.limits.inFlight - this.events.total;
        if (space <= 0) return;
        const rows = await this.claimDue(space);
        for (const row of rows) void this.start(row, this.takeRoom(row));
        if (rows.length) this.roundAgain = true;
      }
    })().finally(() => {
      this.rounding = null;
    });
    return this.rounding;
  }

  /** The customers a read leaves out: those with all their room in flight, and those waiting at an origin that is still full. */
  private busyUsers(): number[] {
    const { events, limits } = this;
    const busy: number[] = [];
    for (const user of events.perUser.keys()) {
      const origin = events.originOfUser.get(user) ?? null;
      if (events.perUser.of(user) >= capOf(limits, events.othersAt(user, origin))) busy.push(user);
    }
    for (const [origin, users] of this.waitingAt) {
      if (events.perOrigin.of(origin) >= limits.perOrigin) busy.push(...users);
      else this.waitingAt.delete(origin);
    }
    return busy;
  }

  /** Reads the due code events, picks those this process has room for (up to `space`), and claims them. */
  private async claimDue(space: number): Promise<Claimed[]> {
    const { ctx, limits } = this;
    const now = ctx.now();
    const busy = this.busyUsers();
    const due = await readDue(ctx, now, busy, limits.perUser, Math.min(2 * space, 512));
    const picked = pickDue(due, this.events, limits, space);
    for (const { user, origin } of picked.waiting) {
      let users = this.waitingAt.get(origin);
      if (!users) this.waitingAt.set(origin, (users = new Set()));
      users.add(user);
    }
    this.limited = new Set([...picked.limited, ...busy]);
    if (!picked.rows.length) return [];
    const until = now + claimMs(ctx);
    const ids = await writeTransaction(ctx.database, function* (): TransactionBody<number[]> {
      const claimed: number[] = [];
      for (const row of picked.rows) {
        const { rows } = yield [writes.claimPicked, { id: row.id, until, now }];
        if (rows.length) claimed.push(row.id);
      }
      return claimed;
    });
    return ids.length ? claimedRows(ctx, ids) : [];
  }

  /** Counts a claimed code event in this process's room; the answer gives it back (and starts a round when that freed room someone waits for). */
  private takeRoom(row: Claimed): () => void {
    const user = Number(row.user_id);
    const origin = originOfRow(row);
    this.events.take(user, origin);
    return () => {
      const before = this.events.give(user, origin);
      const { limits } = this;
      // The customer, the origin or the process had all their room: their next due events were left
      // out of the rounds meanwhile. A round of this process's own: the job's may be running already,
      // past its claim. A round under way may have counted before this freed room: it runs once more.
      const wasFull =
        this.events.total + 1 >= limits.inFlight ||
        before.user >= limits.originShare ||
        (origin !== null && before.origin >= limits.perOrigin);
      if ((wasFull || this.limited.has(user) || this.rounding) && !this.stopping.signal.aborted) void this.round();
    };
  }

  /**
   * Room for a test or a 重发 of `userId`'s to `url`, each from a pool of its own, or null when this
   * process has none for it now (too many at once: of this customer's, to that origin, or in all).
   */
  manualSlot(kind: 'test' | 'replay', userId: number, url: string): ManualSlot | null {
    return (kind === 'test' ? this.tests : this.replays).take(userId, originOf(url));
  }

  /** How long a test or a 重发 refused for want of room should wait: the longest a try holds its room. */
  manualRetryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.ctx.settings.webhookTimeoutMs / 1000));
  }

  /** Starts a claimed delivery and keeps it until its outcome is written; `release` gives back its room after. */
  private start(row: Claimed, release: () => void): Promise<void> {
    const id = Number(row.id);
    const work = this.attempt(row)
      .catch((err) => this.ctx.log.error({ err, delivery: id }, 'webhook delivery failed'))
      .finally(() => {
        this.inFlight.delete(id);
        release();
      });
    this.inFlight.set(id, work);
    return work;
  }

  /** When a test or a 重发 written now is held until (its `next_at`): its route's to send, a round's only if the process died meanwhile. */
  holdUntil(): number {
    return this.ctx.now() + claimMs(this.ctx);
  }

  /**
   * Claims a delivery its route holds (a test, a replay: `next_at` = `held`) and sends it, in the
   * room `slot` holds (`manualSlot`), while the caller waits.
   */
  async sendNow(id: number, held: number, slot: ManualSlot): Promise<void> {
    const until = this.ctx.now() + claimMs(this.ctx);
    const ids = await writeTransaction(this.ctx.database, function* (): TransactionBody<number[]> {
      const { rows } = yield [writes.claimOne, { until, held, id }];
      return rows.map((r) => Number(r.id));
    });
    const [row] = ids.length ? await claimedRows(this.ctx, ids) : [];
    if (row) await this.start(row, () => slot.release());
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
    const ended = endedUnsent(row);
    if (ended || !row.url || !row.secret) return ended ?? { ok: false, status: null, error: '回调地址已删除', final: true };

    const body = JSON.stringify(
      row.event === 'code'
        ? {
            activationId: Number(row.token_id),
            service: row.service ?? '',
            text: row.text ?? '',
            code: row.code ?? '',
            country: Number(row.country ?? 0),
            receivedAt: formatTime(Number(row.received_at), ctx.settings.timeZone),
            event_id: row.event_id,
            event: 'code',
            identifier: row.identifier ?? '',
            token: row.token ?? '',
          }
        : {
            activationId: 0,
            service: 'test',
            text: '这是一条测试回调，收到即表示回调地址可用',
            code: '000000',
            country: 0,
            receivedAt: formatTime(ctx.now(), ctx.settings.timeZone),
            event_id: row.event_id,
            event: 'test',
            identifier: '',
            token: '',
          },
    );
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
          yield [
            writes.notDelivered,
            { ...common, status: retryIn !== null ? 'pending' : 'failed', error, next_at: retryIn !== null ? now + retryIn : null },
          ];
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
      webhookTries
        .labels(sent.ok ? 'delivered' : !manual && !sent.final && Number(row.attempt) <= delays.length ? 'retry' : 'failed')
        .inc();
    }
    // One round of its own for the retries due within the same tenth of a second.
    for (const retryIn of new Set(retries.map((r) => Math.ceil(r / 100) * 100))) {
      if (retryIn > LOCAL_RETRY_MS || this.stopping.signal.aborted) continue;
      const t = setTimeout(() => {
        this.timers.delete(t);
        void this.round();
      }, retryIn + 5);
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
