/** A rental's push url is checked when renting, and refused in the customer's word for it: 推送地址. */
import { describe, expect, it } from 'vitest';
import type { Ctx } from '../../../server/platform/context.js';
import { checkedRentUrl } from '../../../server/rentals/terms.js';

const ctx = (webhookAllowPrivate: boolean) => ({ settings: { webhookAllowPrivate } }) as unknown as Ctx;

describe('checkedRentUrl', () => {
  it('refuses an address inside or reserved, naming it 推送地址', async () => {
    await expect(checkedRentUrl(ctx(false), 'http://127.0.0.1:8080/hook')).rejects.toMatchObject({
      message: '推送地址指向内网、本机或链路本地地址（127.0.0.1），不允许',
      data: { errors: { url: '推送地址指向内网、本机或链路本地地址（127.0.0.1），不允许' } },
    });
    await expect(checkedRentUrl(ctx(true), 'http://169.254.169.254/')).rejects.toMatchObject({
      message: '推送地址指向保留或组播地址（169.254.169.254），不允许',
    });
  });

  it('keeps an allowed address, normalized', async () => {
    expect(await checkedRentUrl(ctx(true), ' http://127.0.0.1:8080/hook ')).toBe('http://127.0.0.1:8080/hook');
    expect(await checkedRentUrl(ctx(false), '')).toBe(null);
  });
});
