import crypto from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../platform/context.js';
import { formatTime } from '../platform/lib/time.js';
import type { CodeLimits } from './code-limits.js';
import { codeView, linkByTokenQuery, type CodeView, type LinkRow } from './code-view.js';

/**
 * `/c/<token>`: the page a customer hands to their own buyer. Rendered here with the link's state
 * (readable before any script runs), then kept current by a small static script (`/c.js`, under the
 * CSP's `script-src 'self'`) that long-polls `GET /api/code/<token>?wait=25`. No console bundle.
 * A page is a code read: it spends the same per-address and per-link limits as `/api/code/<token>`.
 */
const SCRIPT = fs.readFileSync(new URL('./code-page-script.js', import.meta.url), 'utf8');
const SCRIPT_VERSION = crypto.createHash('sha256').update(SCRIPT).digest('base64url').slice(0, 10);
export const SCRIPT_PATH = '/c.js';
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/** What each state says to the person holding the page. */
export const STATE_TEXT: Record<string, string> = {
  active: '等待验证码中，收到后会自动显示',
  code_received: '已收到验证码',
  used_up: '接码次数已用完',
  expired: '链接已过期',
  revoked: '链接已被撤销',
  refunded: '链接已退款',
  finished: '链接已结束',
};

/** A refunded or revoked link's number is no longer the holder's to use: the page offers nothing to copy (/c.js agrees). */
const NO_COPY: readonly string[] = ['refunded', 'revoked'];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

