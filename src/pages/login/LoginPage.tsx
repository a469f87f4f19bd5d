import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import AuthCard from '../../common/AuthCard';
import { useEarlyForm } from '../../framework/early-form';
import { Input, Password } from '../../common/auth-inputs';
import FieldRow from './FieldRow';
import type { LoginValues } from './login-call';
import { useLeaveWhenSignedIn } from './use-leave-when-signed-in';
import { useRegisterOpen } from './use-register-open';

const loadLogin = () => import('./login-call').then((m) => m.logIn);

interface Credentials {
  username: string;
  password: string;
  totp: string;
}
type Errors = Partial<Record<keyof Credentials, string>>;

/** Two required fields (and the code, once asked): checked here, so /login does not load antd's Form (a budget of 300 KB gzip). */
export function checkCredentials({ username, password, totp }: Credentials, needCode = false): Errors {
  const errors: Errors = {};
  if (!username.trim()) errors.username = '请输入用户名';
  if (!password) errors.password = '请输入密码';
  if (needCode && !totp.trim()) errors.totp = '请输入两步验证码';
  return errors;
}

/**
 * Login: the client toasts a refusal (wrong password, disabled account); success goes to /home (or
 * the page wanted before). An account with two-step login on is asked for its code on this same
 * screen, the typed password kept; a recovery code works there too. No register link while
 * registration is closed. Opened while logged in, it leads to /home.
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const [isPending, setPending] = useState(false);
  const [values, setValues] = useState<Credentials>({ username: '', password: '', totp: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [needCode, setNeedCode] = useState(false);
  const registerOpen = useRegisterOpen();
  useLeaveWhenSignedIn();

  const change = (name: keyof Credentials) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: e.target.value }));
    setErrors((err) => ({ ...err, [name]: undefined }));
    // Another account: its own second step, if any, is asked again.
    if (name === 'username') setNeedCode(false);
  };

  const login = async (body: LoginValues) => {
    setPending(true);
    try {
      const outcome = await (await loadLogin())(body);
      if (outcome.kind === 'in') navigate(outcome.redirectTo, { replace: true });
      else if (outcome.kind === 'code') {
        setNeedCode(true);
        setValues((v) => ({ ...v, totp: '' }));
        if (outcome.wrong) setErrors({ totp: outcome.message });
      }
    } finally {
      setPending(false);
    }
  };

  const send = (typed: Credentials) => {
    const found = checkCredentials(typed, needCode);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const body: LoginValues = { username: typed.username.trim(), password: typed.password };
    if (needCode) body.totp = typed.totp.trim();
    void login(body);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send(values);
  };

  // Typed (or filled in by a password manager) and perhaps submitted before the app ran.
  const form = useRef<HTMLFormElement>(null);
  useEarlyForm(form, ({ typed, submitted }) => {
    const early = { username: typed['login-username'] ?? '', password: typed['login-password'] ?? '', totp: '' };
    if (early.username || early.password) setValues(early);
    if (submitted) send(early);
  });

  return (
    <AuthCard
      title={needCode ? '两步验证' : '登录您的账号'}
      footer={
        <>
          {registerOpen && <Link to="/register">没有账号？立即注册</Link>}
          <Link to="/store">返回商城</Link>
        </>
      }
    >
      {/* post, to /login: a submit the page could not hold for the app keeps the password out of the address. */}
      <form ref={form} method="post" action="/login" onSubmit={submit} noValidate>
        <FieldRow id="login-username" label="用户名" error={errors.username}>
          <Input
            id="login-username"
            size="large"
            prefix={<UserOutlined />}
            placeholder="用户名"
            autoComplete="username"
            autoFocus
            value={values.username}
            onChange={change('username')}
            status={errors.username ? 'error' : ''}
          />
        </FieldRow>
        <FieldRow id="login-password" label="密码" error={errors.password}>
          <Password
            id="login-password"
            size="large"
            prefix={<LockOutlined />}
            placeholder="密码"
            autoComplete="current-password"
            value={values.password}
            onChange={change('password')}
            status={errors.password ? 'error' : ''}
          />
        </FieldRow>
        {needCode && (
          <FieldRow id="login-totp" label="两步验证码" error={errors.totp}>
            <p className="login-totp-hint" style={{ margin: '0 0 8px', color: 'rgba(0,0,0,0.65)' }}>
              该账号已开启两步验证：请输入手机身份验证器中的 6 位验证码；手机不在身边时可输入一个恢复码。
            </p>
            <Input
              id="login-totp"
              size="large"
              prefix={<SafetyOutlined />}
              placeholder="6 位验证码或恢复码"
              autoComplete="one-time-code"
              autoFocus
              maxLength={32}
              value={values.totp}
              onChange={change('totp')}
              status={errors.totp ? 'error' : ''}
            />
          </FieldRow>
        )}
        <Button type="primary" htmlType="submit" size="large" block loading={isPending}>
          {needCode ? '验证并登录' : '登录'}
        </Button>
      </form>
    </AuthCard>
  );
}
