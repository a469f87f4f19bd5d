import { useEffect, useState } from 'react';
import { Alert, Empty, Modal, Radio, Space, Spin, Typography } from 'antd';
import type { RowActionProps } from '../../framework/registry';
import { api } from '../../providers/http';
import { message, modal } from '../../framework/notices';

interface Candidate { id: number; identifier: string; state_label: string; username: string; title: string; early: boolean }

/**
 * The links that still receive on the message's number, each with its customer and product; the sup
 * picks one and confirms. A link armed after the message arrived is marked: the code is older than
 * the link, and the server refuses it.
 */
export default function MessageAssignDialog({ record, onDone, onClose }: RowActionProps & { onClose(): void }) {
  const [links, setLinks] = useState<Candidate[] | null>(null);
  const [chosen, setChosen] = useState<number>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    api.post<Candidate[]>('/api/message/links', { id: record.id }).then(setLinks, () => setLinks([]));
  }, [record.id]);

  const link = links?.find((l) => l.id === chosen);
  const send = async () => {
    setSaving(true);
    try {
      await api.post('/api/message/assign', { id: record.id, token_id: chosen });
      message.success(`验证码 ${record.code} 已送达 ${link?.username ?? ''} 的链接`);
      onClose();
      onDone();
    } catch {
      // The http client has said why.
    } finally {
      setSaving(false);
    }
  };
  const submit = () => link && modal.confirm({
    title: '确认分配验证码？',
    content: `验证码 ${record.code} 将送达 ${link.username} 的链接 #${link.id}（${link.title}），客户会立即看到它。`,
    okText: '分配', cancelText: '取消', onOk: send,
  });

  return (
    <Modal open title={`分配验证码 ${record.code ?? ''}`} onCancel={onClose} onOk={submit} okText="分配" cancelText="取消"
      okButtonProps={{ disabled: !link || link.early }} confirmLoading={saving} destroyOnHidden>
      <Typography.Paragraph type="secondary">
        收件号码 {record.recipient}，发件人 {record.sender || '未知'}。{record.reason ? `未送达原因：${record.reason}` : ''}
      </Typography.Paragraph>
      {links === null ? <Spin /> : links.length === 0 ? (
        <Empty description="该号码没有还能接收验证码的链接" />
      ) : (
        <Radio.Group value={chosen} onChange={(e) => setChosen(e.target.value)} style={{ width: '100%' }}>
          <Space direction="vertical" style={{ width: '100%' }}>
            {links.map((l) => (
              <Radio key={l.id} value={l.id} aria-label={`链接 #${l.id}`}>
                #{l.id} {l.username} · {l.title} · {l.state_label}
                {l.early && <Typography.Text type="warning">（在消息之后启用）</Typography.Text>}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      )}
      {link?.early && <Alert type="warning" showIcon style={{ marginTop: 12 }} message="该链接在这条消息收到之后才启用，验证码可能已失效，不能分配" />}
    </Modal>
  );
}
