/**
 * A console left open across an upgrade: its screens' code is that of the old build, and the new
 * build no longer holds it (the server answers 404). Opening a screen not loaded yet says
 * 「系统已更新，正在刷新」 and reloads the page once, which brings the new build; if the code is
 * still missing after that reload, the page says so and does not reload again.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openBrowser, shot, useServer, useToken } from './harness';

const server = useServer();
const SCREEN_CHUNK = /\/assets\/ConnectPage-[\w-]+\.js$/;

/** The console open on /home as the sup, counting the page loads that follow. */
async function openConsole(page: Page) {
  await useToken(page, server.url, server.supToken, 'sup');
  await page.goto(`${server.url}/home`);
  await page.getByTestId('sider').waitFor();
  const loads = { count: 0 };
  page.on('request', (r) => {
    if (r.isNavigationRequest() && r.frame() === page.mainFrame()) loads.count++;
  });
  return loads;
}

/** Opens 系统设置 › 联系方式 from the menu, as a person would. */
async function openContactScreen(page: Page) {
  await page.getByTestId('sider').getByText('系统设置').click();
  await page.getByTestId('sider').getByText('联系方式').click();
}

describe('a screen whose code the server no longer has', () => {
  it('says 系统已更新，正在刷新, reloads once, and then shows the screen', async () => {
    const { page, close } = await openBrowser();
    try {
      const loads = await openConsole(page);
      // The upgrade: the old build's chunk of this screen is gone (once; the reloaded page gets what there is).
      let refused = 0;
      await page.route(SCREEN_CHUNK, async (route) => {
        if (refused++ > 0) return route.continue();
        return route.fulfill({ status: 404, contentType: 'text/plain; charset=utf-8', body: '文件不存在' });
      });
      await openContactScreen(page);
      await expect.poll(() => page.getByText('系统已更新，正在刷新').isVisible()).toBe(true);
      await shot(page, 'upgrade-reloading');
      await expect.poll(() => loads.count).toBe(1);
      await page.waitForURL('**/system/connect');
      await expect.poll(() => page.getByText('编辑联系方式').isVisible(), { timeout: 20_000 }).toBe(true);
      expect(refused).toBe(2);
      await page.waitForTimeout(2500);
      expect(loads.count).toBe(1);
    } finally {
      await close();
    }
  });

  it('still missing after the reload: says the page could not load, and reloads no more', async () => {
    const { page, close } = await openBrowser();
    try {
      const loads = await openConsole(page);
      await page.route(SCREEN_CHUNK, (route) =>
        route.fulfill({ status: 404, contentType: 'text/plain; charset=utf-8', body: '文件不存在' }),
      );
      await openContactScreen(page);
      await expect.poll(() => page.getByText('系统已更新，正在刷新').isVisible()).toBe(true);
      await expect.poll(() => loads.count).toBe(1);
      await expect.poll(() => page.getByText('页面加载失败').isVisible(), { timeout: 20_000 }).toBe(true);
      await shot(page, 'upgrade-still-missing');
      await page.waitForTimeout(3000);
      expect(loads.count).toBe(1);
      expect(new URL(page.url()).pathname).toBe('/system/connect');
    } finally {
      await close();
    }
  });
});
