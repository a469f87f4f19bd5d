/**
 * How many deliveries one process has in flight at once, and for whom. Code events, tests and 重发
 * have pools of their own: however many tests are held by servers that never answer, a code event
 * and a 重发 still find room.
 */
export interface Limits {
  /** Code events in flight: a slow endpoint holds one of them, never the rest. */
  inFlight: number;
  /** Code events of one customer whose origin no one else is using here: a slow customer holds these, never another's room. */
  perUser: number;
  /** Code events to one origin: however many accounts point at one server, they share this. */
  perOrigin: number;
  /** Code events of one customer while other customers' are in flight to the same origin: their share of it. */
  originShare: number;
  /** Tests in flight (each waits on the customer's server while the caller waits). */
  tests: number;
  testsPerUser: number;
  testsPerOrigin: number;
  /** 重发 of real events in flight: a pool apart from tests, which cost nothing to start. */
  replays: number;
  replaysPerUser: number;
  replaysPerOrigin: number;
}

export const LIMITS: Readonly<Limits> = {
  inFlight: 256,
  perUser: 4,
  perOrigin: 8,
  originShare: 2,
  tests: 16,
  testsPerUser: 1,
  testsPerOrigin: 2,
  replays: 16,
  replaysPerUser: 1,
  replaysPerOrigin: 2,
};

/** Where a URL's deliveries go, as the limits count it: scheme, host and port (the default one left out), or null for no URL. */
export function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return null;
  }
}

/** Counts by key; a key at zero is forgotten. */
export class Tally<K> {
  private readonly counts = new Map<K, number>();

  of(key: K | null): number {
    return key === null ? 0 : (this.counts.get(key) ?? 0);
  }

  add(key: K | null): void {
    if (key !== null) this.counts.set(key, this.of(key) + 1);
  }

  /** Takes one off and answers how many are left. */
  remove(key: K | null): number {
    if (key === null) return 0;
    const left = this.of(key) - 1;
    if (left > 0) this.counts.set(key, left);
    else this.counts.delete(key);
    return left;
  }

  keys(): K[] {
    return [...this.counts.keys()];
  }
}

/** What is in flight in one pool: in all, by customer, by origin, and the origin each customer's are going to. */
export class Room {
  total = 0;
  readonly perUser = new Tally<number>();
  readonly perOrigin = new Tally<string>();
  /** Each customer's origin while some of theirs are in flight (a customer has one endpoint). */
  readonly originOfUser = new Map<number, string>();

  take(user: number, origin: string | null): void {
    this.total += 1;
    this.perUser.add(user);
    this.perOrigin.add(origin);
    if (origin !== null) this.originOfUser.set(user, origin);
  }

  /** Gives one back; answers how many of the customer's and of the origin's were in flight before. */
  give(user: number, origin: string | null): { user: number; origin: number } {
    this.total -= 1;
    const userLeft = this.perUser.remove(user);
    if (!userLeft) this.originOfUser.delete(user);
    return { user: userLeft + 1, origin: this.perOrigin.remove(origin) + 1 };
  }

  /** Other customers' in flight to `origin`. */
  othersAt(user: number, origin: string | null): number {
    if (origin === null) return 0;
    return this.perOrigin.of(origin) - (this.originOfUser.get(user) === origin ? this.perUser.of(user) : 0);
  }
}

/**
 * The pool of tests or of 重发: room for one, or null when the pool, the customer or the origin has
 * none now. The limits are read at each call (tests lower them).
 */
export class ManualPool {
  private readonly room = new Room();

  constructor(private readonly limits: () => { total: number; perUser: number; perOrigin: number }) {}

  take(user: number, origin: string | null): { release(): void } | null {
    const l = this.limits();
    if (this.room.total >= l.total || this.room.perUser.of(user) >= l.perUser || this.room.perOrigin.of(origin) >= l.perOrigin) return null;
    this.room.take(user, origin);
    let held = true;
    return {
      release: () => {
        if (!held) return;
        held = false;
        this.room.give(user, origin);
      },
    };
  }
}
