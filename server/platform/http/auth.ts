import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { allows, type AccessRule, type Grants, type Role } from '../../../src/framework/declaration/index.js';
import { AppError, Code, fail } from './envelope.js';

/**
 * A logged-in caller's session. The platform reads nothing of it but through its `SessionResolver`;
 * the product adds its fields to this interface by declaration merging (server/accounts/sessions.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the product's declaration merging
export interface Session {}

/** How the product turns a bearer token into a session, and what the platform needs to know of one. */
export interface SessionResolver {
  /** The session behind a token, or an AppError (not logged in, expired, revoked); may set answer headers. */
  resolve(token: string, request: FastifyRequest, reply: FastifyReply): Promise<Session>;
  roleOf(session: Session): Role | undefined;
  /** A sup's grants (from their staff role), for the rules that ask for one. */
  grantsOf(session: Session): Grants;
  /** The user that the 'own' rule scopes rows to. */
  userIdOf(session: Session): number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: 'public', or one of the declaration's named access rules. */
    access?: AccessRule | 'public';
  }
  interface FastifyRequest {
    session: Session | null;
    /** The role and user of the session, as its resolver reads them. */
    caller: Caller | null;
  }
}

/** Who is calling: their role, user, and (a sup) the grants of their staff role. */
export interface Caller {
  role: Role;
  userId: number;
  grants: Grants;
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
export function installAuth(app: FastifyInstance, resolver: SessionResolver): void {
  app.decorateRequest('session', null);
  app.decorateRequest('caller', null);
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (access === 'public' || !route.url?.startsWith('/api/')) return;
    const check = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!access) throw fail.forbidden();
      const token = bearer(request);
      if (!token) throw new AppError(Code.notLoggedIn, '请先登录');
      const session = await resolver.resolve(token, request, reply);
      const role = resolver.roleOf(session);
      request.session = session;
      const grants = resolver.grantsOf(session);
      request.caller = { role: role ?? 'customer', userId: resolver.userIdOf(session), grants };
      if (!allows(access, role, grants)) throw fail.forbidden();
    };
    // First among the route's own hooks, as when it was a global one.
    const own = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [check, ...own];
  });
}

/** The logged-in session of a route that declared an access rule (never null there). */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new AppError(Code.notLoggedIn, '请先登录');
  return request.session;
}

/** The logged-in caller's role and user id (a route that declared an access rule). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new AppError(Code.notLoggedIn, '请先登录');
  return request.caller;
}

export function roleOfRequest(request: FastifyRequest): Role {
  return callerOf(request).role;
}

/** Whether the caller passes a rule (a route that checks a second rule inside, e.g. narrower rows). */
export function callerAllows(request: FastifyRequest, rule: AccessRule): boolean {
  const caller = callerOf(request);
  return allows(rule, caller.role, caller.grants);
}
