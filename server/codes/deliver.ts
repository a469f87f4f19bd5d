import { sql } from 'kysely';
import type { Ctx } from '../platform/context.js';
import { prepared } from '../platform/db/fast-query.js';
import { statement, value, writeTransaction, type TransactionBody } from '../platform/db/fast-write.js';
import { identKey } from '../catalog/index.js';
import { RECEIVING, codeSignal } from '../links/index.js';
import { extractCode } from './extract.js';
import { chooseLinks } from './choose-links.js';
import { codesDelivered } from './metrics.js';
import { codeEvents } from '../webhooks/index.js';
import { rentPushQueue } from './rent-push.js';
import { messagePush, type MessagePush } from './message-push.js';

export interface InboundMessage {
  source: 'sms' | 'mail' | 'upstream' | 'manual';
  /** The number or mailbox the message was sent to (a stock identifier, in any spelling of it). */
  recipient: string;
  sender?: string | null;
  text: string;
  /** When it arrived (ms); a time in the future counts as now. */
  receivedAt: number;
  deviceId?: number | null;
  /** The SIM slot it came in on, when known. */
  slot?: number | null;
  /**
   * Its identity (server/codes/dedupe.ts): a copy of a message stored within the window (or an exact
   * copy, by the unique index) is not stored again and answers `duplicate: true`.
   */
  dedupe?: { fingerprint: string; exactKey: string; windowMs: number };
  /** The sender the products' rules read, when it is not `sender` (a mail From no DKIM signature vouches for reads as none). */
  ruleSender?: string;
  /** Set by the intake when the message may reach no link (a device delivering to a number it does not hold): why, for the inbox. */
  refusal?: string | null;
}

export interface Delivery {
  messageId: number;
  code: string | null;
  /** The links that received the code (none: `reason` says why). */
  tokenIds: number[];
  reason: string | null;
  /** A copy of a message stored before: nothing was written. */
  duplicate?: boolean;
  /** Pushes queued for it (an aggregator holds the number). */
  pushed?: number;
}

/**
 * The one way a message becomes a code on a link (SMS webhook, SMTP, upstream polling, manual entry
 * all call it). One transaction: the message is stored; the links holding its recipient that were
 * armed before it arrived and can still receive are chosen by the product's rules; each gets a
 * code record, its last code and a receive counted (used up at the limit, by a conditional update
 * so concurrent messages never pass it); the message keeps why it matched nothing. After the
 * commit, `?wait=` reads of those links wake.
 */
export async function deliverMessage(ctx: Ctx, msg: InboundMessage): Promise<Delivery> {
  const now = ctx.now();
  const at = Number.isFinite(msg.receivedAt) ? Math.min(msg.receivedAt, now) : now;
  const sender = (msg.sender ?? '').slice(0, 255);
  const code = extractCode(msg.text)?.slice(0, 32) ?? null;
  const key = identKey(msg.recipient);

  // Read before the write transaction (it holds SQLite's one writer): the links that may get the
  // code. The conditional update below checks each one again, so a link changed meanwhile is skipped.
  const candidates = key && !msg.refusal ? await linksHolding(ctx.database, [key, ...RECEIVING]) : [];
  const chosen = msg.refusal
    ? { targets: [], reason: msg.refusal }
    : candidates.length
      ? chooseLinks(
          candidates.map((c) => ({ ...c, armed_at: Number(c.armed_at), expires_at: Number(c.expires_at) })),
          { sender: (msg.ruleSender ?? sender).slice(0, 255), text: msg.text, at, code },
        )
      : { targets: [], reason: await whyNoLink(ctx, key) };
  // A number no link holds may be an aggregator's (server/agents): the inbox says so.
  const pushes = msg.refusal || !key || key.includes('@') ? null : messagePush();
  if (pushes && !chosen.targets.length) chosen.reason = (await pushes.holder(ctx, key)) ?? chosen.reason;

  let delivery: Delivery;
  const events = codeEvents(ctx.database);
  try {
    delivery = await writeTransaction(ctx.database, () =>
      store(msg, { now, at, sender, code, targets: chosen.targets, reason: chosen.reason, events, key, pushes }),
    );
  } catch (err) {
    // Two exact copies at once (another process): the unique index let one in.
    const dedupe = msg.dedupe;
    if (!dedupe || !isUniqueViolation(err)) throw err;
    const [copy] = await exactCopy(ctx.database, [dedupe.fingerprint, dedupe.exactKey]);
    if (!copy) throw err;
    return { messageId: Number(copy.id), code: copy.code, tokenIds: [], reason: null, duplicate: true };
  }
  codeSignal(ctx.database).publish(delivery.tokenIds);
  events.committed();
  if (delivery.pushed && pushes) pushes.queued(ctx.database);
  if (delivery.tokenIds.length) codesDelivered.labels(msg.source).inc(delivery.tokenIds.length);
  return delivery;
}

