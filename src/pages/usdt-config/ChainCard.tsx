import { Button, Card, Descriptions, Form, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { evmChainFields } from '../../../resources.config';
import { FieldItems, formFields } from '../../framework/form/FieldItems';
import { api } from '../../providers/http';
import { useFormSubmit } from '../../common/use-form-submit';
import type { ChainStatus, ChainSettings, UsdtConfigAnswer } from './use-usdt-config';

type Values = Record<string, unknown>;
const fields = formFields({ fields: evmChainFields });

/** The server names a chain's fields `chains.<chain>.<field>`; this card's form names them plainly. */
function plainErrors(error: unknown, chain: string): unknown {
  const e = error as { errors?: Record<string, string> } | null;
  if (!e?.errors) return error;
  const prefix = `chains.${chain}.`;
  return {
    ...e,
    errors: Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k.startsWith(prefix) ? k.slice(prefix.length) : k, v])),
  };
}

/** One EVM chain's USDT settings (on/off, address, RPC URL, contract, decimals, confirmations) and its watcher's state. */
export function ChainCard({
  chain,
  settings,
  status,
  onSaved,
}: {
  chain: string;
  settings: ChainSettings;
  status: ChainStatus | undefined;
  onSaved(config: UsdtConfigAnswer): void;
}) {
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    form.setFieldsValue(Object.fromEntries(fields.map(([n]) => [n, settings[n as keyof ChainSettings] ?? undefined])));
  }, [form, settings]);

  const send = async (values: Values) => {
    try {
      onSaved(await api.post<UsdtConfigAnswer>('/api/usdt/config/edit', { chains: { [chain]: values } }));
    } catch (error) {
      throw plainErrors(error, chain);
    }
  };
  const { saving, submit } = useFormSubmit(form, send, `${settings.network} 设置已保存`);

  return (
    <Card
      size="small"
      title={`USDT ${settings.network}`}
      data-testid={`chain-card-${chain}`}
      extra={<Tag color={settings.enabled ? 'green' : 'default'}>{settings.enabled ? '已开放' : '未开放'}</Tag>}
    >
      {/* Named per chain: the four cards' inputs get ids of their own, so each label finds its input. */}
      <Form form={form} name={`chain-${chain}`} layout="vertical" onFinish={submit}>
        <FieldItems fields={fields} action="edit" />
        <Button type="primary" htmlType="submit" loading={saving} className="chain-save">
          保存 {settings.network}
        </Button>
      </Form>
      <ChainWatch status={status} />
    </Card>
  );
}

function ChainWatch({ status }: { status: ChainStatus | undefined }) {
  if (!status || status.cursor === null) {
    return (
      <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }} data-testid="chain-watch">
        {status?.last_error ? (
          <Typography.Text type="danger" data-testid="chain-error">
            {status.last_error}
          </Typography.Text>
        ) : (
          '尚未开始监听（开放并填写收款地址和 RPC 地址后自动开始）'
        )}
      </Typography.Paragraph>
    );
  }
  return (
    <Descriptions size="small" column={1} bordered style={{ marginTop: 12 }} data-testid="chain-watch">
      <Descriptions.Item label="已读取到区块">{status.cursor}</Descriptions.Item>
      <Descriptions.Item label="节点最新区块">{status.head ?? '-'}</Descriptions.Item>
      <Descriptions.Item label="待读取">{status.behind === null ? '-' : `${status.behind} 个已确认区块`}</Descriptions.Item>
      <Descriptions.Item label="最近成功">{status.last_ok_at ?? '-'}</Descriptions.Item>
      {status.last_error && (
        <Descriptions.Item label="最近错误">
          <Typography.Text type="danger" data-testid="chain-error">
            {status.last_error}
          </Typography.Text>
          <Typography.Text type="secondary">
            （{status.last_error_at}，连续 {status.failures} 次{status.retry_at ? `，${status.retry_at} 后重试` : ''}）
          </Typography.Text>
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}
