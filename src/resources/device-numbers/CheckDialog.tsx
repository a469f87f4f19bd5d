import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Radio, Spin, Typography } from 'antd';
import { markFieldErrors } from '../../common/field-rules';
import { askChecks, type CheckAnswer, type CheckAsk } from './check-api';
import { CheckResults } from './CheckResults';

type Scope = 'unconfirmed' | 'all' | 'typed';

interface Props {
  title: string;
  /** The device whose numbers are checked: the sup picks which (or types numbers); without it, `ask` goes at once. */
  device?: { id: number; total: number; unconfirmed: number };
  ask?: CheckAsk;
  onClose(): void;
}

/**
 * 核对号码: each chosen number gets a check code; the operator texts the code to the number, and the
 * SMS tells the server which device and slot hold it. From a device the sup chooses its numbers not
 * confirmed yet, all of them, or numbers typed one per line (new SIMs not yet bound anywhere).
 */
export default function CheckDialog({ title, device, ask, onClose }: Props) {
  const [answer, setAnswer] = useState<CheckAnswer | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ scope: Scope; text?: string }>();
  const scope = Form.useWatch('scope', form) ?? (device?.unconfirmed ? 'unconfirmed' : device?.total ? 'all' : 'typed');

  useEffect(() => {
    if (!ask) return;
    let live = true;
    askChecks(ask).then(
      (a) => live && setAnswer(a),
      (e: unknown) => live && setFailed(e instanceof Error ? e.message : '生成核对码失败'),
    );
    return () => {
      live = false;
    };
  }, [ask]);

  const start = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !device) return;
    setBusy(true);
    try {
      const chosen: CheckAsk =
        values.scope === 'typed' ? { text: values.text ?? '' } : { device_id: device.id, unconfirmed: values.scope === 'unconfirmed' };
      setAnswer(await askChecks(chosen));
    } catch (error) {
      markFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  };

  const choosing = device && !answer;
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      width={720}
      destroyOnHidden
      footer={
        choosing ? (
          <>
            <Button onClick={onClose}>取消</Button>
            <Button type="primary" loading={busy} onClick={start}>
              生成核对码
            </Button>
          </>
        ) : (
          <Button type="primary" onClick={onClose}>
            完成
          </Button>
        )
      }
    >
      {answer ? (
        <>
          {answer.missing > 0 && (
            <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={`${answer.missing} 个号码不在库存中，没有生成核对码`} />
          )}
          <CheckResults answer={answer} deviceId={device?.id} />
        </>
      ) : failed ? (
        <Alert type="error" showIcon message={failed} />
      ) : choosing ? (
        <Form form={form} layout="vertical" initialValues={{ scope }}>
          <Typography.Paragraph type="secondary">
            不确定哪个号码插在哪个卡槽？给每个号码生成一个核对码，用另一张卡把核对码发到这个号码：短信到达哪台设备的哪个卡槽，就记下号码在那里。
          </Typography.Paragraph>
          <Form.Item name="scope" label="核对哪些号码">
            <Radio.Group>
              <Radio value="unconfirmed" disabled={!device.unconfirmed}>
                本设备未确认卡槽的号码（{device.unconfirmed} 个）
              </Radio>
              <Radio value="all" disabled={!device.total}>
                本设备的全部号码（{device.total} 个）
              </Radio>
              <Radio value="typed">输入号码（还没绑定到设备的新卡）</Radio>
            </Radio.Group>
          </Form.Item>
          {scope === 'typed' && (
            <Form.Item
              name="text"
              label="号码（每行一个，须已在库存中）"
              rules={[{ required: true, whitespace: true, message: '请填写号码' }]}
            >
              <Input.TextArea rows={6} placeholder={'+8613800138000\n+8613800138001'} aria-label="号码" />
            </Form.Item>
          )}
        </Form>
      ) : (
        <div className="number-check-loading">
          <Spin /> 正在生成核对码……
        </div>
      )}
    </Modal>
  );
}
