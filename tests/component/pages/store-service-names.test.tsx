/**
 * The store names a service as the sup named it (接码中心 → 服务名称, sent with each product as
 * `service_name` and `service_name_cn`): the sup's name and Chinese name win over the built-in ones,
 * a code the store does not know shows the sup's name instead of the bare code, and a service
 * without the sup's names keeps its built-in ones. A buyer finds a service by the sup's names and
 * still by the built-in ones.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import PublicProducts from '../../../src/pages/store/PublicProducts';
import { useEnvelopeServer } from '../providers/envelope-server';

let nextId = 1;
const product = (service: string, service_name: string | null, service_name_cn: string | null) => ({
  id: nextId++,
  title: `${service} 接码`,
  description: '',
  channel: 'sms',
  service,
  service_name,
  service_name_cn,
  country: 0,
  source: 'stock',
  price: 1,
  base_price: 1,
  stock: 3,
  valid_hours: 24,
  receive_limit: 0,
  reset_limit: 0,
  renew_price: 0,
  code_wait_minutes: 0,
  min_qty: 1,
  max_qty: 10,
});

const LIST = [
  product('tg', 'Telegram Premium', '电报会员'),
  product('xyzbank', 'XYZ Bank', null),
  product('wa', null, null),
  product('go', null, '谷歌邮箱'),
];

function mount() {
  render(
    <AntApp>
      <MemoryRouter initialEntries={['/store']}>
        <Routes>
          <Route path="/store" element={<PublicProducts />} />
        </Routes>
      </MemoryRouter>
    </AntApp>,
  );
}

/** Each service header as a buyer reads it: [code, name, Chinese name]. */
function headers() {
  return screen
    .queryAllByTestId('store-service')
    .map((section) => [
      section.getAttribute('data-service'),
      section.querySelector('.store-service-name')?.textContent ?? '',
      section.querySelector('.store-service-zh')?.textContent ?? '',
    ]);
}

describe('service names the sup set, in the store', () => {
  const server = useEnvelopeServer();

  it("shows the sup's names over the built-in ones, and finds services by either", async () => {
    server.on('POST /api/store/data', { data: { list: LIST, total: LIST.length } });
    mount();
    await screen.findAllByTestId('product-card');
    expect(headers()).toEqual([
      ['tg', 'Telegram Premium', '电报会员'],
      ['xyzbank', 'XYZ Bank', ''],
      ['wa', 'WhatsApp', ''],
      ['go', 'Google', '谷歌邮箱'],
    ]);

    const search = screen.getByLabelText('搜索商品');
    for (const [query, found] of [
      ['会员', 'tg'],
      ['telegram', 'tg'],
      ['电报', 'tg'],
      ['xyz bank', 'xyzbank'],
      ['谷歌邮箱', 'go'],
    ]) {
      fireEvent.change(search, { target: { value: query } });
      await waitFor(() =>
        expect(
          headers().map((h) => h[0]),
          query,
        ).toEqual([found]),
      );
    }
  });
});
