import { Alert, Button, Modal, Typography } from 'antd';
import { CopyButton } from '../shared/CopyButton';
import type { NewApiKey } from './api-key';

/** A new key, shown this once with what a script needs: the key, the address, and a first call to try. */
export default function NewKeyModal({ created, onClose }: { created: NewApiKey; onClose(): void }) {
  const example = `${created.base_url}?api_key=${created.key}&action=getBalance`;
  return (
    <Modal open title="请保存您的 API 密钥" onCancel={onClose} maskClosable={false} width={560}
      footer={<Button type="primary" onClick={onClose}>我已保存</Button>}>
      <Alert type="warning" showIcon style={{ marginBottom: 16 }}
        message="密钥只显示这一次" description="关闭后无法再次查看。请复制保存到安全的地方；遗失或泄露时请更换新密钥。" />
      <Typography.Paragraph strong>API 密钥</Typography.Paragraph>
      <pre className="apikey-secret" data-testid="apikey-secret">{created.key}</pre>
      <CopyButton text={created.key} label="复制密钥" />
      <Typography.Paragraph strong style={{ marginTop: 16 }}>接口地址（填入脚本的 base URL）</Typography.Paragraph>
      <pre className="apikey-secret">{created.base_url}</pre>
      <CopyButton text={created.base_url} label="复制接口地址" />
      <Typography.Paragraph strong style={{ marginTop: 16 }}>试一试：查询余额</Typography.Paragraph>
      <pre className="apikey-secret">{example}</pre>
      <Typography.Paragraph type="secondary">在浏览器打开上面的地址，应返回 ACCESS_BALANCE:余额。</Typography.Paragraph>
    </Modal>
  );
}
