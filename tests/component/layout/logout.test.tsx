/**
 * Logging out from the header's user menu ends the session on the server (POST /api/user/logout with
 * the token), and still logs out locally, without an error toast, when that call fails.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import UserMenu from '../../../src/layout/UserMenu';
import { authState, type UserInfo } from '../../../src/providers/auth-state';
import { pointClientAt, useEnvelopeServer } from '../providers/envelope-server';

const alice: UserInfo = {
  id: 7,
  username: 'alice',
  type: 'user',
  balance: 1,
  email: null,
  tg: null,
  create_at: null,
  login_at: null,
  login_count: 1,
  login_ip: null,
};

const server = useEnvelopeServer();
afterEach(() => authState.clear());

function mount() {
  authState.setToken('alice-token');
  authState.setType('user');
  authState.setUserInfo(alice);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AntApp>
        <MemoryRouter initialEntries={['/home']}>
          <Routes>
            <Route path="/home" element={<UserMenu user={alice} />} />
            <Route path="/login" element={<div>登录页</div>} />
          </Routes>
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
}

async function logOut() {
  fireEvent.click(screen.getByTestId('user-menu'));
  fireEvent.click(await screen.findByText('退出登录'));
  const dialog = await screen.findByRole('dialog', { name: '确认退出' });
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: /退\s?出/ }));
  });
  await waitFor(() => expect(screen.getByText('登录页')).toBeTruthy());
}

const loggedOutLocally = () => {
  expect(authState.getToken()).toBeNull();
  expect(authState.getType()).toBeNull();
  expect(authState.getUserInfo()).toBeNull();
};
const noToast = () => expect(document.querySelector('.ant-message-notice, .ant-notification-notice')).toBeNull();

describe('logging out', () => {
  it("asks first, then posts /api/user/logout with the session's token and clears the session", async () => {
    server.on('POST /api/user/logout', { message: '已退出登录' });
    mount();
    fireEvent.click(screen.getByTestId('user-menu'));
    fireEvent.click(await screen.findByText('退出登录'));
    await screen.findByRole('dialog', { name: '确认退出' });
    expect(server.calls('POST /api/user/logout')).toHaveLength(0);
    const dialog = screen.getByRole('dialog', { name: '确认退出' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /退\s?出/ }));
    });
    await waitFor(() => expect(screen.getByText('登录页')).toBeTruthy());
    const [call] = server.calls('POST /api/user/logout');
    expect(call.headers.authorization).toBe('Bearer alice-token');
    expect(call.body).toEqual({});
    loggedOutLocally();
  });

  it('still logs out locally, without a toast or relogin notice, when the session was already gone', async () => {
    server.on('POST /api/user/logout', { code: 204, message: '登录状态无效' });
    mount();
    await logOut();
    expect(server.calls('POST /api/user/logout')).toHaveLength(1);
    loggedOutLocally();
    noToast();
  });

  it('still logs out locally when the server fails', async () => {
    server.on('POST /api/user/logout', { status: 502, raw: 'Bad Gateway' });
    mount();
    await logOut();
    expect(server.calls('POST /api/user/logout')).toHaveLength(1);
    loggedOutLocally();
    noToast();
  });

  it('still logs out locally when the server cannot be reached', async () => {
    pointClientAt({ url: 'http://127.0.0.1:1' }); // nothing listens on port 1
    mount();
    await logOut();
    loggedOutLocally();
    noToast();
  });
});
