import { useNavigation } from '@refinedev/core';
import { useNavigate } from 'react-router';
import type { RowActionProps } from '../../framework/registry';
import { RowLink } from '../../framework/list/RowLink';

/** 号码: the device's numbers (设备号码 filtered by this device): slots, last SMS, expiry, who holds each. */
export default function DeviceNumbersAction({ record, label }: RowActionProps) {
  const navigate = useNavigate();
  const { listUrl } = useNavigation();
  return <RowLink onClick={() => navigate(`${listUrl('device_numbers')}?f_device_id=${record.id}`)}>{label}</RowLink>;
}
