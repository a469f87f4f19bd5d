import { Button } from 'antd';
import { useNavigate } from 'react-router';
import type { RowActionProps } from '../../framework/registry';
import { payRoute } from './api';

/** From the list of pay orders to the live screen of one ("去支付" while it waits). */
export default function UsdtPayAction({ record, label }: RowActionProps) {
  const navigate = useNavigate();
  return (
    <Button type="link" size="small" onClick={() => navigate(payRoute(record.id))}>
      {record.state === 'waiting' ? '去支付' : label}
    </Button>
  );
}
