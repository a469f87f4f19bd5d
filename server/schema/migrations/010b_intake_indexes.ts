import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/connection.js';

/**
 * Every stored message wrote nine index entries; an SMS webhook at hundreds a second paid for each
 * page at every commit. Kept: what a query reads.
 * - `messages_recipient` goes: the inbox searches recipients with "contains" (LIKE '%x%'), which no
 *   index serves, and nothing looks a recipient up exactly.
 * - The dedupe lookup (fingerprint, then the receive time within the window) and the exact copy's
 *   unique key become one unique index on (fingerprint, exact_key): the exact key begins with the
 *   fingerprint, so it is unique exactly when exact_key is, and its prefix finds a fingerprint's few rows.
 * - `messages_source_create_at` goes: four sources; the inbox reads newest first by id and filters.
 * - `messages_matched_create_at` becomes a partial index of the unmatched ones (the inbox's "why
 *   nothing matched" filter): matched messages, the bulk, write no entry to it.
 */
export function intakeIndexes(_dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      for (const name of [
        'messages_recipient',
        'messages_fingerprint_received_at',
        'messages_exact_key',
        'messages_source_create_at',
        'messages_matched_create_at',
      ]) {
        await db.schema.dropIndex(name).ifExists().execute();
      }
      await db.schema.createIndex('messages_identity').on('messages').columns(['fingerprint', 'exact_key']).unique().execute();
      await db.schema.createIndex('messages_unmatched').on('messages').column('id').where(sql.ref('matched'), '=', 0).execute();
    },
  };
}
