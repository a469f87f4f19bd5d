import { Alert } from 'antd';
import { Link } from 'react-router';
import { useSilentDevices } from './use-silent-devices';

/** The sup's warning when phones or modem pools have gone quiet (Android kills SmsForwarder in the background). */
export default function SilentDevices() {
  const silent = useSilentDevices();
  if (!silent?.list.length) return null;
  const names = silent.list.map((d) => `${d.name}（${d.last_seen_at ? `最后上报 ${d.last_seen_at}` : '从未上报'}）`).join('、');
  return (
    <Alert type="warning" showIcon style={{ marginBottom: 16 }} data-testid="silent-devices"
      message={`${silent.list.length}${silent.more ? '+' : ''} 台设备超过 ${silent.minutes} 分钟没有上报短信`}
      description={<>{names}。请检查手机上的 SmsForwarder 是否被系统清理、网络是否正常。<Link to="/system/device">查看设备</Link></>} />
  );
}
