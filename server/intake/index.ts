import type { FastifyInstance } from 'fastify';
import type { ResourceName } from '../../resources.config.js';
import type { Area } from '../platform/area.js';
import type { Ctx } from '../platform/context.js';
import { deviceHooks } from './devices/devices.js';
import { registerDeviceRoutes } from './devices/routes.js';
import { mailIntake, type MailIntakeOptions } from './mail/intake.js';
import { smtpListenFailure } from './mail/listen-failure.js';
import { messageHooks } from './message-hooks.js';
import { registerMessageRoutes } from './message.routes.js';
import { maskIngestUrl, registerSmsIngest } from './sms-webhook.routes.js';
import { stampSweepJob } from './smsforwarder/stamps.js';
import { deviceNumberHooks } from './devices/number-hooks.js';
import { registerNumberRoutes } from './numbers/routes.js';
import { numbersSyncJob } from './numbers/sync-job.js';

export interface SmtpOptions extends MailIntakeOptions {
  port: number;
  host?: string;
}

/** Messages coming in: phones (SmsForwarder, gammu) through the webhook, mail over SMTP, the sup's hand entry. */
export function intake(smtp?: SmtpOptions): Area<ResourceName> {
  return {
    install(app, ctx) {
      registerDeviceRoutes(app, ctx);
      registerNumberRoutes(app, ctx);
      registerSmsIngest(app, ctx);
      registerMessageRoutes(app, ctx);
      startMailIntake(app, ctx, smtp);
    },
    hooks: { devices: deviceHooks, messages: messageHooks, device_numbers: deviceNumberHooks },
    jobs: [stampSweepJob, numbersSyncJob],
    maskUrl: maskIngestUrl,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The SMTP receiver's port once listening (null: not started). */
    smtpPort: number | null;
    /** Why a configured SMTP receiver is not listening, in one Chinese line (null: listening, or none configured). */
    smtpDown: string | null;
  }
}

function startMailIntake(app: FastifyInstance, ctx: Ctx, smtp: SmtpOptions | undefined): void {
  app.decorate('smtpPort', null);
  app.decorate('smtpDown', null);
  if (!smtp) return;
  const receiver = mailIntake(ctx, smtp);
  app.addHook('onReady', async () => {
    try {
      app.smtpPort = await receiver.listen(smtp.port, smtp.host);
    } catch (err) {
      // The API still starts (a second process on this host leaves mail to the first); the caller says
      // why once (server/main.ts), and /readyz answers 503 while it lasts.
      app.smtpDown = smtpListenFailure((err as NodeJS.ErrnoException).code, smtp.host ?? '0.0.0.0', smtp.port);
    }
  });
  if (app.hasDecorator('readinessChecks')) {
    app.readinessChecks.push(() => (receiver.listening() ? null : `邮件接收 (SMTP) 没有在监听：${app.smtpDown ?? '已停止'}`));
  }
  app.addHook('onClose', () => receiver.close());
}
export { isSilent } from './devices/devices.js';
export { deviceSeen } from './devices/seen.js';
// Where each number lives (server/intake/numbers): whether a stock number can be handed out now (its
// device enabled and not silent, its SIM not lapsed), who holds it, and the numbers about to lapse.
export { isSellableNow, sellableCondition, sellableNow } from './devices/sellable.js';
export { expiringBefore, expiringNumbers, type Expiring } from './numbers/expiry.js';
