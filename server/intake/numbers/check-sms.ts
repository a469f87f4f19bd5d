import type { Ctx } from '../../platform/context.js';
import { checkCodeIn, isOnlyCheckCode } from './check-codes.js';
import { confirmCheck } from './check.js';
import { slotText } from './records.js';

export interface CheckSms {
  /** The number the SMS was sent to, when its code told it (the device's own idea of it may be wrong). */
  recipient: string | null;
  identKey: string | null;
  /** Why no link gets it, for the inbox: a check SMS is the operator's, not a customer's code. */
  refusal: string;
}

/** Where a device's SMS came in: SmsForwarder's SIM1/SIM2, else a modem pool's PhoneID (gammu's `device_mark`). */
export function slotOfSms(slot: 1 | 2 | null, deviceMark: string | null): string | null {
  if (slot) return String(slot);
  const mark = (deviceMark ?? '').trim();
  return mark ? mark.slice(0, 32) : null;
}

/**
 * An SMS that carries a check code: the number the code was given to is on this device, in this slot
 * (recorded by confirmCheck). An SMS that is nothing but a code nobody holds (mistyped, or older than
 * a day) reaches no link either, and the inbox says why. Anything else is an ordinary SMS: null.
 */
export async function readCheckSms(ctx: Ctx, deviceId: number, slot: string | null, text: string): Promise<CheckSms | null> {
  const code = checkCodeIn(text);
  if (!code) return null;
  const confirmed = await confirmCheck(ctx, deviceId, slot, code);
  if (confirmed) {
    const where = slot ? slotText(slot) : '卡槽（设备没有说明是哪个卡槽）';
    return {
      recipient: confirmed.identifier,
      identKey: confirmed.identKey,
      refusal: `号码核对短信：已记录 ${confirmed.identifier} 在本设备的${where}`,
    };
  }
  if (isOnlyCheckCode(text)) {
    return { recipient: null, identKey: null, refusal: '核对码无效或已超过 24 小时：请在设备管理里重新核对这个号码' };
  }
  return null;
}
