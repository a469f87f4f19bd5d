import { useState } from 'react';
import { Button, Form, InputNumber } from 'antd';
import type { ToolbarActionProps } from '../../framework/registry';
import { useConfirmedCall } from '../../common/use-confirmed-call';
import { ConfirmedFormDialog } from '../../common/ConfirmedFormDialog';
import { message } from '../../framework/notices';
import { changeGoods } from './bulk-api';

/** 批量上架 / 批量下架 over the ticked products, after a confirmation naming how many. */
function onSale(on: boolean) {
  const verb = on ? '上架' : '下架';
  return function GoodsBulkSale({ label, selected, onDone, clearSelection }: ToolbarActionProps) {
    const { busy, confirm } = useConfirmedCall();
    const ask = () =>
      confirm(
        {
          title: `${verb}所选的 ${selected.length} 个商品？`,
          content: on ? '上架后客户即可在商城购买。' : '下架后客户在商城看不到这些商品，已购买的号码不受影响。',
          okText: `${verb} ${selected.length} 个商品`,
          okButtonProps: { danger: !on },
        },
        async () => {
          const r = await changeGoods(selected, { on_sale: on });
          message.success(`已${verb} ${r.changed} 个商品`);
          clearSelection();
          onDone();
        },
      );
    return (
      <Button danger={!on} disabled={!selected.length} loading={busy} onClick={ask}>
        {label}
      </Button>
    );
  };
}

export const GoodsBulkOn = onSale(true);
export const GoodsBulkOff = onSale(false);

/** 批量改价: one new price for every ticked product, confirmed with the count and the price. */
export function GoodsBulkPrice({ label, selected, onDone, clearSelection }: ToolbarActionProps) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ price: number }>();
  return (
    <>
      <Button disabled={!selected.length} onClick={() => setOpen(true)}>
        {label}
      </Button>
      {open && (
        <ConfirmedFormDialog
          form={form}
          title="批量改价"
          okText="改价"
          facts={[{ key: 'n', label: '所选商品', children: `${selected.length} 个` }]}
          confirm={({ price }) => ({
            title: `将所选的 ${selected.length} 个商品的价格改为 $${price.toFixed(2)}？`,
            content: '只影响之后的购买，已购买的订单不变。',
            okText: `改价 ${selected.length} 个商品`,
          })}
          send={({ price }) => changeGoods(selected, { price })}
          success={`已修改 ${selected.length} 个商品的价格`}
          onClose={() => setOpen(false)}
          onDone={() => {
            clearSelection();
            onDone();
          }}
        >
          <Form.Item
            name="price"
            label="新价格"
            rules={[
              { required: true, message: '请输入新价格' },
              { type: 'number', min: 0.01, message: '价格不能小于 0.01' },
              { type: 'number', max: 100_000, message: '价格不能大于 100000' },
            ]}
          >
            <InputNumber precision={2} step={0.01} min={0.01} max={100_000} prefix="$" style={{ width: '100%' }} aria-label="新价格" />
          </Form.Item>
        </ConfirmedFormDialog>
      )}
    </>
  );
}
