import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/connection.js';

/**
 * The Telegram outbox as one queue per chat: `priority` orders a chat's messages (a code before a
 * command's reply, server/telegram/outbox.ts); the chat's index finds its queue (dropped whole when
 * the chat is unbound).
 */
export function telegramOutboxPriority(_dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('telegram_outbox')
        .addColumn('priority', 'integer', (c: any) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('telegram_outbox_chat').on('telegram_outbox').column('chat_id').execute();
    },
  };
}