export function registerCodePage(app: FastifyInstance, ctx: Ctx, limits: CodeLimits): void {
  const tz = ctx.settings.timeZone;

  app.get(SCRIPT_PATH, { config: { access: 'public' } }, async (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=31536000, immutable').type('text/javascript; charset=utf-8').send(SCRIPT),
  );

  app.get('/c/:token', { config: { access: 'public' } }, async (request, reply) => {
    const { token } = request.params as { token: string };
    reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex').type('text/html; charset=utf-8');
    const now = ctx.now();
    const limited = limits.address(request.ip, now);
    if (limited) return reply.status(429).header('Retry-After', String(limited)).send(tooManyPage(limited));
    const row = TOKEN.test(token) ? ((await linkByTokenQuery(ctx.db, token).executeTakeFirst()) as LinkRow | undefined) : undefined;
    if (!row) return reply.status(404).send(notFoundPage());
    const again = limits.link(token, now);
    if (again) return reply.status(429).header('Retry-After', String(again)).send(tooManyPage(again));
    return reply.send(linkPage(codeView(row, now), tz, now));
  });
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#f5f7fa;color:rgba(0,0,0,.88);font:15px/1.6 -apple-system,BlinkMacSystemFont,"Segoe UI","PingFang SC","Hiragino Sans GB","Microsoft YaHei",sans-serif}
main{max-width:480px;margin:0 auto;padding:16px}
.card{background:#fff;border:1px solid #f0f0f0;border-radius:8px;padding:20px 16px}
h1{margin:0 0 16px;font-size:18px;font-weight:600;display:flex;flex-wrap:wrap;align-items:baseline;gap:4px 10px}
h1 .sub{font-size:13px;font-weight:400;color:rgba(0,0,0,.6)}
.refund{margin:-4px 0 12px;font-size:13px;color:rgba(0,0,0,.65)}
.field{margin:0 0 16px}
.label{display:block;color:rgba(0,0,0,.56);font-size:13px;margin-bottom:4px}
.line{display:flex;align-items:center;gap:8px}
.value{flex:1;min-width:0;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:18px;overflow-wrap:anywhere}
.code .value{font-size:32px;font-weight:600;letter-spacing:2px;color:#0f5fdc}
.code .value.none{font-size:18px;font-weight:400;letter-spacing:0;color:rgba(0,0,0,.56);font-family:inherit}
button{flex:none;height:36px;padding:0 14px;border:1px solid #d9d9d9;border-radius:6px;background:#fff;font:inherit;font-size:14px;cursor:pointer}
button:active{background:#f0f0f0}
button:focus-visible{outline:2px solid #0f5fdc;outline-offset:2px}
@media (max-width:767.98px){button{height:44px}}
button[disabled]{color:rgba(0,0,0,.25);cursor:not-allowed}
.code button{border-color:#0f5fdc;background:#0f5fdc;color:#fff}
.code button[disabled]{border-color:#d9d9d9;background:#f5f5f5;color:rgba(0,0,0,.25)}
.state{margin:0 0 12px;padding:8px 12px;border-radius:6px;background:#e6f4ff;color:#0958d9}
.state.ok{background:#f6ffed;color:#237804}
.state.end{background:#fff2f0;color:#cf1322}
.text{margin:0 0 12px;padding:8px 12px;border-radius:6px;background:#fafafa;font-size:13px;overflow-wrap:anywhere;white-space:pre-wrap}
.meta{display:flex;flex-wrap:wrap;gap:2px 16px;margin:0;color:rgba(0,0,0,.56);font-size:13px}
.meta>span{white-space:nowrap}
.manage{margin:16px 0 0;font-size:14px}
.manage a{display:inline-block;padding:10px 0;color:#0f5fdc}
.toast{position:fixed;left:50%;top:24px;transform:translateX(-50%);padding:8px 16px;border-radius:6px;background:rgba(0,0,0,.75);color:#fff;font-size:14px;opacity:0;transition:opacity .2s;pointer-events:none}
.toast.show{opacity:1}
[hidden]{display:none!important}
`;

function head(title: string): string {
  return (
    '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">' +
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>`
  );
}

/** What the state line says: a reset link waits for a new code; a link used up by its code has that code. */
export function stateText(view: Pick<CodeView, 'state' | 'code' | 'reset'>): string {
  if (view.reset) return '已重提，等待新验证码';
  if (view.state === 'used_up' && view.code) return '已收到验证码';
  return STATE_TEXT[view.state] ?? view.state;
}

/** How a state is coloured: waiting (blue), a code (green), ended (red). */
export function stateClass(view: Pick<CodeView, 'state' | 'code'>): string {
  if (view.state === 'active') return 'state';
  if (view.state === 'code_received' || (view.state === 'used_up' && view.code)) return 'state ok';
  return 'state end';
}

const hidden = (show: unknown) => (show ? '' : ' hidden');

function linkPage(view: CodeView, tz: string, now: number): string {
  const left = view.receives_left === null ? '不限' : String(view.receives_left);
  const code = view.code ?? '';
  const refundAt = formatTime(view.refund_at, tz);
  const copyable = !NO_COPY.includes(view.state);
  return (
    `${head(`验证码 · ${view.identifier}`)}<body data-state="${escapeHtml(view.state)}" data-states="${escapeHtml(JSON.stringify(STATE_TEXT))}"` +
    ` data-refund-at="${view.refund_at ?? ''}" data-now="${now}"><main><div class="card">` +
    `<h1><span class="product" id="product">${escapeHtml(view.product)}</span><span class="sub">接收验证码</span></h1>` +
    `<div class="field"><span class="label">号码 / 邮箱</span><div class="line"><span class="value" id="identifier">${escapeHtml(view.identifier)}</span>` +
    `<button type="button" data-copy="identifier"${hidden(copyable)}>复制</button></div></div>` +
    `<p class="${stateClass(view)}" id="state" role="status">${escapeHtml(stateText(view))}</p>` +
    `<p class="refund" id="refund"${hidden(refundAt)}>未收到验证码将自动退款：<span id="refund-at">${escapeHtml(refundAt ?? '')}</span>` +
    '<span id="refund-left"></span></p>' +
    `<div class="field code"><span class="label">验证码</span><div class="line"><span class="value${code ? '' : ' none'}" id="code">${code ? escapeHtml(code) : '暂无'}</span>` +
    `<button type="button" data-copy="code"${code ? '' : ' disabled'}${hidden(copyable)}>复制</button></div></div>` +
    `<p class="text" id="text"${hidden(view.text)}>${escapeHtml(view.text ?? '')}</p>` +
    `<p class="meta"><span>到期时间 <span id="expires">${escapeHtml(formatTime(view.expires_at, tz))}</span></span>` +
    `<span>剩余接码次数 <span id="left">${escapeHtml(left)}</span></span>` +
    `<span id="received"${hidden(view.received_at !== null)}>收到时间 <span id="received-at">${escapeHtml(formatTime(view.received_at, tz) ?? '')}</span></span></p>` +
    '<p class="manage" id="manage" hidden><a id="manage-link" href="/items/api/token">在控制台管理此号码（取消、完成、重提、续费）</a></p>' +
    '</div></main><div class="toast" id="toast" role="status"></div>' +
    `<script src="${SCRIPT_PATH}?v=${SCRIPT_VERSION}" defer></script></body></html>`
  );
}

function tooManyPage(seconds: number): string {
  return (
    `${head('请求过于频繁')}<body><main><div class="card">` +
    `<h1>请求过于频繁</h1><p class="state end">打开得太频繁了，请 ${seconds} 秒后再刷新本页。</p>` +
    '</div></main></body></html>'
  );
}

function notFoundPage(): string {
  return (
    `${head('链接不存在')}<body><main><div class="card">` +
    '<h1>链接不存在</h1><p class="state end">这个接码链接不存在或已失效，请检查链接是否完整，或联系提供链接的人。</p>' +
    '</div></main></body></html>'
  );
}
