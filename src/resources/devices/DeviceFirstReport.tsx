import { CheckCircleFilled } from '@ant-design/icons';
import { Spin } from 'antd';
import { useFirstReport } from './use-first-report';

/** 等待测试短信 until the phone reports (SmsForwarder's 测试 or any SMS), then a green tick: the setup works. */
export default function DeviceFirstReport({ deviceId }: { deviceId: number }) {
  const heard = useFirstReport(deviceId);
  return (
    <div className={`device-first-report ${heard ? 'device-first-report-ok' : ''}`} role="status" data-testid="device-first-report">
      {heard ? (
        <>
          <CheckCircleFilled aria-hidden /> 已收到测试短信（{heard}），设备已接通
        </>
      ) : (
        <>
          <Spin size="small" /> 等待测试短信…… 在 SmsForwarder 里点“测试”，或给这台手机发一条短信
        </>
      )}
    </div>
  );
}
