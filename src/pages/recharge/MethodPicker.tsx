import { Form, Radio } from 'antd';
import type { PayMethod } from '../../resources/epay/api';
import { isUsdt, networkOf } from './use-recharge-start';

/** 支付宝 / 微信支付 / USDT, and for USDT its network (the first offered, TRC20, chosen by default). */
export function MethodPicker({ methods, value, onChange }: { methods: PayMethod[]; value: string; onChange: (method: string) => void }) {
  const usdt = methods.filter((m) => isUsdt(m.method));
  const kinds = [
    ...methods.filter((m) => !isUsdt(m.method)).map((m) => ({ value: m.method, label: m.label })),
    ...(usdt.length ? [{ value: 'usdt', label: 'USDT' }] : []),
  ];
  const kind = isUsdt(value) ? 'usdt' : value;
  return (
    <>
      <Form.Item label="支付方式">
        <Radio.Group
          value={kind}
          onChange={(e) => onChange(e.target.value === 'usdt' ? usdt[0].method : e.target.value)}
          optionType="button"
          buttonStyle="solid"
          className="recharge-presets"
          options={kinds}
          aria-label="支付方式"
        />
      </Form.Item>
      {kind === 'usdt' && usdt.length > 1 && (
        <Form.Item label="网络" extra="请选择与您钱包或交易所提币时一致的网络">
          <Radio.Group
            value={value}
            onChange={(e) => onChange(e.target.value)}
            optionType="button"
            className="recharge-presets"
            options={usdt.map((m) => ({ value: m.method, label: networkOf(m) }))}
            aria-label="网络"
          />
        </Form.Item>
      )}
    </>
  );
}
