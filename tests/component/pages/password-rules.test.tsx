/**
 * The console checks a new password as the server does: blanks only are refused, and the length is
 * counted in characters (4 emoji are 4, too short for 8), before anything is sent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import PasswordForm from '../../../src/pages/user-info/PasswordForm';
import { useEnvelopeServer } from '../providers/envelope-server';

const server = useEnvelopeServer();
afterEach(() => cleanup()); // the success toast comes from App's context: gone before the toast check

function fill(password: string) {
  render(
    <AntApp>
      <PasswordForm />
    </AntApp>,
  );
  const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
  fireEvent.change(field('原密码'), { target: { value: 'Old-pass-1' } });
  fireEvent.change(field('新密码'), { target: { value: password } });
  fireEvent.change(field('确认新密码'), { target: { value: password } });
  return act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /修改密码/ }));
  });
}
const errorOfNew = () =>
  screen.getByLabelText('新密码').closest('.ant-form-item')!.querySelector('.ant-form-item-explain-error')?.textContent;

describe('choosing a new password', () => {
  it.each([
    ['8 spaces', ' '.repeat(8)],
    ['8 tabs', '\t'.repeat(8)],
    ['ideographic spaces', '\u3000'.repeat(8)],
  ])('refuses %s without sending it', async (_what, password) => {
    await fill(password);
    await waitFor(() => expect(errorOfNew()).toBe('新密码不能全为空白字符'));
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    ['4 emoji (8 UTF-16 units)', '😀'.repeat(4)],
    ['129 emoji', '😀'.repeat(129)],
    ['7 letters', 'abcdefg'],
  ])('refuses %s as the wrong length without sending it', async (_what, password) => {
    await fill(password);
    await waitFor(() => expect(errorOfNew()).toBe('新密码长度应为 8-128 个字符'));
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    ['8 emoji', '😀'.repeat(8)],
    ['spaces around and inside', '  pass word  '],
  ])('sends %s as typed', async (_what, password) => {
    server.on('POST /api/user/password', { message: '密码已修改' });
    await fill(password);
    await waitFor(() => expect(server.calls('POST /api/user/password')).toHaveLength(1));
    expect(server.calls('POST /api/user/password')[0].body).toEqual({ old_password: 'Old-pass-1', password });
    expect(errorOfNew()).toBeUndefined();
  });
});