/** The links that may receive a message to an identifier (ident_key, then the RECEIVING states). */
const linksHolding = prepared((db) =>
  db
    .selectFrom('tokens as t')
    .innerJoin('goods as g', 'g.id', 't.goods_id')
    .select([
      't.id',
      't.user_id',
      't.goods_id',
      't.identifier',
      't.armed_at',
      't.expires_at',
      'g.service',
      'g.match_sender',
      'g.match_keyword',
      't.kind',
      't.rent_url',
    ])
    .where('t.ident_key', '=', '')
    .where('t.state', 'in', RECEIVING),
);

/** The stored copy of a message (fingerprint, exact key): both name the unique index. */
const exactCopy = prepared((db) =>
  db.selectFrom('messages').select(['id', 'code']).where('fingerprint', '=', '').where('exact_key', '=', ''),
);

/** The write transaction's statements, built and compiled once per database. */
const writes = {
  copyWithin: statement((db) =>
    db
      .selectFrom('messages')
      .select(['id', 'code'])
      .where('fingerprint', '=', value('fingerprint'))
      .where('received_at', '>=', value('from'))
      .where('received_at', '<=', value('to'))
      .limit(1),
  ),
  receive: statement((db) =>
    db
      .updateTable('tokens')
      .set((eb) => ({
        received: eb('received', '+', 1),
        code_count: eb('code_count', '+', 1),
        last_code: value('code'),
        last_text: value('text'),
        last_code_at: value('at'),
        state: sql<
          'used_up' | 'code_received'
        >`case when ${eb.ref('receive_limit')} > 0 and ${eb.ref('received')} + 1 >= ${eb.ref('receive_limit')} then 'used_up' else 'code_received' end`,
      }))
      .where('id', '=', value('id'))
      .where('state', 'in', RECEIVING)
      .where('armed_at', '<=', value('at'))
      .where((eb) => eb.or([eb('receive_limit', '=', 0), eb('received', '<', eb.ref('receive_limit'))])),
  ),
  /** A rental receiving an SMS, with a code or not: counted (code_count counts its SMS), its last code kept when this one has none. */
  rentReceive: statement((db) =>
    db
      .updateTable('tokens')
      .set((eb) => ({
        received: eb('received', '+', 1),
        code_count: eb('code_count', '+', 1),
        last_code: eb.fn.coalesce(eb.val(value('code')), eb.ref('last_code')),
        last_text: value('text'),
        last_code_at: value('at'),
        state: 'code_received',
      }))
      .where('id', '=', value('id'))
      .where('kind', '=', 'rent')
      .where('state', 'in', RECEIVING)
      .where('armed_at', '<=', value('at')),
  ),
  message: statement((db) =>
    db
      .insertInto('messages')
      .values({
        source: value('source'),
        device_id: value('device_id'),
        sender: value('sender'),
        recipient: value('recipient'),
        text: value('text'),
        code: value('code'),
        token_id: value('token_id'),
        reason: value('reason'),
        matched: value('matched'),
        received_at: value('received_at'),
        create_at: value('create_at'),
        slot: value('slot'),
        fingerprint: value('fingerprint'),
        exact_key: value('exact_key'),
      })
      .returning('id'),
  ),
  record: statement((db) =>
    db.insertInto('code_records').values({
      token_id: value('token_id'),
      user_id: value('user_id'),
      goods_id: value('goods_id'),
      identifier: value('identifier'),
      message_id: value('message_id'),
      sender: value('sender'),
      code: value('code'),
      text: value('text'),
      create_at: value('create_at'),
    }),
  ),
};

