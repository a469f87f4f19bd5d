import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../platform/context.js';
import { messageFingerprint, exactKey, DEDUPE_WINDOW_MS, deliverMessage } from '../codes/index.js';
import { parseSmsForwarder, splitGluedKey } from './smsforwarder/request.js';
import { AppError } from '../platform/http/envelope.js';
import { sendDiskFull, sendUnavailable } from '../platform/http/errors.js';
import { isDiskFull } from '../platform/db/disk-full.js';
import { isDatabaseUnavailable } from '../platform/db/unavailable.js';
import { openSecret } from './devices/devices.js';
import { deviceSeen } from './devices/seen.js';
import { prepared } from '../platform/db/fast-query.js';
import { stockSpelling } from './recipient.js';
import { claimStamp, pairFingerprint } from './smsforwarder/stamps.js';
import { numberRefusal } from './devices/numbers.js';
import { learnedOffset } from './devices/clock.js';
import { webhookToReadable } from './metrics.js';
import { readCheckSms, slotOfSms } from './numbers/check-sms.js';
import { numberHeard } from './numbers/heard.js';
import { identKey } from '../catalog/index.js';

export const INGEST_PREFIX = '/api/ingest/sms/';
/** An SMS webhook body is a few hundred bytes; a long SMS in the app's template a few KB. */
export const INGEST_BODY_LIMIT = 64 * 1024;
/** What every accepted request gets: SmsForwarder's "success keyword" can be `ok`. */
const ACCEPTED = '{"code":200,"message":"ok","data":null}';
/** A signed pair that already carried another message: a captured signature, not the phone. */
const REPLAYED = '签名已用于另一条短信：同一时间戳不能携带不同内容（疑似重放）';

/**
 * `POST /api/ingest/sms/<device key>`: SmsForwarder's webhook as the app sends it (default form,
 * custom JSON or form template, GET), and the gammu RunOnReceive script's JSON. A refusal is a 4xx
 * with the reason in Chinese (the app shows it in its log; it never retries a 4xx): unknown device
 * 404, disabled device 403, unsigned, wrongly signed, stale or a signature replayed with another
 * message 401, unreadable 400. A message to a number bound to another device is stored, reaching no link. Anything else is
 * 200 at once with a short fixed body, whether or not it matched a link: a copy of a message seen
 * before is not stored again, and every stored message is in the sup's inbox with why it matched
 * nothing. Its own plugin scope: its body parsers and error handler concern this route alone.
 */
export function registerSmsIngest(app: FastifyInstance, ctx: Ctx): void {
  void app.register(async (scope) => {
    // Bodies are read as text and parsed by the webhook parser (form, JSON, or a JSON body sent as text).
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: INGEST_BODY_LIMIT }, (_request, body, done) => done(null, body));

    scope.setErrorHandler((error: { statusCode?: number; code?: number; message?: string }, request, reply) => {
      if (error instanceof AppError) return refuse(reply, error.code >= 400 && error.code < 500 ? error.code : 400, error.message);
      if (error.statusCode === 413) return refuse(reply, 413, '请求内容过大');
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return refuse(reply, 400, '请求格式不正确');
      // Nothing stored: a 503 the gammu script's curl retries (docs/smsforwarder.md).
      if (isDatabaseUnavailable(error)) return sendUnavailable(reply);
      if (isDiskFull(error)) return sendDiskFull(request, reply, error);
      request.log.error({ err: error }, 'sms ingest failed');
      return reply.status(500).send({ code: 500, message: `服务器内部错误，请稍后再试（请求编号 ${request.id}）`, data: null });
    });

    // What the device counters and the numbers' last SMS hold is written before the database closes.
    scope.addHook('onClose', async () => {
      await deviceSeen(ctx.database).flush();
      await numberHeard(ctx.database, ctx.now).flush();
    });

    scope.route({
      method: ['GET', 'POST'],
      url: `${INGEST_PREFIX}:key`,
      bodyLimit: INGEST_BODY_LIMIT,
      exposeHeadRoute: false,
      config: { access: 'public' },
      handler: (request, reply) => ingest(ctx, request, reply),
    });
  });
}

