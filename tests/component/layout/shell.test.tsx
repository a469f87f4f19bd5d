import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import '../../../src/app/icons';
import RequireAuth from '../../../src/layout/RequireAuth';
import Shell from '../../../src/layout/Shell';
import { resetAnnouncementCheck } from '../../../src/layout/AnnouncementModal';
import { authState, type UserInfo } from '../../../src/providers/auth-state';
import { navigation } from '../../../src/providers/navigation';
import { useEnvelopeServer } from '../providers/envelope-server';
import { setViewportWidth } from './viewport';

const user = (type: string, extra: Partial<UserInfo> = {}): UserInfo => ({
  id: 1,
  username: type === 'sup' ? 'admin' : 'alice',
  type,
  balance: 12.3,
  email: null,
  tg: null,
  create_at: null,
  login_at: null,
  login_count: 1,
  login_ip: null,
  ...(type === 'sup' ? { role: 'owner' } : {}),
  ...extra,
});

function Where() {
  const { pathname, search } = useLocation();
  return (
    <>
      <div data-testid="where">{pathname}</div>
      <div data-testid="search">{search}</div>
    </>
  );
}

/** The shell at `path` for a role, once a wide window's menu and breadcrumb (fetched apart from the shell) are in. */
async function mount(path: string, type: string, extra: Partial<UserInfo> = {}) {
  const result = draw(path, type, extra);
  if (window.innerWidth >= 768) {
    await waitFor(() => {
      if (!document.querySelector('.shell-sider .ant-menu') || !screen.queryByTestId('breadcrumb'))
        throw new Error('the menu is not in yet');
    });
  }
  return result;
}

function draw(path: string, type: string, extra: Partial<UserInfo>) {
  authState.setToken('tok');
  authState.setType(type);
  authState.setUserInfo(user(type, extra));
  // As App.tsx mounts it: the guard around the shell, navigations applied as transitions.
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <AntApp>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route
              element={
                <RequireAuth>
                  <Shell />
                </RequireAuth>
              }
            >
              <Route path="*" element={<Where />} />
            </Route>
            <Route path="/login" element={<div>登录页</div>} />
            <Route path="/store" element={<div>公开商城</div>} />
          </Routes>
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
}

/** Opens every section (closed inline submenus render no items) and lists the item labels. */
const menuTexts = () => {
  document
    .querySelectorAll('.shell-sider .ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title')
    .forEach((title) => fireEvent.click(title));
  return Array.from(document.querySelectorAll('.shell-sider .ant-menu-title-content')).map((e) => e.textContent);
};
const submenuTitles = () => Array.from(document.querySelectorAll('.shell-sider .ant-menu-submenu-title')).map((e) => e.textContent);

const server = useEnvelopeServer();
beforeEach(() => {
  resetAnnouncementCheck();
  setViewportWidth(1280);
});
afterEach(() => {
  cleanup();
  authState.clear();
  sessionStorage.clear();
});

describe('the shell menu per role', () => {
  it('gives sup the system settings, user list and API management, but not the store or top-up', async () => {
    await mount('/home', 'sup');
    expect(submenuTitles()).toEqual(['系统设置', '账户管理', '接码中心', '财务管理', '分站']);
    const items = menuTexts();
    for (const label of [
      '分站管理',
      '联系方式',
      '公告列表',
      '分组配置',
      '用户列表',
      '用户折扣',
      '修改信息',
      'API管理',
      '他的API',
      '财务明细',
      '充值记录',
    ]) {
      expect(items).toContain(label);
    }
    for (const label of ['API商城', '账户充值', '我的API', '我的分站', '分站价格']) expect(items).not.toContain(label);
  });

  it('gives a customer the store, top-up and "我的API", without system settings', async () => {
    await mount('/home', 'user');
    expect(submenuTitles()).toEqual(['账户管理', '接码中心', '财务管理']);
    const items = menuTexts();
    for (const label of ['修改信息', 'API商城', '订单记录', '重提记录', '接码记录', '我的API', '财务明细', '账户充值', '充值记录']) {
      expect(items).toContain(label);
    }
    for (const label of ['联系方式', '用户列表', 'API管理', '他的API', '我的分站', '分站管理']) expect(items).not.toContain(label);
  });

  it('gives a reseller (a customer with more) 我的分站, its prices and profits, and nothing of staff', async () => {
    await mount('/home', 'user', { reseller: true });
    await waitFor(() => expect(submenuTitles()).toEqual(['账户管理', '接码中心', '财务管理', '分站']));
    const items = menuTexts();
    for (const label of ['我的分站', '分站价格', '分站利润', 'API商城', '我的API']) expect(items).toContain(label);
    for (const label of ['分站管理', '用户列表', 'API管理']) expect(items).not.toContain(label);
  });
});