/** A link receiving a code and its code record: the same two writes when the sup assigns a message (assign.ts). */
export const receiveWrites = { receive: writes.receive, record: writes.record };

interface Target {
  id: number;
  user_id: number;
  goods_id: number;
  identifier: string;
  kind?: string;
  rent_url?: string | null;
}

/**
 * The transaction: a copy stored within the window ends it; else each chosen link receives the code
 * if it still can, the message is stored once its links are known (no second write to it), and each
 * link that received gets its code record.
 */
function* store(
  msg: InboundMessage,
  m: {
    now: number;
    at: number;
    sender: string;
    code: string | null;
    targets: Target[];
    reason: string | null;
    events: ReturnType<typeof codeEvents>;
    key: string;
    pushes: MessagePush | null;
  },
): TransactionBody<Delivery> {
  const dedupe = msg.dedupe;
  if (dedupe) {
    const {
      rows: [copy],
    } = yield [writes.copyWithin, { fingerprint: dedupe.fingerprint, from: m.at - dedupe.windowMs, to: m.at + dedupe.windowMs }];
    if (copy) return { messageId: Number(copy.id), code: copy.code, tokenIds: [], reason: null, duplicate: true };
  }
  const received: Target[] = [];
  for (const t of m.targets) {
    const { changes } = yield [
      t.kind === 'rent' ? writes.rentReceive : writes.receive,
      { id: t.id, code: m.code, text: msg.text, at: m.at },
    ];
    if (changes) received.push(t);
  }
  const tokenIds = received.map((t) => Number(t.id));
  const reason = tokenIds.length ? null : (m.reason ?? '链接状态已变化');
  const {
    rows: [message],
  } = yield [
    writes.message,
    {
      source: msg.source,
      device_id: msg.deviceId ?? null,
      sender: m.sender || null,
      recipient: msg.recipient.slice(0, 255),
      text: msg.text,
      code: m.code,
      token_id: tokenIds[0] ?? null,
      reason,
      matched: tokenIds.length ? 1 : 0,
      received_at: m.at,
      create_at: m.now,
      slot: msg.slot ?? null,
      fingerprint: dedupe?.fingerprint ?? null,
      exact_key: dedupe?.exactKey ?? null,
    },
  ];
  const messageId = Number(message.id);
  const queueRentPush = rentPushQueue();
  for (const t of received) {
    // A rental's SMS without a code is kept as the message alone (its list reads the messages).
    if (m.code !== null) {
      yield [
        writes.record,
        {
          token_id: t.id,
          user_id: t.user_id,
          goods_id: t.goods_id,
          identifier: t.identifier,
          message_id: messageId,
          sender: m.sender || null,
          code: m.code,
          text: msg.text,
          create_at: m.at,
        },
      ];
    }
    if (t.kind === 'rent' && t.rent_url && queueRentPush)
      yield [queueRentPush, { token_id: t.id, message_id: messageId, url: t.rent_url, now: m.now }];
    // The customer's webhook event for a code, in the same transaction as the code it tells of.
    yield* m.events.queue({ userId: t.user_id, tokenId: t.id, code: m.code, text: msg.text, receivedAt: m.at, now: m.now });
  }
  const pushed = m.pushes ? (yield [m.pushes.queue, { message_id: messageId, ident_key: m.key, at: m.at, now: m.now }]).changes : 0;
  return { messageId, code: m.code, tokenIds, reason, pushed };
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '');
}

const newestLinkState = prepared((db) =>
  db.selectFrom('tokens').select('state').where('ident_key', '=', '').orderBy('id', 'desc').limit(1),
);

/** Why a recipient has no link that can receive: the newest link it had says it best. */
async function whyNoLink(ctx: Ctx, key: string): Promise<string> {
  if (!key) return '收件号码未知：请在手机的 SIM 卡备注里写上号码，或在设备管理里绑定卡槽号码';
  const [last] = await newestLinkState(ctx.database, [key, 1]);
  switch (last?.state) {
    case undefined:
      return '没有持有该号码或邮箱的链接';
    case 'used_up':
      return '链接的接码次数已用完';
    case 'expired':
      return '链接已过期';
    case 'finished':
      return '链接已完成';
    default:
      return '链接已退款或已撤销';
  }
}
