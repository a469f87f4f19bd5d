import { useNavigation } from '@refinedev/core';
import { useNavigate } from 'react-router';
import type { RowActionProps } from '../../framework/registry';
import { RowLink } from '../../framework/list/RowLink';

/** A reseller's customers: the user list filtered by the reseller they belong to. */
export default function ResellerCustomersAction({ record, label }: RowActionProps) {
  const navigate = useNavigate();
  const { listUrl } = useNavigation();
  return <RowLink onClick={() => navigate(`${listUrl('users')}?f_reseller_id=${record.user_id}`)}>{label}</RowLink>;
}
