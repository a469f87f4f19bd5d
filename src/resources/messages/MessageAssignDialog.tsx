import { useEffect, useState } from 'react';
import { Alert, Checkbox, Empty, Input, Modal, Radio, Spin, Tag, Typography } from 'antd';
import type { RowActionProps } from '../../framework/registry';
import { api } from '../../providers/http';
import { message, modal } from '../../framework/notices';
import './assign.css';

interface Candidate {
  id: number;
  identifier: string;
  state_label: string;
  username: string;
  title: string;
  on_device: boolean;
  early: boolean;
}

/** A search waits this long after the last key, so typing a number sends one request, not one a digit. */
const TYPING_MS = 300;

/**
 * The links that may take the message's code, each with its number, customer and product; the sup
 * picks one and confirms. A message whose recipient is known offers the links holding it. One whose
 * recipient is unknown (the phone did not say which SIM) offers the numbers still waiting, searched
 * by digits: its device's numbers first, only the app the sender names unless the sup widens it.
 * A link armed after the message arrived is marked: the code is older than the link, and the server
 * refuses it.
 */
export default function MessageAssignDialog({ record, onDone, onClose }: RowActionProps & { onClose(): void }) {
  const unknown = !record.recipient;
  const [links, setLinks] = useState<Candidate[] | null>(null);
  const [chosen, setChosen] = useState<number>();
  const [saving, setSaving] = useState(false);
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [everyApp, setEveryApp] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), TYPING_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  useEffect(() => {
    let live = true;
    setLinks(null);
    const search = unknown ? { q: q || undefined, all: everyApp || undefined } : {};
    api.post<Candidate[]>('/api/message/links', { id: record.id, ...search }).then(
      (found) => live && setLinks(found),
      () => live && setLinks([]),
    );
    return () => {
      live = false;
    };
  }, [record.id, unknown, q, everyApp]);

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
  const submit = () =>
    link &&
    modal.confirm({
      title: '确认分配验证码？',
      content: `验证码 ${record.code} 将送达 ${link.username} 的链接 #${link.id}（${link.identifier}，${link.title}），客户会立即看到它。`,
      okText: '分配',
      cancelText: '取消',
      onOk: send,
    });

  const none = unknown
    ? q
      ? `没有号码含 ${q} 的、还在等验证码的链接`
      : everyApp
        ? '没有还在等验证码的链接'
        : '没有发件人所说应用的、还在等验证码的链接'
    : '该号码没有还能接收验证码的链接';

  return (
    <Modal
      open
      title={`分配验证码 ${record.code ?? ''}`}
      onCancel={onClose}
      onOk={submit}
      okText="分配"
      cancelText="取消"
      okButtonProps={{ disabled: !link || link.early }}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        收件号码 {record.recipient || '未知'}，发件人 {record.sender || '未知'}。{record.reason ? `未送达原因：${record.reason}` : ''}
      </Typography.Paragraph>
      {unknown && (
        <div className="assign-search">
          <Input.Search
            allowClear
            inputMode="numeric"
            placeholder="号码中的数字，如 2222"
            aria-label="搜索号码"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onSearch={(v) => setQ(v.trim())}
          />
          <Checkbox checked={everyApp} onChange={(e) => setEveryApp(e.target.checked)}>
            也显示其他应用的号码
          </Checkbox>
          <Typography.Text type="secondary" className="assign-search-hint">
            先列出本设备的号码；默认只列发件人或内容提到的应用（如 Telegram）的号码。
          </Typography.Text>
        </div>
      )}
      {links === null ? (
        <Spin />
      ) : links.length === 0 ? (
        <Empty description={none} />
      ) : (
        <Radio.Group value={chosen} onChange={(e) => setChosen(e.target.value)} className="assign-links">
          {links.map((l) => (
            <Radio key={l.id} value={l.id} aria-label={`链接 #${l.id}`}>
              <span className="assign-number">{l.identifier}</span> {l.on_device && <Tag color="blue">本设备</Tag>}
              <br />
              <Typography.Text type="secondary">
                #{l.id} {l.username} · {l.title} · {l.state_label}
              </Typography.Text>
              {l.early && <Typography.Text type="warning">（在消息之后启用）</Typography.Text>}
            </Radio>
          ))}
        </Radio.Group>
      )}
      {link?.early && (
        <Alert type="warning" showIcon style={{ marginTop: 12 }} message="该链接在这条消息收到之后才启用，验证码可能已失效，不能分配" />
      )}
    </Modal>
  );
}
