import { describe, expect, it } from 'vitest';
import { chooseLinks, SEVERAL_PRODUCTS, type Candidate } from '../../../server/codes/choose-links.js';

const link = (id: number, userId: number, service: string, kind = 'code', rules: Partial<Candidate> = {}): Candidate => ({
  id,
  user_id: userId,
  goods_id: id,
  service,
  armed_at: 0,
  expires_at: 1000,
  match_sender: null,
  match_keyword: null,
  kind,
  ...rules,
});
const msg = (sender: string, text: string, code: string | null) => ({ sender, text, at: 10, code });

describe('a rented number', () => {
  const rental = link(1, 7, 'tg', 'rent');

  it("takes every message, a code or not, when nobody else waits on it (its renter's own links give way)", () => {
    expect(chooseLinks([rental], msg('10086', '欢迎使用', null))).toEqual({ targets: [rental], reason: null });
    expect(chooseLinks([rental, link(2, 7, 'wa')], msg('WhatsApp', 'code 12345', '12345')).targets).toEqual([rental]);
  });

  it("another customer's link on it too: the products' rules decide, as for any number, never the rental alone", () => {
    const theirs = link(3, 8, 'wa', 'code', { match_sender: 'whatsapp' });
    expect(chooseLinks([rental, theirs], msg('WhatsApp', 'code 12345', '12345')).targets).toEqual([theirs]);
    expect(chooseLinks([rental, link(4, 8, 'vk')], msg('+1069', '验证码 12345', '12345'))).toEqual({
      targets: [],
      reason: SEVERAL_PRODUCTS,
    });
    expect(chooseLinks([rental, link(4, 8, 'vk')], msg('+1069', '欢迎使用', null)).targets).toEqual([]);
  });
});
