import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { DISMISSED_AT_KEY, DISMISSED_ID_KEY, readDismissal, shouldShowAnnouncement } from '../../../src/layout/announcement';
import AnnouncementModal, { resetAnnouncementCheck } from '../../../src/layout/AnnouncementModal';
import { authState } from '../../../src/providers/auth-state';
import { useEnvelopeServer } from '../providers/envelope-server';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.parse('2025-03-10T12:00:00Z');

describe('shouldShowAnnouncement (docs/console-rules.md)', () => {
  const notice = { id: 7, title: '维护通知', content: '<p>x</p>', day: 3 };

  it('shows nothing when there is no announcement', () => {
    expect(shouldShowAnnouncement(null, null, now)).toBe(false);
  });

  it('shows an announcement that was never dismissed', () => {
    expect(shouldShowAnnouncement(notice, null, now)).toBe(true);
  });

  it('hides it until `day` days have passed since "不再提醒", then shows it again', () => {
    expect(shouldShowAnnouncement(notice, { at: now - 1 * DAY, id: 7 }, now)).toBe(false);
    expect(shouldShowAnnouncement(notice, { at: now - 3 * DAY + 1000, id: 7 }, now)).toBe(false);
    expect(shouldShowAnnouncement(notice, { at: now - 3 * DAY, id: 7 }, now)).toBe(true);
    expect(shouldShowAnnouncement(notice, { at: now - 10 * DAY, id: 7 }, now)).toBe(true);
  });

  it('shows a new announcement at once even if the previous one was dismissed a moment ago', () => {
    expect(shouldShowAnnouncement({ ...notice, id: 8 }, { at: now - 1000, id: 7 }, now)).toBe(true);
  });

  it('always shows an announcement whose interval is 0 days', () => {
    expect(shouldShowAnnouncement({ ...notice, day: 0 }, { at: now, id: 7 }, now)).toBe(true);
  });

  it('applies the day rule to a dismissal stored without an id', () => {
    expect(shouldShowAnnouncement(notice, { at: now - DAY, id: null }, now)).toBe(false);
    expect(shouldShowAnnouncement(notice, { at: now - 4 * DAY, id: null }, now)).toBe(true);
  });
});

describe('the announcement modal', () => {
  const server = useEnvelopeServer();
  const alice = {
    id: 3,
    username: 'alice',
    type: 'user',
    balance: 0,
    email: null,
    tg: null,
    create_at: null,
    login_at: null,
    login_count: 1,
    login_ip: null,
  };
  const bob = { ...alice, id: 4, username: 'bob' };
  /** A login of this user: a new session (and so a new login id). */
  const logIn = (user: typeof alice) => {
    authState.setToken(`tok-${user.username}-${Math.random()}`);
    authState.setUserInfo(user);
    resetAnnouncementCheck();
  };
  beforeEach(() => {
    logIn(alice);
    server.on('GET /api/notice/detail', {
      data: {
        id: 5,
        title: '系统公告标题',
        content: '<p>内容<img src=x onerror="window.__xss=1"></p>',
        day: 2,
        create_at: '2025-03-01 08:00:00',
      },
    });
  });

  const mount = () =>
    render(
      <AntApp>
        <AnnouncementModal />
      </AntApp>,
    );
  /** A page load (F5): the module forgets its request, storage stays. */
  const reload = async (previous: { unmount(): void }) => {
    previous.unmount();
    resetAnnouncementCheck();
    return mount();
  };
  const settledHidden = async () => {
    await waitFor(() => expect(server.calls('GET /api/notice/detail').length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('系统公告标题')).toBeNull();
  };

  it('shows the title and sanitized content, and "N 天内不再提醒" stores the time and the id for this user', async () => {
    mount();
    expect(await screen.findByText('系统公告标题')).toBeTruthy();
    expect(screen.getByText('内容')).toBeTruthy();
    const img = document.querySelector('.ant-modal img');
    expect(img?.getAttribute('onerror')).toBeNull();
    const before = Date.now();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '2 天内不再提醒' }));
    });
    expect(Number(localStorage.getItem(`${DISMISSED_AT_KEY}:3`))).toBeGreaterThanOrEqual(before);
    expect(localStorage.getItem(`${DISMISSED_ID_KEY}:3`)).toBe('5');
    expect(readDismissal(3)).toEqual({ at: expect.any(Number), id: 5 });
    expect(readDismissal(4)).toBeNull();
  });

  it('"关闭" hides it across page loads until the next login', async () => {
    const first = mount();
    fireEvent.click(await screen.findByRole('button', { name: /^关\s?闭$/ }));
    await waitFor(() => expect(screen.queryByText('系统公告标题')).toBeNull());
    expect(localStorage.getItem(`${DISMISSED_AT_KEY}:3`)).toBeNull();
    const second = await reload(first);
    await settledHidden();
    second.unmount();
    logIn(alice);
    mount();
    expect(await screen.findByText('系统公告标题')).toBeTruthy();
  });

  it('"不再提醒" is one user\'s: another user on the same browser still sees it', async () => {
    const first = mount();
    const snooze = await screen.findByRole('button', { name: '2 天内不再提醒' });
    await act(async () => {
      fireEvent.click(snooze);
    });
    first.unmount();
    logIn(alice);
    const again = mount();
    await settledHidden();
    again.unmount();
    logIn(bob);
    mount();
    expect(await screen.findByText('系统公告标题')).toBeTruthy();
  });

  it('stays hidden after "不再提醒" within the interval, and shows again once it has passed', async () => {
    localStorage.setItem(`${DISMISSED_AT_KEY}:3`, String(Date.now() - DAY));
    localStorage.setItem(`${DISMISSED_ID_KEY}:3`, '5');
    const first = mount();
    await settledHidden();
    localStorage.setItem(`${DISMISSED_AT_KEY}:3`, String(Date.now() - 2 * DAY - 1000));
    await reload(first);
    expect(await screen.findByText('系统公告标题')).toBeTruthy();
  });

  it('shows nothing when there is no announcement', async () => {
    server.on('GET /api/notice/detail', { data: null });
    mount();
    await waitFor(() => expect(server.calls('GET /api/notice/detail')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(document.querySelector('.ant-modal')).toBeNull();
  });
});
