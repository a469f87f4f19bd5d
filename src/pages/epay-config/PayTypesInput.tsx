import { Checkbox, Form } from 'antd';
import { EPAY_TYPES } from '../../../resources.config';

const order = Object.keys(EPAY_TYPES) as (keyof typeof EPAY_TYPES)[];
const options = order.map((type) => ({ value: type, label: `${EPAY_TYPES[type].label}（${type}）` }));

/**
 * The payment types offered, ticked by name: the setting is the gateway's words joined by commas
 * (`alipay,wxpay`), which finance should not have to type.
 */
export function PayTypesInput({ label }: { label: string }) {
  return (
    <Form.Item
      name="types"
      label={label}
      extra="客户在账户充值页可选的方式；请只勾选网关已开通的通道"
      // A validator, not `required`: antd would put aria-required on the group, which its role does not allow.
      rules={[{ validator: async (_rule, value: unknown) => (value ? undefined : Promise.reject(new Error('请至少选择一种支付方式'))) }]}
      getValueProps={(value: unknown) => ({
        value: String(value ?? '')
          .split(',')
          .filter(Boolean),
      })}
      normalize={(picked: string[]) => order.filter((t) => picked.includes(t)).join(',')}
    >
      <Checkbox.Group options={options} className="epay-types" />
    </Form.Item>
  );
}
