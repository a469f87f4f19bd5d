import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { allows, roleOf, type AccessRule, type Role } from '../../../resources.config.js';
import type { Ctx } from '../context.js';
import { resolveSession, type SessionInfo } from '../../accounts/sessions.js';
import { AppError, Code, fail } from './envelope.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: 'public', or one of the named rules of resources.config.ts. */
    access?: AccessRule | 'public';
  }
  interface FastifyRequest {
    session: SessionInfo | null;
  }
}

/** The bearer token of a request, if it carries one. */
export function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/**
 * Checks every API route against its declared access as soon as the request arrives: a call that
 * needs a session (or a role) it does not have is refused before its body is read or parsed, so
 * anonymous bodies cost nothing. A route without a declaration is refused: forgetting one must not
 * open a door. The check is attached to each route that needs it when the route is declared, so a
 * public route (a code read) pays nothing for it.
 */
export function installAuth(app: FastifyInstance, ctx: Ctx): void {
  app.decorateRequest('session', null);
  const policy = { ttlMs: ctx.settings.sessionTtlMs, rotateMs: ctx.settings.sessionRotateMs };
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (access === 'public' || !route.url?.startsWith('/api/')) return;
    const check = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!access) throw fail.forbidden();
      const token = bearer(request);
      if (!token) throw new AppError(Code.notLoggedIn, '请先登录');
      const session = await resolveSession(ctx.database, token, ctx.now(), policy);
      request.session = session;
      if (session.rotatedToken) reply.header('Authorization', `Bearer ${session.rotatedToken}`);
      if (!allows(access, roleOf(session.user.type))) throw fail.forbidden();
    };
    // First among the route's own hooks, as when it was a global one.
    const own = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [check, ...own];
  });
}

/** The logged-in session of a route that declared an access rule (never null there). */
export function sessionOf(request: FastifyRequest): SessionInfo {
  if (!request.session) throw new AppError(Code.notLoggedIn, '请先登录');
  return request.session;
}

export function roleOfRequest(request: FastifyRequest): Role {
  return roleOf(sessionOf(request).user.type) ?? 'customer';
}
