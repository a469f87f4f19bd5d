import { describe, expect, it } from 'vitest';
import { pages, resources } from '../../../resources.config';
import { documentTitle, screenName } from '../../../src/layout/screen-title';

describe('the title names the screen', () => {
  it("as the role's menu names it", () => {
    expect(screenName('/items/api/token', 'customer')).toBe('我的API');
    expect(screenName('/items/api/token', 'sup')).toBe('他的API');
    expect(screenName('/system/notice', 'sup')).toBe('公告列表');
    expect(screenName('/items/goods', 'sup')).toBe('API管理');
    expect(screenName('/account/recharge', 'customer')).toBe('账户充值');
    expect(documentTitle(screenName('/items/api/token', 'customer')!)).toBe('我的API - 接码平台');
  });

  it('pages outside the menu by their label, record pages as their heading says', () => {
    expect(screenName('/home', 'customer')).toBe('首页');
    expect(screenName('/account/usdt', 'customer')).toBe(pages.usdt.label);
    expect(screenName('/items/goods/stock', 'sup')).toBe(resources.stock.label);
    expect(screenName('/items/augment/record', 'customer')).toBe(resources.augments.label);
    expect(screenName('/user/index/create', 'sup')).toBe(`新建${resources.users.label}`);
    expect(screenName('/system/notice/edit/3', 'sup')).toBe(`编辑${resources.notices.label}`);
    expect(screenName('/items/api/token/show/12', 'customer')).toBe(`${resources.tokens.label}详情`);
    expect(screenName('/system/device/create', 'sup')).toBe(pages.deviceCreate.label);
  });

  it('the open screens, an unknown address, and none for the pages the app only passes through', () => {
    expect(screenName('/login', undefined)).toBe('登录');
    expect(screenName('/register', undefined)).toBe('注册');
    expect(screenName('/store', undefined)).toBe('API商城');
    expect(screenName('/no/such/page', 'customer')).toBe('页面不存在');
    expect(screenName('/refresh', 'customer')).toBeNull();
    expect(screenName('/', undefined)).toBeNull();
  });
});
