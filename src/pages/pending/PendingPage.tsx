import { Button, Card, Result } from 'antd';
import { useNavigate } from 'react-router';

/** For a declared page whose screen is not built (`pending`): says so instead of showing an empty screen. */
export default function PendingPage({ title }: { title: string }) {
  const navigate = useNavigate();
  return (
    <Card>
      <Result
        status="info"
        title={title}
        subTitle="该功能尚未开放，敬请期待"
        extra={<Button onClick={() => navigate('/home')}>返回首页</Button>}
      />
    </Card>
  );
}
