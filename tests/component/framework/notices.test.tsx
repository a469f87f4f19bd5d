/**
 * Toasts, confirmations and notices called before antd's code for them has arrived: each shows once
 * it is in, in the order called, inside the app's frame (its ConfigProvider: here the words of its
 * locale), a frame given after the code arrived included.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import { frameNotices, message, modal, notification } from '../../../src/framework/notices';
import { clearToasts } from '../providers/envelope-server';
import { testNoticeFrame } from '../notices-frame';

afterEach(async () => {
  frameNotices(testNoticeFrame);
  await clearToasts();
});

describe('notices', () => {
  it('shows toasts called at once, in order, and removes one by its key', async () => {
    message.success({ content: '第一条', key: 'one' });
    message.error('第二条');
    message.destroy('one');
    expect(await screen.findByText('第二条')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('第一条')).toBeNull());
  });

  it("shows a confirmation with its buttons in the words of the app's frame, and runs its action on OK", async () => {
    let confirmed = false;
    modal.confirm({
      title: '确定要退出吗？',
      onOk: () => {
        confirmed = true;
      },
    });
    const chinese = await screen.findByRole('dialog');
    expect(chinese.textContent).toContain('确定要退出吗？');
    screen.getByRole('button', { name: '取消' }).click();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(confirmed).toBe(false);

    frameNotices((children) => (
      <ConfigProvider locale={enUS} theme={{ token: { motion: false } }}>
        {children}
      </ConfigProvider>
    ));
    modal.confirm({
      title: 'Sure?',
      onOk: () => {
        confirmed = true;
      },
    });
    await screen.findByRole('dialog');
    screen.getByRole('button', { name: 'OK' }).click();
    await waitFor(() => expect(confirmed).toBe(true));
  });

  it('shows a notice with its description', async () => {
    notification.error({ message: '出错了', description: '请重新登录' });
    expect(await screen.findByText('请重新登录')).toBeTruthy();
  });
});
