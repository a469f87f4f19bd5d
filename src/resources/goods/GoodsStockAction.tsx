import { useNavigation } from '@refinedev/core';
import { useNavigate } from 'react-router';
import type { RowActionProps } from '../../framework/registry';
import { RowLink } from '../../framework/list/RowLink';

/** A product's stock: the stock list filtered by that product (upstream products hold none). */
export default function GoodsStockAction({ record, label }: RowActionProps) {
  const navigate = useNavigate();
  const { listUrl } = useNavigation();
  if (record.source === 'upstream') return null;
  return <RowLink onClick={() => navigate(`${listUrl('stock')}?f_goods_id=${record.id}`)}>{label}</RowLink>;
}
