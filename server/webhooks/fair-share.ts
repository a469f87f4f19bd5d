import type { Room } from './room.js';

/** The limits a pick reads (webhooks' code events, and rent pushes alike). */
export interface ShareLimits {
  perUser: number;
  perOrigin: number;
  originShare: number;
}

/** A due code event read for a round: its customer, the origin it would go to (null: it ends unsent), its place among the customer's due ones (1: oldest). */
export interface DueRow {
  id: number;
  user: number;
  origin: string | null;
  nth: number;
  nextAt: number;
}

export interface Picked {
  /** The rows to claim and start now. */
  rows: DueRow[];
  /** Customers left out because their origin had no room: kept out of the reads until it has. */
  waiting: { user: number; origin: string }[];
  /** Customers left out because they had all the room they get. */
  limited: number[];
}

/**
 * The customer's room for code events: `perUser`, or only their share of the origin while other
 * customers' are in flight there too (a few customers pointing at one server that never answers
 * hold part of it, and the rest go to the others).
 */
export function capOf(limits: ShareLimits, othersAtOrigin: number): number {
  return othersAtOrigin > 0 ? Math.min(limits.perUser, limits.originShare) : limits.perUser;
}

/**
 * Which due rows start now, up to `space` of them: the customers with the fewest in flight first,
 * round robin (everyone's oldest, then everyone's second...), oldest first among equals; none past a
 * customer's room or an origin's.
 */
export function pickDue(due: DueRow[], room: Room, limits: ShareLimits, space: number): Picked {
  const taken = { user: new Map<number, number>(), origin: new Map<string, number>() };
  const heldBefore = (user: number) => room.perUser.of(user);
  const held = (user: number) => heldBefore(user) + (taken.user.get(user) ?? 0);
  const atOrigin = (origin: string) => room.perOrigin.of(origin) + (taken.origin.get(origin) ?? 0);
  const ranked = [...due].sort((a, b) => heldBefore(a.user) + a.nth - (heldBefore(b.user) + b.nth) || a.nextAt - b.nextAt || a.id - b.id);
  const picked: Picked = { rows: [], waiting: [], limited: [] };
  const waiting = new Set<number>();
  for (const row of ranked) {
    if (picked.rows.length >= space) break;
    const { user, origin } = row;
    if (waiting.has(user)) continue;
    if (origin !== null) {
      if (atOrigin(origin) >= limits.perOrigin) {
        waiting.add(user);
        picked.waiting.push({ user, origin });
        continue;
      }
      const mine = held(user);
      if (mine >= capOf(limits, atOrigin(origin) - mine)) {
        picked.limited.push(user);
        continue;
      }
      taken.origin.set(origin, (taken.origin.get(origin) ?? 0) + 1);
    } else if (held(user) >= limits.perUser) {
      picked.limited.push(user);
      continue;
    }
    taken.user.set(user, (taken.user.get(user) ?? 0) + 1);
    picked.rows.push(row);
  }
  return picked;
}
