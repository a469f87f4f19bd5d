import { sql } from 'kysely';
import type { Database } from '../platform/db/connection.js';
import { statement, value, type Step, type TransactionBody } from '../platform/db/fast-write.js';
import { newEventId } from './sign.js';
import { wakeDeliveries } from './wake.js';

/** The most of a message's text an event carries (a mail can be long; an SMS never is). */
export const TEXT_MAX = 4096;

/**
 * A code event for a link's owner, queued only when that customer has an endpoint that is on and not
 * paused and the account is not disabled: one statement that inserts nothing for everyone else.
 * Values are cast so PostgreSQL knows their types in the SELECT.
 */
const queueCode = statement((db) =>
  db
    .insertInto('webhook_deliveries')
    .columns(['event_id', 'event', 'user_id', 'token_id', 'code', 'text', 'received_at', 'url', 'status', 'next_at', 'create_at'])
    .expression((eb) =>
      eb
        .selectFrom('webhook_endpoints as e')
        .innerJoin('users as u', 'u.id', 'e.user_id')
        .select([
          sql<string>`cast(${value('event_id')} as varchar(64))`.as('event_id'),
          sql<string>`'code'`.as('event'),
          'e.user_id',
          sql<number>`cast(${value('token_id')} as bigint)`.as('token_id'),
          sql<string>`cast(${value('code')} as varchar(32))`.as('code'),
          sql<string>`cast(${value('text')} as text)`.as('text'),
          sql<number>`cast(${value('received_at')} as bigint)`.as('received_at'),
          'e.url',
          sql<string>`'pending'`.as('status'),
          sql<number>`cast(${value('now')} as bigint)`.as('next_at'),
          sql<number>`cast(${value('now')} as bigint)`.as('create_at'),
        ])
        .where('e.user_id', '=', value('user_id'))
        .where('e.enabled', '=', 1)
        .where('e.paused_at', 'is', null)
        .where('u.status', '=', 'active'),
    ),
);

export interface CodeEvent {
  userId: number;
  tokenId: number;
  code: string | null;
  text: string;
  receivedAt: number;
  now: number;
}

/**
 * What the code path (server/codes) does for webhooks: inside its transaction, `queue` each code a
 * link received (a step of that transaction, so the event exists exactly when the code does); after
 * the commit, `committed` wakes the delivery job when something was queued.
 */
export function codeEvents(database: Database) {
  let queued = 0;
  return {
    *queue(e: CodeEvent): TransactionBody<void> {
      if (!e.code) return;
      const step: Step = [
        queueCode,
        {
          event_id: newEventId(),
          token_id: e.tokenId,
          code: e.code,
          text: e.text.slice(0, TEXT_MAX),
          received_at: e.receivedAt,
          now: e.now,
          user_id: e.userId,
        },
      ];
      const { changes } = yield step;
      queued += changes;
    },
    committed() {
      if (queued) wakeDeliveries(database);
    },
  };
}
