import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Ctx } from '../platform/context.js';
import { Code, fail, ok } from '../platform/http/envelope.js';
import { batchedRead } from '../platform/db/fast-query.js';
import { formatTime } from '../platform/lib/time.js';
import { codeSignal } from './code-wake.js';
import type { CodeLimits } from './code-limits.js';
import { codeView, linkByTokenQuery, statusText, stillAsSeen, type LinkRow } from './code-view.js';

export const MAX_WAIT_SECONDS = 60;
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

const linkByToken = batchedRead(linkByTokenQuery);

/**
 * `GET /api/code/<token>`: no login, the link is the key. JSON (the envelope), `?format=text`
 * (SMS-Activate words) and `?wait=N` (up to 60 s, answered as soon as a code arrives; with `&seen=<code
 * shown>`, as soon as what the link shows changes). Each read
 * is one lookup by the token's unique index (batched with the other reads of its turn) and no write;
 * the limits per link and per address are the ones the `/c/<token>` page spends too.
 */
export function registerCodeRoutes(app: FastifyInstance, ctx: Ctx, limits: CodeLimits): void {
  const tz = ctx.settings.timeZone;
  const signal = codeSignal(ctx.database);
  const read = (token: string) => linkByToken(ctx.database, token) as Promise<LinkRow | undefined>;
  // A stopping server answers the reads it holds at once, with what they have, instead of after their wait.
  const held = new Set<AbortController>();
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    for (const poll of held) poll.abort();
  });

  app.get('/api/code/:token', { config: { access: 'public' }, schema: { response: { 200: answerSchema } } }, async (request, reply) => {
    const { token } = request.params as { token: string };
    const { text, wait, seen } = options(request.query as Record<string, unknown>);
    reply.header('Cache-Control', 'no-store');
    const now = ctx.now();
    const limited = limits.address(request.ip, now);
    if (limited) return tooMany(reply, limited, text);
    let row = TOKEN.test(token) ? await read(token) : undefined;
    if (!row)
      return text
        ? reply.type('text/plain; charset=utf-8').send('NO_ACTIVATION')
        : reply.send({ code: Code.notFound, message: '链接不存在', data: null });
    const again = limits.link(token, now);
    if (again) return tooMany(reply, again, text);

    let view = codeView(row, now);
    if (wait > 0 && !closing && stillAsSeen(view, seen)) {
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      held.add(gone);
      // A wake-up that changed nothing the reader sees (another process's late notice of an earlier
      // reset, say) keeps the read waiting for the rest of its time.
      const deadline = Date.now() + wait * 1000;
      try {
        for (let left = wait * 1000; left > 0 && !gone.signal.aborted; left = deadline - Date.now()) {
          if (!(await signal.wait(row.id, left, gone.signal))) break;
          row = (await read(token)) ?? row;
          view = codeView(row, ctx.now());
          if (!stillAsSeen(view, seen)) break;
        }
      } finally {
        held.delete(gone);
      }
    }
    if (text) return reply.type('text/plain; charset=utf-8').send(statusText(view));
    return reply.send(
      ok({
        ...view,
        received_at: formatTime(view.received_at, tz),
        expires_at: formatTime(view.expires_at, tz),
        refund_at: formatTime(view.refund_at, tz),
      }),
    );
  });
}

const nullable = (type: string) => ({ type: [type, 'null'] });
/**
 * Every JSON answer of the read (a view, a refusal, an error: all HTTP 200), written by a function
 * compiled for it instead of JSON.stringify: the same text, its fields in the same order. Data that is
 * not a view (retry_after, errors) goes out as it is.
 */
const answerSchema = {
  type: 'object',
  properties: {
    code: { type: 'integer' },
    message: { type: 'string' },
    data: {
      ...nullable('object'),
      properties: {
        state: { type: 'string' },
        identifier: { type: 'string' },
        code: nullable('string'),
        text: nullable('string'),
        received_at: nullable('string'),
        expires_at: { type: 'string' },
        receives_left: nullable('integer'),
        product: { type: 'string' },
        reset: { type: 'boolean' },
        refund_at: nullable('string'),
      },
      additionalProperties: true,
    },
  },
};

function options(query: Record<string, unknown>): { text: boolean; wait: number; seen?: string } {
  const { format, wait, seen } = query;
  if (format !== undefined && format !== 'text' && format !== 'json') throw fail.badInput('format 只能是 text 或 json');
  let seconds = 0;
  if (wait !== undefined && wait !== '') {
    seconds = typeof wait === 'string' && /^\d{1,2}$/.test(wait) ? Number(wait) : NaN;
    if (!(seconds >= 0 && seconds <= MAX_WAIT_SECONDS)) throw fail.badInput(`wait 必须是 0 到 ${MAX_WAIT_SECONDS} 的整数（秒）`);
  }
  if (seen !== undefined && (typeof seen !== 'string' || seen.length > 64))
    throw fail.badInput('seen 必须是页面显示的验证码（没有时为空）');
  return { text: format === 'text', wait: seconds, ...(seen === undefined ? {} : { seen }) };
}

/** JSON keeps the API's convention (HTTP 200, code 429); the text form is for scripts, so HTTP 429. */
function tooMany(reply: FastifyReply, seconds: number, text: boolean) {
  reply.header('Retry-After', String(seconds));
  if (text) return reply.status(429).type('text/plain; charset=utf-8').send('TOO_MANY_REQUESTS');
  return reply.send({ code: Code.tooMany, message: `请求过于频繁，请 ${seconds} 秒后再试`, data: { retry_after: seconds } });
}
