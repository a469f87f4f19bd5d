import { sql } from 'kysely';
import type { Ctx } from '../platform/context.js';
import type { Database } from '../platform/db/connection.js';
import { pickDue, type DueRow, originOf, Room } from '../webhooks/index.js';

/**
 * How many rent pushes one process has in flight: in all, of one customer, to one origin. Rent urls
 * are the customers' own: a few that never answer hold this room, never every rental's pushes.
 */
export const PUSH_LIMITS = { inFlight: 32, perUser: 2, perOrigin: 4, originShare: 2 };
/** How many of the oldest due pushes (of customers with room) a fill looks at: bounded however many are due. */
const SCAN = 500;

export interface DuePush {
  id: number;
  token_id: number;
  url: string;
  attempts: number;
  sender: string | null;
  text: string;
  received_at: number;
}

/**
 * The rent pushes in flight in one process (one per database). A fill starts what is due and there is
 * room for, and returns without waiting for a single POST; each push ending starts another fill, so
 * a slow receiver holds only its own room and no round waits on it.
 */
export class RentPusher {
  readonly limits = { ...PUSH_LIMITS };
  private readonly room = new Room();
  private readonly inFlight = new Map<number, Promise<void>>();
  /** Customers whose due pushes found their origin full, by origin: left out of the reads until it has room. */
  private readonly waitingAt = new Map<string, Set<number>>();
  private filling: Promise<void> | null = null;
  private again = false;

  constructor(private readonly push: (ctx: Ctx, p: DuePush) => Promise<void>) {}

  /** Starts the due pushes there is room for (once more after a fill under way, which may have read before they came). */
  fill(ctx: Ctx): Promise<void> {
    this.again = true;
    this.filling ??= (async () => {
      while (this.again) {
        this.again = false;
        const space = this.limits.inFlight - this.room.total;
        if (space <= 0) return;
        const due = await this.readDue(ctx);
        const picked = pickDue(
          due.map((d) => d.row),
          this.room,
          this.limits,
          space,
        );
        for (const { user, origin } of picked.waiting) {
          let users = this.waitingAt.get(origin);
          if (!users) this.waitingAt.set(origin, (users = new Set()));
          users.add(user);
        }
        const byId = new Map(due.map((d) => [d.row.id, d.push]));
        for (const row of picked.rows) this.start(ctx, row, byId.get(row.id)!);
        // What was started may have left others out of this read: read once more.
        if (picked.rows.length) this.again = true;
      }
    })().finally(() => {
      this.filling = null;
    });
    return this.filling;
  }

  /** Resolves once every push in flight has ended (tests, and a stop). */
  async settled(): Promise<void> {
    while (this.inFlight.size || this.filling) await Promise.all([...this.inFlight.values(), this.filling]);
  }

  private start(ctx: Ctx, row: DueRow, p: DuePush): void {
    this.room.take(row.user, row.origin);
    const work = this.push(ctx, p)
      .catch((err) => ctx.log.error({ err, push: row.id }, 'rent push failed'))
      .finally(() => {
        this.inFlight.delete(row.id);
        this.room.give(row.user, row.origin);
        void this.fill(ctx).catch((err) => ctx.log.error({ err }, 'rent push round failed'));
      });
    this.inFlight.set(row.id, work);
  }

  /** The customers a read leaves out: those with all their room in flight, and those waiting at an origin still full. */
  private busyUsers(): number[] {
    const busy = this.room.perUser.keys().filter((u) => this.room.perUser.of(u) >= this.limits.perUser);
    for (const [origin, users] of this.waitingAt) {
      if (this.room.perOrigin.of(origin) >= this.limits.perOrigin) busy.push(...users);
      else this.waitingAt.delete(origin);
    }
    return busy;
  }

  /** The oldest due pushes not in flight here, of customers with room, each with its place among its customer's (1: oldest). */
  private async readDue(ctx: Ctx): Promise<{ row: DueRow; push: DuePush }[]> {
    const busy = `,${this.busyUsers().join(',')},`;
    const flying = [...this.inFlight.keys()];
    const rows = await ctx.db
      .selectFrom('rent_pushes as p')
      .innerJoin('messages as m', 'm.id', 'p.message_id')
      .innerJoin('tokens as t', 't.id', 'p.token_id')
      .select(['p.id', 'p.token_id', 'p.url', 'p.attempts', 'p.next_at', 'm.sender', 'm.text', 'm.received_at', 't.user_id'])
      .where('p.state', '=', 'pending')
      .where('p.next_at', '<=', ctx.now())
      .$if(flying.length > 0, (q) => q.where('p.id', 'not in', flying))
      .where(sql<boolean>`cast(${busy} as text) not like ('%,' || cast(t.user_id as varchar(20)) || ',%')`)
      .orderBy('p.id')
      .limit(SCAN)
      .execute();
    const nth = new Map<number, number>();
    return rows.map((r) => {
      const user = Number(r.user_id);
      nth.set(user, (nth.get(user) ?? 0) + 1);
      return {
        row: { id: Number(r.id), user, origin: originOf(r.url), nth: nth.get(user)!, nextAt: Number(r.next_at) },
        push: {
          id: Number(r.id),
          token_id: Number(r.token_id),
          url: r.url,
          attempts: Number(r.attempts),
          sender: r.sender,
          text: r.text,
          received_at: Number(r.received_at),
        },
      };
    });
  }
}

const pushers = new WeakMap<Database, RentPusher>();

/** The pusher of a database's process, made on first use. */
export function rentPusherOf(database: Database, push: (ctx: Ctx, p: DuePush) => Promise<void>): RentPusher {
  let p = pushers.get(database);
  if (!p) pushers.set(database, (p = new RentPusher(push)));
  return p;
}

/** The pusher of a database, if it has one (tests wait for its pushes to end). */
export function existingRentPusher(database: Database): RentPusher | undefined {
  return pushers.get(database);
}
