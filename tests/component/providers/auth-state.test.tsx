import { afterEach, describe, expect, it } from 'vitest';
import { authState, isSup, type UserInfo } from '../../../src/providers/auth-state';
import { i18nProvider } from '../../../src/providers/i18n';

afterEach(() => authState.clear());

describe('authState', () => {
  it('keeps token and type in localStorage under token and type, and userInfo in memory', () => {
    authState.setToken('t1');
    authState.setType('sup');
    authState.setUserInfo({ id: 1, username: 'root' } as UserInfo);
    expect(localStorage.getItem('token')).toBe('t1');
    expect(localStorage.getItem('type')).toBe('sup');
    expect(authState.getUserInfo()?.username).toBe('root');
    expect(JSON.stringify({ ...localStorage })).not.toContain('root');
  });

  it('removing the token forgets the user but keeps the type', () => {
    authState.setToken('t1');
    authState.setType('user');
    authState.setUserInfo({ id: 1 } as UserInfo);
    authState.removeToken();
    expect(authState.getToken()).toBeNull();
    expect(authState.getUserInfo()).toBeNull();
    expect(authState.getType()).toBe('user');
    authState.removeType();
    expect(authState.getType()).toBeNull();
  });

  it('tells subscribers about every change until they leave', () => {
    let heard = 0;
    const leave = authState.subscribe(() => {
      heard += 1;
    });
    const before = authState.version();
    authState.setToken('a');
    authState.setType('user');
    authState.clear();
    expect(heard).toBe(3);
    expect(authState.version()).toBe(before + 3);
    leave();
    authState.setToken('b');
    expect(heard).toBe(3);
  });

  it('knows sup by its type', () => {
    expect(isSup('sup')).toBe(true);
    expect(isSup('user')).toBe(false);
    expect(isSup(null)).toBe(false);
  });
});

describe('i18nProvider', () => {
  const t = i18nProvider.translate;
  it('answers our Chinese texts, with their variables', () => {
    expect(t('buttons.edit', 'Edit')).toBe('编辑');
    expect(t('notifications.deleteSuccess', { resource: '公告' }, 'Deleted')).toBe('公告已删除');
  });

  it('falls back to the text Refine gives, in either position, before the bare key', () => {
    expect(t('notices.titles.list', '公告')).toBe('公告');
    expect(t('notices.titles.list', {}, '公告')).toBe('公告');
    expect(t('no.such.key')).toBe('no.such.key');
  });
});