/** For the request log: a device key shortened, and nothing of what a GET glues to it or puts in its query (the SMS). */
export function maskIngestUrl<T extends string | undefined>(url: T): T | string {
  if (!url?.startsWith(INGEST_PREFIX)) return url;
  const key = url.slice(INGEST_PREFIX.length).split(/[&?]/)[0];
  return `${INGEST_PREFIX}${key.slice(0, 4)}…`;
}

function refuse(reply: FastifyReply, status: number, message: string) {
  return reply.status(status).type('application/json; charset=utf-8').send({ code: status, message, data: null });
}

/** The device a webhook names, by its key: built and compiled once (every SMS reads it). */
const deviceByKey = prepared((db) =>
  db.selectFrom('devices').select(['id', 'secret_enc', 'sim1', 'sim2', 'enabled', 'clock_offset_ms']).where('key', '=', ''),
);

/** PostgreSQL cannot store U+0000, and no SMS holds it. */
// eslint-disable-next-line no-control-regex -- U+0000 matched on purpose: PostgreSQL cannot store it
const clean = (s: string) => s.replace(/\u0000/g, '');

async function ingest(ctx: Ctx, request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0];
  const { key, fields } = splitGluedKey(path.slice(INGEST_PREFIX.length));
  const [device] = await deviceByKey(ctx.database, [key]);
  if (!device) return refuse(reply, 404, '设备不存在：请核对 Webhook 地址');
  if (!Number(device.enabled)) return refuse(reply, 403, '设备已停用');

  const now = ctx.now();
  const deviceId = Number(device.id);
  // The zone offset learned from earlier messages (this process's newest reading is not written yet).
  const learned =
    deviceSeen(ctx.database).pendingFor(deviceId)?.offsetMs ?? (device.clock_offset_ms === null ? null : Number(device.clock_offset_ms));
  const query = { ...(request.query as Record<string, unknown>), ...fields };
  const parsed = parseSmsForwarder({
    contentType: request.headers['content-type'],
    body: request.body as string | undefined,
    query,
    secret: openSecret(ctx, device.secret_enc),
    now,
    maxSkewMs: ctx.settings.webhookMaxSkewMs,
    slotNumbers: { sim1: device.sim1, sim2: device.sim2 },
    timeZone: ctx.settings.timeZone,
    clockOffsetMs: learned,
  });
  if (!parsed.ok) return refuse(reply, parsed.status, parsed.message);

  const m = parsed.message;
  if (!(await claimStamp(ctx, deviceId, m.stamp, pairFingerprint(m)))) return refuse(reply, 401, REPLAYED);
  const clock = { skewMs: now - m.stamp, offsetMs: learnedOffset(deviceId, learned, m.observedOffsetMs) };
  let stored = false;
  // The app's "test this channel" button proves the setup: the device is seen, nothing is stored.
  if (!m.test) {
    const sender = clean(m.sender);
    const text = clean(m.text);
    // A check SMS (server/intake/numbers): its code tells the number, and no customer's link takes it.
    const check = await readCheckSms(ctx, deviceId, slotOfSms(m.slot, m.deviceMark), text);
    const reported = await stockSpelling(ctx, clean(m.recipient ?? ''));
    const recipient = check?.recipient ?? reported;
    // A retry of a check SMS is the same message: its identity is what the device sent.
    const identity = { source: 'sms', deviceId, recipient: reported || null, slot: m.slot, sender, text, receivedAt: m.receivedAt };
    const fingerprint = messageFingerprint(identity);
    const refusal = check?.refusal ?? (recipient ? await numberRefusal(ctx, deviceId, recipient) : null);
    const delivery = await deliverMessage(ctx, {
      source: 'sms',
      recipient,
      sender,
      text,
      receivedAt: m.receivedAt,
      deviceId,
      slot: m.slot,
      dedupe: { fingerprint, exactKey: exactKey(identity, fingerprint), windowMs: DEDUPE_WINDOW_MS },
      refusal,
    });
    stored = !delivery.duplicate;
    // The number's SIM had traffic (keep-alive): a number this device holds, or the one a check named.
    const heard = check ? check.identKey : refusal ? null : identKey(recipient);
    if (heard) numberHeard(ctx.database, ctx.now).note(heard, m.receivedAt);
    if (delivery.tokenIds.length) webhookToReadable.observe(reply.elapsedTime / 1000);
  }
  deviceSeen(ctx.database).note(deviceId, now, stored, clock);
  return reply.status(200).type('application/json; charset=utf-8').send(ACCEPTED);
}
