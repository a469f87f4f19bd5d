import { useState } from 'react';
import type { RowActionProps } from '../../../framework/registry';
import ExtensionDialog from '../ExtensionDialog';
import { rentApi } from './rent-api';

/** Hours to add to a rental, priced by the server per hour. */
export default function RentExtendDialog(props: RowActionProps & { onClose(): void }) {
  // The allowed hours come with a quote (the product's own limit included); a refused one names them in its message.
  const [limits, setLimits] = useState<{ min: number; max: number } | null>(null);
  return (
    <ExtensionDialog
      {...props}
      verb="续租"
      unit="小时"
      term="租期"
      initial={24}
      label={limits ? `续租时长（${limits.min}-${limits.max} 小时，一天为 24 小时）` : '续租时长（小时，一天为 24 小时）'}
      min={limits?.min ?? 1}
      max={limits?.max}
      ariaLabel="续租小时数"
      testId="rent"
      quote={rentApi.quote}
      pay={rentApi.extend}
      priceLabel="租用单价"
      price={(q) => q.price_hour}
      onQuote={(q) => setLimits({ min: q.min_hours, max: q.max_hours })}
    />
  );
}
