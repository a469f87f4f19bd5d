import type { Ctx } from '../platform/context.js';
import type { Database } from '../platform/db/connection.js';
import type { Statement } from '../platform/db/fast-write.js';

/**
 * What an area pushes of every stored message to a number, whoever its links are: an aggregator
 * holding the number gets each SMS to it (server/agents). The area registers it when installed: it
 * stands above codes (it takes numbers from stock through sales), so codes does not import it.
 */
export interface MessagePush {
  /**
   * Run in the delivery's own transaction once the message is stored, with the values `message_id`,
   * `ident_key` (the recipient as stock matches it), `at` (when it arrived) and `now`: it queues the
   * pushes (none for a number nobody holds). Its changed rows are counted.
   */
  queue: Statement;
  /** After the commit, when the statement queued something: start sending. */
  queued(database: Database): void;
  /** Who holds the number instead of a link (for the inbox's reason when no link took the message), or null. */
  holder(ctx: Ctx, identKey: string): Promise<string | null>;
}

let push: MessagePush | null = null;

export function registerMessagePush(p: MessagePush): void {
  push = p;
}

/** The registered push, or null when no such area is installed. */
export const messagePush = (): MessagePush | null => push;
