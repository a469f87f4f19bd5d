import type { FastifyInstance } from 'fastify';
import type { ResourceName } from '../../resources.config.js';
import type { Area } from '../platform/area.js';
import type { Ctx } from '../platform/context.js';
import { deviceHooks } from './devices/devices.js';
import { registerDeviceRoutes } from './devices/routes.js';
import { mailIntake, type MailIntakeOptions } from './mail/intake.js';
import { registerMessageRoutes } from './message.routes.js';
import { maskIngestUrl, registerSmsIngest } from './sms-webhook.routes.js';
import { stampSweepJob } from './smsforwarder/stamps.js';

export interface SmtpOptions extends MailIntakeOptions { port: number; host?: string }

/** Messages coming in: phones (SmsForwarder, gammu) through the webhook, mail over SMTP, the sup's hand entry. */
export function intake(smtp?: SmtpOptions): Area<ResourceName> {
  return {
    install(app, ctx) {
      registerDeviceRoutes(app, ctx);
      registerSmsIngest(app, ctx);
      registerMessageRoutes(app, ctx);
      startMailIntake(app, ctx, smtp);
    },
    hooks: { devices: deviceHooks },
    jobs: [stampSweepJob],
    maskUrl: maskIngestUrl,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The SMTP receiver's port once listening (null: not started). */
    smtpPort: number | null;
  }
}

function startMailIntake(app: FastifyInstance, ctx: Ctx, smtp: SmtpOptions | undefined): void {
  app.decorate('smtpPort', null);
  if (!smtp) return;
  const receiver = mailIntake(ctx, smtp);
  app.addHook('onReady', async () => {
    try {
      app.smtpPort = await receiver.listen(smtp.port, smtp.host);
    } catch (err) {
      // A second process on this host (npm start twice) leaves mail to the first: the API still starts.
      app.log.warn({ err }, `邮件接收 (SMTP) 未能监听 ${smtp.host ?? '0.0.0.0'}:${smtp.port}，本进程不接收邮件`);
    }
  });
  app.addHook('onClose', () => receiver.close());
}
