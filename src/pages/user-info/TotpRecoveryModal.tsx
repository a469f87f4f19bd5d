import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Space } from 'antd';
import { CopyButton } from '../../common/CopyButton';
import '../../common/show-once.css';

/** The recovery codes as a text file the user keeps (one a line, with what they are for). */
function download(codes: string[]) {
  const text = `两步验证恢复码（每个只能使用一次，请妥善保存）\n\n${codes.join('\n')}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = 'recovery-codes.txt';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The ten recovery codes, answered by the server this once: copy or download them. Only 我已保存
 * or the close button end it.
 */
export default function TotpRecoveryModal({ codes, onClose }: { codes: string[]; onClose(): void }) {
  return (
    <Modal
      open
      title="两步验证已开启"
      onCancel={onClose}
      maskClosable={false}
      width={480}
      footer={
        <Button type="primary" onClick={onClose}>
          我已保存
        </Button>
      }
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message="恢复码只显示这一次"
        description="手机丢失或无法使用时，可在登录时用一个恢复码代替验证码。每个恢复码只能使用一次，请复制或下载后妥善保存。"
      />
      <pre className="show-once-text totp-recovery-codes" data-testid="totp-recovery-codes">
        {codes.join('\n')}
      </pre>
      <Space wrap>
        <CopyButton text={codes.join('\n')} label="复制恢复码" />
        <Button icon={<DownloadOutlined />} onClick={() => download(codes)}>
          下载
        </Button>
      </Space>
    </Modal>
  );
}
