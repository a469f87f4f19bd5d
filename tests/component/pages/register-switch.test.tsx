import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import LoginPage from '../../../src/pages/login/LoginPage';
import RegisterPage from '../../../src/pages/register/RegisterPage';
import RegisterSwitchCard from '../../../src/pages/connect/RegisterSwitchCard';
import { useEnvelopeServer } from '../providers/envelope-server';

/** The open screens as the app routes them (they need no Refine). */
function mount(path: string) {
  return render(
    <AntApp>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/register" element={<RegisterPage />} />
        </Routes>
      </MemoryRouter>
    </AntApp>,
  );
}

const server = useEnvelopeServer();
const config = (open: boolean) => server.on('GET /api/config/index', { data: { content: '', register_open: open } });
const registerLink = () => screen.queryByRole('link', { name: '没有账号？立即注册' });

describe('the registration switch in the console', () => {
  it('login keeps its register link while registration is open', async () => {
    config(true);
    mount('/login');
    await waitFor(() => expect(server.calls('GET /api/config/index')).toHaveLength(1));
    // The answer has been applied once the request is done; the link is still there.
    await new Promise((r) => setTimeout(r, 50));
    expect(registerLink()?.getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: '返回商城' })).toBeTruthy();
  });

  it('login hides the register link when the sup has closed registration', async () => {
    config(false);
    mount('/login');
    await waitFor(() => expect(registerLink()).toBeNull());
    expect(screen.getByRole('link', { name: '返回商城' }).getAttribute('href')).toBe('/store');
    expect(screen.getByRole('button', { name: /登\s?录/ })).toBeTruthy();
  });

  it('register says registration is closed, with no form, and leads back to login', async () => {
    config(false);
    mount('/register');
    expect(await screen.findByText('暂不开放注册，请联系管理员')).toBeTruthy();
    expect(screen.queryByLabelText('用户名')).toBeNull();
    expect(screen.queryByRole('button', { name: /注\s?册/ })).toBeNull();
    expect(screen.getByRole('link', { name: '已有账号？去登录' }).getAttribute('href')).toBe('/login');
  });

  it('register shows its form while registration is open', async () => {
    config(true);
    mount('/register');
    await waitFor(() => expect(server.calls('GET /api/config/index')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByLabelText('用户名')).toBeTruthy();
    expect(screen.queryByText('暂不开放注册，请联系管理员')).toBeNull();
  });
});

describe("the sup's 开放注册 switch (系统设置 › 联系方式)", () => {
  it('shows the saved state and saves a change at once', async () => {
    config(true);
    server.on('POST /api/config/edit', (req) => ({ data: { content: '', register_open: req.body.register_open } }));
    render(
      <AntApp>
        <RegisterSwitchCard />
      </AntApp>,
    );
    const toggle = await screen.findByRole('switch', { name: '开放注册' });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    await act(async () => {
      fireEvent.click(toggle);
    });
    await waitFor(() => expect(server.calls('POST /api/config/edit')).toHaveLength(1));
    expect(server.calls('POST /api/config/edit')[0].body).toEqual({ register_open: false });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(await screen.findByText('已关闭注册')).toBeTruthy();
  });
});
