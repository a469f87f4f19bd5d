import { Alert, Typography } from 'antd';
import { ShowOnceModal } from '../../common/ShowOnceModal';
import { reachOf } from './reachable';
import DeviceSetupQr from './DeviceSetupQr';
import DeviceFirstReport from './DeviceFirstReport';
import './devices.css';

export interface DeviceSecret {
  /** The device (both answers carry it): the dialog watches for its first report. */
  id?: number;
  webhook_url: string;
  secret: string;
  name?: string;
}

/**
 * A device's webhook URL and secret, shown this once (on creation or after a new secret), as text
 * and as QR codes for the phone, with where each goes in SmsForwarder (发送通道 → Webhook) or the
 * gammu script's config, and a live 等待测试短信 that turns to a tick when the phone reports.
 */
export default function DeviceSecretModal({ shown, onClose }: { shown: DeviceSecret; onClose(): void }) {
  const reach = reachOf(shown.webhook_url);
  return (
    <ShowOnceModal
      title={shown.name ? `设备「${shown.name}」的接入信息` : '设备的新密钥'}
      width={600}
      onClose={onClose}
      warning="关闭后无法再次查看；遗失时请在设备列表里“重置密钥”，旧密钥会立即失效。"
      shown={[
        { title: 'Webhook 地址', value: shown.webhook_url, copy: '复制地址', testId: 'device-webhook-url' },
        { title: '密钥（secret）', value: shown.secret, copy: '复制密钥', testId: 'device-secret' },
      ]}
    >
      <DeviceSetupQr url={shown.webhook_url} secret={shown.secret} />
      {reach && (
        <Alert
          type={reach.level === 'never' ? 'error' : 'warning'}
          showIcon
          style={{ marginTop: 16 }}
          message={reach.message}
          data-testid="device-url-unreachable"
        />
      )}
      <Typography.Paragraph strong style={{ marginTop: 16 }}>
        在 SmsForwarder 里设置
      </Typography.Paragraph>
      <ol className="device-setup">
        <li>发送通道 → 新增 → 网页通知（Webhook），请求方式 POST；</li>
        <li>
          WebServer 填上面的 Webhook 地址，Secret 填上面的密钥，成功关键字填 <Typography.Text code>ok</Typography.Text>；在 SIM
          卡备注里写上本卡号码（如 +8613800138000），或在设备里绑定卡槽号码；
        </li>
        <li>点“测试”：下方的“等待测试短信”会变成 ✓，设备列表的“最后上报”也会更新；</li>
        <li>转发规则 → 新增：类型“短信”，匹配“全部”，发送通道选第 1 步的 Webhook，并启用。没有转发规则，收到的短信不会发出；</li>
        <li>
          让它一直在后台运行：在 SmsForwarder
          的通用设置里开启开机自启、保活选项；在手机设置里允许它自启动、关闭电池优化，并在最近任务里锁定它。安卓常在后台杀掉它，设备列表会把久未上报的设备标为“失联”。
        </li>
      </ol>
      {shown.id !== undefined && <DeviceFirstReport deviceId={shown.id} />}
    </ShowOnceModal>
  );
}
