import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Ctx } from '../platform/context.js';
import type { DB } from '../schema/tables.js';
import { AppError, Code } from '../platform/http/envelope.js';
import { supTotpRequired } from '../content/index.js';
import { totpEnabled } from './totp-store.js';
import type { SessionInfo } from './sessions.js';

/** What a refused call answers: the console goes to the setup (/user/info?totp=setup). */
export const SETUP_REQUIRED = { totp_setup_required: true } as const;
export const SETUP_MESSAGE = '管理员账号须先开启两步验证：请在“修改信息”页开启后再继续';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A sup who must still set up two-step login may call this route (reading themself, the setup,
     * leaving, the notices); every other route refuses them until they have.
     */
    openDuringTotpSetup?: boolean;
  }
}

/** Whether this account must set up two-step login before anything else (强制管理员两步验证 on, a sup without it). */
export async function mustSetUpTotp(db: Kysely<DB>, user: { id: number; type: string }): Promise<boolean> {
  if (user.type !== 'sup') return false;
  return (await supTotpRequired(db)) && !(await totpEnabled(db, user.id));
}

/**
 * Refuses a sup's calls while 强制管理员两步验证 is on and their account has no TOTP: 403 with
 * `data.totp_setup_required`, before the body is read (right after the route's access check, which
 * found the session). Customers' calls pay one property read.
 */
export function installTotpSetupGate(app: FastifyInstance, ctx: Ctx): void {
  app.addHook('preParsing', async (request: FastifyRequest, _reply, payload) => {
    const session = request.session as SessionInfo | null;
    if (!session || session.user.type !== 'sup') return payload;
    if (request.routeOptions.config.openDuringTotpSetup) return payload;
    if (await mustSetUpTotp(ctx.db, session.user)) throw new AppError(Code.forbidden, SETUP_MESSAGE, SETUP_REQUIRED);
    return payload;
  });
}
