import { useNavigation } from '@refinedev/core';
import { useNavigate } from 'react-router';
import type { RowActionProps } from '../../framework/registry';
import { RowLink } from '../../framework/list/RowLink';

/** A reseller's profits: the profit list filtered by that reseller. */
export default function ResellerProfitsAction({ record, label }: RowActionProps) {
  const navigate = useNavigate();
  const { listUrl } = useNavigation();
  return <RowLink onClick={() => navigate(`${listUrl('profits')}?f_user_id=${record.user_id}`)}>{label}</RowLink>;
}
