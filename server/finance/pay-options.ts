import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../platform/context.js';
import { ok } from '../platform/http/envelope.js';
import { toDollars } from '../platform/lib/money.js';
import { EPAY_TYPES } from '../../resources.config.js';
import { epayOpen, readEpayConfig } from './epay/config.js';
import { readConfig as readUsdtConfig } from './usdt/config.js';
import { openNetworks } from './usdt/networks.js';

interface PayMethod {
  method: string;
  label: string;
  min_amount: number;
  max_amount: number;
  /** CNY per dollar for the epay methods; 1 for USDT (a dollar is a USDT). */
  rate: number;
}

/** What 账户充值 offers: the methods finance switched on, each with its limits (`GET /api/pay/options`). */
export function registerPayOptions(app: FastifyInstance, ctx: Ctx): void {
  app.get('/api/pay/options', { config: { access: 'any' } }, async () => {
    const methods: PayMethod[] = [];
    const epay = await readEpayConfig(ctx.db, ctx.settings);
    if (epayOpen(epay)) {
      for (const type of epay.types) {
        methods.push({
          method: type,
          label: EPAY_TYPES[type].label,
          min_amount: toDollars(epay.minAmount),
          max_amount: toDollars(epay.maxAmount),
          rate: epay.rate / 100,
        });
      }
    }
    // USDT on each open network, TRC20 first; a dollar is a USDT.
    const usdt = await readUsdtConfig(ctx.db);
    for (const n of openNetworks(usdt)) {
      methods.push({
        method: `usdt_${n.chain}`,
        label: `USDT (${n.network})`,
        min_amount: toDollars(usdt.minAmount),
        max_amount: toDollars(usdt.maxAmount),
        rate: 1,
      });
    }
    return ok({ methods });
  });
}
