/**
 * /store and /login arrive drawn for a visitor (scripts/prerender.mjs): a logged-in user's browser
 * hydrates that markup, so the first render must draw the same and only then lead on (to the
 * console's store, to /home). Here the markup is drawn without a session as the build draws it, the
 * session is put in place, and the page is hydrated as src/main.tsx does.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import LoginPage from '../../../src/pages/login/LoginPage';
import StoreGate from '../../../src/layout/StoreGate';
import { authState } from '../../../src/providers/auth-state';
import { useEnvelopeServer } from '../providers/envelope-server';

const server = useEnvelopeServer();
let mounted: { root: Root; container: HTMLElement } | null = null;
afterEach(() => {
  act(() => mounted?.root.unmount());
  mounted?.container.remove();
  mounted = null;
});

function screens(path: string): ReactNode {
  return (
    <AntApp>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/store"
            element={
              <StoreGate>
                <main>公开商城</main>
              </StoreGate>
            }
          />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/items/store" element={<div>控制台商城</div>} />
          <Route path="/home" element={<div>首页内容</div>} />
        </Routes>
      </MemoryRouter>
    </AntApp>
  );
}

/** The page as sent to everyone, then hydrated with this session; returns what React reported. */
async function openWithSession(path: string, session: { token: string; type: string } | null) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(screens(path));
  document.body.appendChild(container);
  if (session) {
    authState.setToken(session.token);
    authState.setType(session.type);
  }
  const reported: unknown[] = [];
  let root!: Root;
  await act(async () => {
    root = hydrateRoot(container, screens(path), { onRecoverableError: (e) => reported.push(e) });
  });
  mounted = { root, container };
  return { container, reported };
}

describe('/store opened with a session', () => {
  it.each(['user', 'sup'])(
    "hydrates the visitor's page as it was sent (no mismatch), then leads to the console's store (%s)",
    async (type) => {
      const { container, reported } = await openWithSession('/store', { token: 'tok', type });
      await waitFor(() => expect(container.textContent).toBe('控制台商城'));
      expect(reported).toEqual([]);
    },
  );

  it('stays the public store for a visitor', async () => {
    const { container, reported } = await openWithSession('/store', null);
    expect(container.textContent).toBe('公开商城');
    expect(reported).toEqual([]);
  });
});

describe('/login opened with a session', () => {
  it.each(['user', 'sup'])('hydrates the form as it was sent, checks the session and goes to /home (%s)', async (type) => {
    server.on('GET /api/user/base', { data: { id: 4, username: 'dave', type, balance: 1 } });
    const { container, reported } = await openWithSession('/login', { token: 'tok', type });
    await waitFor(() => expect(container.textContent).toBe('首页内容'));
    expect(reported).toEqual([]);
    expect(server.calls('GET /api/user/base')[0].headers.authorization).toBe('Bearer tok');
    // The console gets the user it would have fetched itself.
    expect(authState.getUserInfo()).toMatchObject({ username: 'dave' });
  });

  it('a session the server no longer knows is forgotten and the form stays', async () => {
    server.on('GET /api/user/base', { code: 204, message: '登录已失效，请重新登录' });
    const { container, reported } = await openWithSession('/login', { token: 'old', type: 'user' });
    await waitFor(() => expect(authState.getToken()).toBeNull());
    expect(container.querySelector('#login-password')).not.toBeNull();
    expect(reported).toEqual([]);
  });

  it('a visitor gets the form, and no session is asked about', async () => {
    const { container } = await openWithSession('/login', null);
    await waitFor(() => expect(server.calls('GET /api/config/index')).toHaveLength(1));
    expect(container.querySelector('#login-password')).not.toBeNull();
    expect(server.calls('GET /api/user/base')).toHaveLength(0);
  });
});
