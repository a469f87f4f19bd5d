import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import LoginPage from '../../../src/pages/login/LoginPage';
import RegisterPage from '../../../src/pages/register/RegisterPage';
import PendingPage from '../../../src/pages/pending/PendingPage';
import NotFoundPage from '../../../src/pages/not-found/NotFoundPage';
import { authProvider } from '../../../src/providers/auth-provider';
import { authState } from '../../../src/providers/auth-state';
import { createDataProvider } from '../../../src/providers/data-provider';
import { useEnvelopeServer } from '../providers/envelope-server';

function mount(path: string) {
  return render(
    <AntApp>
      <MemoryRouter initialEntries={[path]}>
        <Refine
          dataProvider={createDataProvider((n) => n)}
          authProvider={authProvider}
          routerProvider={routerProvider}
          options={{ disableTelemetry: true }}
        >
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/register" element={<RegisterPage />} />
            <Route path="/home" element={<div>首页</div>} />
            <Route path="/items/order/record" element={<PendingPage title="订单记录" />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </Refine>
      </MemoryRouter>
    </AntApp>,
  );
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const submit = (name: RegExp) =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });

const server = useEnvelopeServer();
afterEach(() => authState.clear());

const answer = { token: 't1', type: 'user', user: { id: 5, username: 'carol', type: 'user', balance: 0 } };

describe('the login page', () => {
  it('asks for the username and password', async () => {
    mount('/login');
    await submit(/登\s?录/);
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0); // nothing submitted
  });

  it('logs in, stores the session and goes to /home', async () => {
    server.on('POST /api/user/login', { data: answer });
    mount('/login');
    fireEvent.change(input('用户名'), { target: { value: 'carol' } });
    fireEvent.change(input('密码'), { target: { value: 'secret-pass' } });
    await submit(/登\s?录/);
    expect(await screen.findByText('首页')).toBeTruthy();
    expect(server.calls('POST /api/user/login')[0].body).toEqual({ username: 'carol', password: 'secret-pass' });
    expect(authState.getToken()).toBe('t1');
  });

  it("stays on the page and shows the server's reason on a refusal", async () => {
    server.on('POST /api/user/login', { code: 400, message: '用户名或密码错误' });
    mount('/login');
    fireEvent.change(input('用户名'), { target: { value: 'carol' } });
    fireEvent.change(input('密码'), { target: { value: 'wrong-pass' } });
    await submit(/登\s?录/);
    expect(await screen.findByText('用户名或密码错误')).toBeTruthy();
    expect(screen.queryByText('首页')).toBeNull();
    expect(authState.getToken()).toBeNull();
  });

  it('links to register and to the public store', () => {
    mount('/login');
    expect(screen.getByRole('link', { name: '没有账号？立即注册' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: '返回商城' }).getAttribute('href')).toBe('/store');
  });
});

describe('the register page', () => {
  it('checks the username, password length and confirmation like the server', async () => {
    mount('/register');
    fireEvent.change(input('用户名'), { target: { value: 'a b' } });
    fireEvent.change(input('密码'), { target: { value: 'short' } });
    fireEvent.change(input('确认密码'), { target: { value: 'other' } });
    fireEvent.change(input('邮箱（选填）'), { target: { value: 'not-an-email' } });
    await submit(/注\s?册/);
    expect(await screen.findByText('用户名只能包含字母、数字和下划线')).toBeTruthy();
    expect(screen.getByText('密码长度应为 8-128 个字符')).toBeTruthy();
    expect(screen.getByText('两次输入的密码不一致')).toBeTruthy();
    expect(screen.getByText('邮箱格式不正确')).toBeTruthy();
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0); // nothing submitted
  });

  it('registers without the optional fields and goes to /home', async () => {
    server.on('POST /api/user/register', { data: answer });
    mount('/register');
    fireEvent.change(input('用户名'), { target: { value: 'carol_2' } });
    fireEvent.change(input('密码'), { target: { value: 'long-enough' } });
    fireEvent.change(input('确认密码'), { target: { value: 'long-enough' } });
    await submit(/注\s?册/);
    expect(await screen.findByText('首页')).toBeTruthy();
    expect(server.calls('POST /api/user/register')[0].body).toEqual({ username: 'carol_2', password: 'long-enough' });
  });
});

describe('pending and missing pages', () => {
  it('says a pending feature is not open yet', () => {
    mount('/items/order/record');
    expect(screen.getByText('订单记录')).toBeTruthy();
    expect(screen.getByText('该功能尚未开放，敬请期待')).toBeTruthy();
    expect(document.querySelector('table')).toBeNull();
  });

  it('shows 页面不存在 with a way home', async () => {
    mount('/nowhere');
    expect(screen.getByText('页面不存在')).toBeTruthy();
    await submit(/返回首页/);
    await waitFor(() => expect(screen.getByText('首页')).toBeTruthy());
  });
});
