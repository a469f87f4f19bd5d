import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import RequireAuth from '../../../src/layout/RequireAuth';
import StoreGate from '../../../src/layout/StoreGate';
import { authProvider } from '../../../src/providers/auth-provider';
import { authState } from '../../../src/providers/auth-state';
import { useEnvelopeServer } from '../providers/envelope-server';

function mount(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/store"
          element={
            <StoreGate>
              <div>公开商城</div>
            </StoreGate>
          }
        />
        <Route
          path="/items/store"
          element={
            <RequireAuth>
              <div>控制台商城</div>
            </RequireAuth>
          }
        />
        <Route
          path="/home"
          element={
            <RequireAuth>
              <div>首页内容</div>
            </RequireAuth>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const server = useEnvelopeServer();
afterEach(() => {
  authState.clear();
  sessionStorage.clear();
});

describe('the route guard (docs/console-rules.md)', () => {
  it('sends a visitor without a token to /store', () => {
    mount('/home');
    expect(screen.getByText('公开商城')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('remembers the page a visitor wanted: logging in (after /store, /login) leads there', async () => {
    mount('/home?tab=2');
    expect(screen.getByText('公开商城')).toBeTruthy();
    server.on('POST /api/user/login', { data: { token: 't', type: 'user', user: { id: 3, username: 'alice', type: 'user', balance: 1 } } });
    await expect(authProvider.login({ username: 'alice', password: 'pw-123456' })).resolves.toMatchObject({
      success: true,
      redirectTo: '/home?tab=2',
    });
    // Once: the next login goes home.
    await expect(authProvider.login({ username: 'alice', password: 'pw-123456' })).resolves.toMatchObject({ redirectTo: '/home' });
  });

  it('with a token, fetches the base info, stores it with the type, then shows the route', async () => {
    authState.setToken('tok');
    server.on('GET /api/user/base', { data: { id: 3, username: 'alice', type: 'user', balance: 1 } });
    mount('/home');
    expect(document.querySelector('.ant-spin')).toBeTruthy();
    expect(await screen.findByText('首页内容')).toBeTruthy();
    expect(server.calls('GET /api/user/base')[0].headers.authorization).toBe('Bearer tok');
    expect(authState.getUserInfo()?.username).toBe('alice');
    expect(authState.getType()).toBe('user');
  });

  it('removes a refused token and goes to /store', async () => {
    authState.setToken('stale');
    server.on('GET /api/user/base', { code: 204, message: '登录已过期' });
    mount('/home');
    await waitFor(() => expect(screen.getByText('公开商城')).toBeTruthy());
    expect(authState.getToken()).toBeNull();
  });

  it('does not ask again when the user info is already known', () => {
    authState.setToken('tok');
    authState.setUserInfo({
      id: 1,
      username: 'a',
      type: 'user',
      balance: 0,
      email: null,
      tg: null,
      create_at: null,
      login_at: null,
      login_count: 0,
      login_ip: null,
    });
    mount('/home');
    expect(screen.getByText('首页内容')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });
});

describe('the store gate', () => {
  it('shows the public store to a visitor', () => {
    mount('/store');
    expect(screen.getByText('公开商城')).toBeTruthy();
  });

  it('sends a logged-in user from /store to /items/store', async () => {
    authState.setToken('tok');
    server.on('GET /api/user/base', { data: { id: 3, username: 'alice', type: 'user', balance: 1 } });
    mount('/store');
    expect(await screen.findByText('控制台商城')).toBeTruthy();
  });
});