describe('the shell header', () => {
  it('selects the current route, opens its section and shows section / item as the breadcrumb', async () => {
    await mount('/account/record', 'user');
    expect(document.querySelector('.ant-menu-item-selected')?.textContent).toBe('充值记录');
    expect(document.querySelector('.ant-menu-submenu-open .ant-menu-submenu-title')?.textContent).toBe('财务管理');
    expect(screen.getByTestId('breadcrumb').textContent).toBe('财务管理/充值记录');
  });

  it('shows no breadcrumb on /home, and the brand leads there', async () => {
    await mount('/user/info', 'user');
    expect(screen.getByTestId('breadcrumb').textContent).toBe('账户管理/修改信息');
    fireEvent.click(screen.getByTestId('brand'));
    expect(screen.getByTestId('where').textContent).toBe('/home');
    expect(screen.getByTestId('breadcrumb').textContent).toBe('');
  });

  it('shows a customer the balance with 2 decimals and a recharge button; hides both for sup', async () => {
    const { unmount } = await mount('/home', 'user');
    expect(screen.getByTestId('balance').textContent).toContain('$12.30');
    fireEvent.click(within(screen.getByTestId('balance')).getByRole('button'));
    expect(screen.getByTestId('where').textContent).toBe('/account/recharge');
    unmount();
    await mount('/home', 'sup');
    expect(screen.queryByTestId('balance')).toBeNull();
  });

  it('offers "切换回管理员" only to a user with a manager', async () => {
    const { unmount } = await mount('/home', 'user');
    fireEvent.click(screen.getByTestId('user-menu'));
    expect(await screen.findByText('修改密码')).toBeTruthy();
    expect(screen.queryByText('切换回管理员')).toBeNull();
    unmount();
    await mount('/home', 'user', { manager: 'admin' });
    fireEvent.click(screen.getByTestId('user-menu'));
    expect(await screen.findByText('切换回管理员', { selector: '.ant-dropdown-menu-title-content' })).toBeTruthy();
  });

  it('names 新建 / 编辑 / 详情 after the list, whose crumb leads back to the list as it was left', async () => {
    sessionStorage.setItem('list-state:users', 'f_username=bob&page=2');
    const { unmount } = await mount('/user/index/edit/3', 'sup');
    expect(screen.getByTestId('breadcrumb').textContent).toBe('账户管理/用户列表/编辑');
    fireEvent.click(within(screen.getByTestId('breadcrumb')).getByText('用户列表'));
    expect(screen.getByTestId('where').textContent).toBe('/user/index');
    expect(screen.getByTestId('search').textContent).toBe('?f_username=bob&page=2');
    unmount();
    const again = await mount('/user/index/create', 'sup');
    expect(screen.getByTestId('breadcrumb').textContent).toBe('账户管理/用户列表/新建');
    again.unmount();
    await mount('/account/detail/show/8', 'user');
    expect(screen.getByTestId('breadcrumb').textContent).toBe('财务管理/财务明细/详情');
  });

  it('asks "确认退出" before logging out, then clears the session and goes to /login', async () => {
    await mount('/home', 'user');
    fireEvent.click(screen.getByTestId('user-menu'));
    fireEvent.click(await screen.findByText('退出登录'));
    const dialog = await screen.findByRole('dialog', { name: '确认退出' });
    expect(within(dialog).getByText('确定要退出吗？')).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /退\s?出/ }));
    });
    await waitFor(() => expect(screen.getByText('登录页')).toBeTruthy());
    expect(authState.getToken()).toBeNull();
    expect(authState.getType()).toBeNull();
    expect(authState.getUserInfo()).toBeNull();
  });
});

