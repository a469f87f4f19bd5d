import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import UserMoneyAction from '../../../src/resources/users/UserMoneyAction';
import UserSwitchAction from '../../../src/resources/users/UserSwitchAction';
import { authState } from '../../../src/providers/auth-state';
import { navigation } from '../../../src/providers/navigation';
import { useEnvelopeServer } from '../providers/envelope-server';

// The dialog is a lazy chunk: load it once up front, not inside the first test's time.
// Dialogs with forms take seconds to draw in jsdom on a busy machine: vitest.config.ts allows for it.
const server = useEnvelopeServer({ preload: () => import('../../../src/resources/users/UserMoneyDialog') });
// These toasts come from antd's App context, not the static holders: unmount it before the shared
// afterEach checks that no toast is left (a file's own afterEach runs first).
afterEach(() => {
  cleanup();
  authState.clear();
  sessionStorage.clear();
});

const customer = { id: 9, username: 'bob', type: 'user', balance: 10.1 };

describe('the balance adjustment', () => {
  it('shows the balance after, asks "确认调整余额？", posts {id, amount, remark} and calls onDone', async () => {
    server.on('POST /api/user/money', { data: { balance: 10.3 }, message: '余额已调整' });
    const onDone = vi.fn();
    render(
      <AntApp>
        <UserMoneyAction record={customer} resource="users" label="余额调整" onDone={onDone} />
      </AntApp>,
    );
    fireEvent.click(screen.getByRole('button', { name: '余额调整' }));
    const dialog = await screen.findByRole('dialog', { name: '余额调整 - bob' });
    expect(within(dialog).getByTestId('balance-now').textContent).toBe('$10.10');
    fireEvent.change(within(dialog).getByRole('spinbutton'), { target: { value: '0.2' } });
    await waitFor(() => expect(within(dialog).getByTestId('balance-after').textContent).toBe('$10.30'));
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '补偿' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /提\s?交/ }));
    // antd's ids are all 'test-id' under test, so two open dialogs share a name: find it by its title.
    const confirm = (await screen.findByText('确认调整余额？', { selector: '.ant-modal-confirm-title' })).closest(
      '[role=dialog]',
    ) as HTMLElement;
    expect(server.calls('POST /api/user/money')).toHaveLength(0);
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: /确\s?认/ }));
    });
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(server.calls('POST /api/user/money')[0].body).toEqual({ id: 9, amount: 0.2, remark: '补偿' });
  });

  it('flags a debit larger than the balance in red before anything is sent', async () => {
    render(
      <AntApp>
        <UserMoneyAction record={customer} resource="users" label="余额调整" onDone={() => undefined} />
      </AntApp>,
    );
    fireEvent.click(screen.getByRole('button', { name: '余额调整' }));
    const dialog = await screen.findByRole('dialog', { name: '余额调整 - bob' });
    fireEvent.change(within(dialog).getByRole('spinbutton'), { target: { value: '-20' } });
    const after = within(dialog).getByTestId('balance-after');
    await waitFor(() => expect(after.textContent).toBe('-$9.90'));
    expect(after.className).toContain('ant-typography-danger');
    expect(await within(dialog).findByText('扣减金额超过当前余额 $10.10')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '扣回' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /提\s?交/ }));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('确认调整余额？')).toBeNull();
    expect(server.requests).toHaveLength(0);
    // Exactly the balance is allowed.
    fireEvent.change(within(dialog).getByRole('spinbutton'), { target: { value: '-10.1' } });
    await waitFor(() => expect(after.textContent).toBe('$0.00'));
    expect(after.className).not.toContain('ant-typography-danger');
  });

  it('refuses an amount of 0 and an empty remark without calling the server', async () => {
    render(
      <AntApp>
        <UserMoneyAction record={customer} resource="users" label="余额调整" onDone={() => undefined} />
      </AntApp>,
    );
    fireEvent.click(screen.getByRole('button', { name: '余额调整' }));
    const dialog = await screen.findByRole('dialog', { name: '余额调整 - bob' });
    fireEvent.change(within(dialog).getByRole('spinbutton'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /提\s?交/ }));
    expect(await within(dialog).findByText('金额不能为 0')).toBeTruthy();
    expect(await within(dialog).findByText('请输入备注')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });
});

describe('switching into a user', () => {
  it('is not offered for a sup', () => {
    const { container } = render(
      <AntApp>
        <UserSwitchAction record={{ id: 1, type: 'sup' }} resource="users" label="切换到该用户" onDone={() => undefined} />
      </AntApp>,
    );
    expect(container.textContent).toBe('');
  });

  it('confirms naming the user, stores the new session and loads /home, which will say 切换成功', async () => {
    const loaded: string[] = [];
    navigation.setLoad((path) => {
      loaded.push(path);
    });
    authState.setToken('sup-token');
    authState.setType('sup');
    server.on('POST /api/user/manager', {
      data: { token: 'user-token', type: 'user', user: { id: 9, username: 'bob', type: 'user', manager: 'admin' } },
    });
    render(
      <AntApp>
        <UserSwitchAction record={customer} resource="users" label="切换到该用户" onDone={() => undefined} />
      </AntApp>,
    );
    fireEvent.click(screen.getByRole('button', { name: '切换到该用户' }));
    const confirm = (await screen.findByText('确定切换到用户 bob 吗？', { selector: '.ant-modal-confirm-title' })).closest(
      '[role=dialog]',
    ) as HTMLElement;
    expect(server.calls('POST /api/user/manager')).toHaveLength(0);
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: /^切\s?换$/ }));
    });
    await waitFor(() => expect(loaded).toEqual(['/home']));
    expect(server.calls('POST /api/user/manager')[0].body).toEqual({ id: 9 });
    expect(authState.getToken()).toBe('user-token');
    expect(authState.getType()).toBe('user');
    expect(authState.getUserInfo()?.manager).toBe('admin');
    // Shown by the console once it has loaded as bob (a toast now would vanish with the page).
    expect(sessionStorage.getItem('flash')).toBe('切换成功');
  });
});
