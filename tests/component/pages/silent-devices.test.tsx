/** The sup's home warns about devices that went quiet, and says nothing when none did. */
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import SilentDevices from '../../../src/pages/home/SilentDevices';
import { authState } from '../../../src/providers/auth-state';
import { useEnvelopeServer } from '../providers/envelope-server';

const server = useEnvelopeServer();
afterEach(() => authState.clear());

function mount() {
  authState.setToken('tok');
  authState.setType('sup');
  return render(<AntApp><MemoryRouter><SilentDevices /></MemoryRouter></AntApp>);
}

describe('silent devices on the sup\'s home', () => {
  it('names the quiet devices, their last report, and links to the device list', async () => {
    server.on('GET /api/device/silent', { data: { minutes: 60, more: false, list: [
      { id: 1, name: '一号机', last_seen_at: '2025-03-01 10:00:00' }, { id: 2, name: '新手机', last_seen_at: null },
    ] } });
    mount();
    const alert = await screen.findByTestId('silent-devices');
    expect(alert.textContent).toContain('2 台设备超过 60 分钟没有上报短信');
    expect(alert.textContent).toContain('一号机（最后上报 2025-03-01 10:00:00）');
    expect(alert.textContent).toContain('新手机（从未上报）');
    expect(screen.getByRole('link', { name: '查看设备' }).getAttribute('href')).toBe('/system/device');
  });

  it('shows nothing when every device reports', async () => {
    server.on('GET /api/device/silent', { data: { minutes: 60, more: false, list: [] } });
    const { container } = mount();
    await waitFor(() => expect(server.calls('GET /api/device/silent').length).toBe(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('[data-testid="silent-devices"]')).toBeNull();
  });
});
