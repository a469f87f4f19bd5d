import { Button } from 'antd';
import { KeyOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { ToolbarActionProps } from '../../framework/registry';

/** 接口密钥: where a customer who automates finds their SMS-Activate key (shown on 修改信息). */
export default function TokenApiKeyToolbar({ label }: ToolbarActionProps) {
  const navigate = useNavigate();
  return (
    <Button icon={<KeyOutlined />} onClick={() => navigate('/user/info')}>
      {label}
    </Button>
  );
}
