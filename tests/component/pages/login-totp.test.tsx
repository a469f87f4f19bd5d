/**
 * The login page's second step: the server's `data.totp_required` makes the page ask for the code
 * on the same screen, the typed password kept; a wrong code is said under the field; the code (or a
 * recovery code) is sent with the password. A sup who must set up two-step login lands on /user/info.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import LoginPage from '../../../src/pages/login/LoginPage';
import { authState } from '../../../src/providers/auth-state';
import { useEnvelopeServer } from '../providers/envelope-server';

function mount() {
  return render(
    <AntApp>
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/home" element={<div>首页</div>} />
          <Route path="/user/info" element={<div>修改信息页</div>} />
        </Routes>
      </MemoryRouter>
    </AntApp>,
  );
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const submit = (name: RegExp) =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
const answer = { token: 't1', type: 'user', user: { id: 5, username: 'carol', type: 'user', balance: 0 } };

const server = useEnvelopeServer();
afterEach(() => authState.clear());

describe('the login page with two-step login', () => {
  it('asks for the code on the same screen, keeps the password, says a wrong code, then logs in with the code', async () => {
    server.on('POST /api/user/login', { code: 400, message: '请输入两步验证码', data: { totp_required: true } });
    mount();
    fireEvent.change(input('用户名'), { target: { value: 'carol' } });
    fireEvent.change(input('密码'), { target: { value: 'secret-pass' } });
    await submit(/登\s?录/);
    const code = await screen.findByLabelText('两步验证码');
    expect(input('密码').value).toBe('secret-pass');
    expect(authState.getToken()).toBeNull();

    // Empty: checked here, nothing sent.
    await submit(/验证并登录/);
    expect(await screen.findByText('请输入两步验证码')).toBeTruthy();
    expect(server.calls('POST /api/user/login')).toHaveLength(1);

    server.on('POST /api/user/login', { code: 400, message: '两步验证码错误或已使用', data: { totp_required: true } });
    fireEvent.change(code, { target: { value: '000000' } });
    await submit(/验证并登录/);
    expect(await screen.findByText('两步验证码错误或已使用')).toBeTruthy();
    expect(server.calls('POST /api/user/login')[1].body).toEqual({ username: 'carol', password: 'secret-pass', totp: '000000' });

    server.on('POST /api/user/login', { data: answer });
    fireEvent.change(input('两步验证码'), { target: { value: 'abcde-fghjk' } });
    await submit(/验证并登录/);
    expect(await screen.findByText('首页')).toBeTruthy();
    expect(server.calls('POST /api/user/login')[2].body).toEqual({ username: 'carol', password: 'secret-pass', totp: 'abcde-fghjk' });
    expect(authState.getToken()).toBe('t1');
  });

  it('a sup who must set up two-step login goes to /user/info', async () => {
    server.on('POST /api/user/login', { data: { ...answer, type: 'sup', totp_setup_required: true } });
    mount();
    fireEvent.change(input('用户名'), { target: { value: 'boss' } });
    fireEvent.change(input('密码'), { target: { value: 'secret-pass' } });
    await submit(/登\s?录/);
    expect(await screen.findByText('修改信息页')).toBeTruthy();
  });
});
