import type { Ctx } from '../platform/context.js';
import { fail } from '../platform/http/envelope.js';
import { statement, value, writeTransaction, type TransactionBody } from '../platform/db/fast-write.js';
import { identKey } from '../catalog/stock-lines.js';
import { RECEIVING } from '../links/states.js';
import { codeSignal } from '../links/code-wake.js';
import { receiveWrites } from './deliver.js';
import { codeEvents } from '../webhooks/outbox.js';

/** The unmatched message becomes the link's: conditional, so two assignments of one message cannot both pass. */
const claim = statement((db) => db.updateTable('messages').set({ token_id: value('token_id'), matched: 1, reason: null })
  .where('id', '=', value('id')).where('matched', '=', 0));

/** A message no link took, with its code. */
async function unmatched(ctx: Ctx, messageId: number) {
  const msg = await ctx.db.selectFrom('messages').select(['id', 'recipient', 'sender', 'text', 'code', 'matched', 'received_at'])
    .where('id', '=', messageId).executeTakeFirst();
  if (!msg) throw fail.notFound('消息不存在');
  if (Number(msg.matched)) throw fail.conflict('该消息已送达链接');
  if (!msg.code) throw fail.badInput('该消息没有识别到验证码，不能分配');
  return msg;
}

/** The links that may take a message: those holding its recipient and still receiving, newest first. */
export async function assignableLinks(ctx: Ctx, messageId: number) {
  const msg = await unmatched(ctx, messageId);
  const rows = await ctx.db.selectFrom('tokens as t').innerJoin('users as u', 'u.id', 't.user_id').innerJoin('goods as g', 'g.id', 't.goods_id')
    .select(['t.id', 't.identifier', 't.state', 't.armed_at', 'u.username', 'g.title'])
    .where('t.ident_key', '=', identKey(msg.recipient ?? '')).where('t.state', 'in', RECEIVING)
    .orderBy('t.id', 'desc').limit(50).execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), armed_at: Number(r.armed_at), early: Number(r.armed_at) > Number(msg.received_at) }));
}

/**
 * The sup gives an unmatched message's code to one link holding its recipient (a number shared by
 * several customers' products, a sender no rule knew): the same writes as a delivery, in one
 * transaction, and the link's waiting readers wake.
 */
export async function assignMessage(ctx: Ctx, messageId: number, tokenId: number): Promise<{ code: string }> {
  const msg = await unmatched(ctx, messageId);
  const link = await ctx.db.selectFrom('tokens').select(['id', 'user_id', 'goods_id', 'identifier', 'ident_key'])
    .where('id', '=', tokenId).executeTakeFirst();
  if (!link) throw fail.notFound('链接不存在');
  if (link.ident_key !== identKey(msg.recipient ?? '')) throw fail.badInput('该链接的号码与消息的收件号码不同');
  const code = msg.code!;
  const at = Number(msg.received_at);

  const events = codeEvents(ctx.database);
  await writeTransaction(ctx.database, function* (): TransactionBody<void> {
    const { changes } = yield [receiveWrites.receive, { id: tokenId, code, text: msg.text, at }];
    if (!changes) throw fail.conflict('该链接现在不能接收这条验证码：已过期、次数已用完，或在消息收到之后才启用');
    const claimed = yield [claim, { id: messageId, token_id: tokenId }];
    if (!claimed.changes) throw fail.conflict('该消息已送达链接');
    yield [receiveWrites.record, {
      token_id: tokenId, user_id: link.user_id, goods_id: link.goods_id, identifier: link.identifier, message_id: messageId,
      sender: msg.sender, code, text: msg.text, create_at: at,
    }];
    yield* events.queue({ userId: Number(link.user_id), tokenId, code, text: msg.text, receivedAt: at, now: ctx.now() });
  });
  codeSignal(ctx.database).publish([tokenId]);
  events.committed();
  return { code };
}
