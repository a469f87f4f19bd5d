import { DownOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { formatMoney } from '../../common/money';
import type { StoreItem } from './api';
import type { ServiceGroup } from './catalog';
import { ProductRow } from './ProductRow';
import type { ServiceInfo } from './services';

/** A service's badge: its initial in a circle of its colour. */
function ServiceBadge({ service }: { service: ServiceInfo }) {
  return (
    <span className="service-badge" style={{ background: service.color, color: service.ink }} aria-hidden="true">
      {service.initial}
    </span>
  );
}

function summary(group: ServiceGroup): string {
  if (group.lowest === null) return '已售罄';
  const stock = group.stock === null ? '库存充足' : `库存 ${group.stock}`;
  return `${group.countries} 个国家 · ${formatMoney(group.lowest)} 起 · ${stock}`;
}

interface Props {
  group: ServiceGroup;
  open: boolean;
  onToggle(): void;
  action?: (item: StoreItem) => ReactNode;
}

/** One service: a header (badge, names, code, how many countries on sale, from what price, stock) that folds its countries away. */
export function ServiceSection({ group, open, onToggle, action }: Props) {
  const { service } = group;
  return (
    <section className="store-service" data-testid="store-service" data-service={group.key}>
      <button type="button" className="store-service-head" aria-expanded={open} onClick={onToggle}>
        <ServiceBadge service={service} />
        <span className="store-service-names">
          <span className="store-service-name" data-testid="service-name">
            {service.name}
          </span>
          {service.zh && <span className="store-service-zh">{service.zh}</span>}
          {service.code && <code className="store-service-code">{service.code}</code>}
        </span>
        <span className="store-service-summary">{summary(group)}</span>
        <DownOutlined className="store-service-arrow" />
      </button>
      {open && (
        <div className="store-offers">
          {group.items.map((item) => (
            <ProductRow key={item.id} item={item} action={action?.(item)} />
          ))}
        </div>
      )}
    </section>
  );
}