describe('the sider', () => {
  it('is 248 px wide with the full brand on a wide window', async () => {
    await mount('/home', 'sup');
    const sider = screen.getByTestId('sider');
    expect(sider.style.width).toBe('248px');
    expect(screen.getByTestId('brand').textContent).toBe('接码平台');
  });

  it('below 768 px is a drawer over the page, opened from the header and closed by a choice', async () => {
    setViewportWidth(767);
    const narrow = await mount('/home', 'sup');
    expect(screen.queryByTestId('sider')).toBeNull();
    expect(document.querySelector('.shell-nav')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '打开菜单' }));
    const drawer = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.shell-drawer .shell-nav');
      if (!found) throw new Error('no drawer');
      return found;
    });
    expect(within(drawer).getByTestId('brand').textContent).toBe('接码平台');
    // Every section is open in the drawer.
    fireEvent.click(await within(drawer).findByText('用户列表'));
    expect(screen.getByTestId('where').textContent).toBe('/user/index');
    await waitFor(() => expect(document.querySelector('.shell-drawer .ant-drawer-open')).toBeNull());
    narrow.unmount();
    setViewportWidth(768);
    await mount('/home', 'sup');
    expect(screen.getByTestId('sider').className).not.toContain('ant-layout-sider-collapsed');
  });

  it('keeps the phone header to brand, balance, 充值 and the user', async () => {
    setViewportWidth(375);
    await mount('/account/detail', 'user');
    expect(screen.queryByTestId('breadcrumb')).toBeNull();
    expect(screen.queryByRole('button', { name: '刷新' })).toBeNull();
    const header = document.querySelector('.shell-header') as HTMLElement;
    expect(within(header).getByText('接码平台')).toBeTruthy();
    expect(within(header).getByTestId('balance').textContent).toContain('$12.30');
    expect(within(header).getByRole('button', { name: /充\s?值/ })).toBeTruthy();
    expect(within(header).getByTestId('user-menu')).toBeTruthy();
  });

  it('collapses and expands with the header toggle', async () => {
    await mount('/home', 'sup');
    fireEvent.click(screen.getByRole('button', { name: '收起菜单' }));
    expect(screen.getByTestId('sider').className).toContain('ant-layout-sider-collapsed');
    fireEvent.click(screen.getByRole('button', { name: '展开菜单' }));
    expect(screen.getByTestId('sider').className).not.toContain('ant-layout-sider-collapsed');
  });
});

describe('switched into a user', () => {
  let loaded: string[];
  beforeEach(() => {
    loaded = [];
    navigation.setLoad((path) => {
      loaded.push(path);
    });
  });

  it('says whose account it is, and 切换回管理员 goes back to the user list as the sup', async () => {
    server.on('POST /api/user/admin', { data: { token: 'sup-token', type: 'sup', user: user('sup') } });
    await mount('/account/detail', 'user', { manager: 'admin' });
    const banner = screen.getByTestId('switched-banner');
    expect(banner.textContent).toContain('正在以用户 alice 的身份操作');
    fireEvent.click(within(banner).getByRole('button', { name: /切换回管理员/ }));
    await waitFor(() => expect(loaded).toEqual(['/user/index']));
    expect(server.calls('POST /api/user/admin')).toHaveLength(1);
    expect(authState.getToken()).toBe('sup-token');
    expect(authState.getType()).toBe('sup');
    expect(sessionStorage.getItem('flash')).toBe('切换成功');
  });

  it("shows no banner in one's own account", async () => {
    await mount('/home', 'user');
    expect(screen.queryByTestId('switched-banner')).toBeNull();
  });

  it('shows the message an action left for after its page load, once', async () => {
    sessionStorage.setItem('flash', '切换成功');
    const first = await mount('/home', 'user');
    expect(await screen.findByText('切换成功')).toBeTruthy();
    expect(sessionStorage.getItem('flash')).toBeNull();
    first.unmount();
  });
});
