import type { RowActionProps } from '../../framework/registry';
import ExtensionDialog from './ExtensionDialog';
import { renewApi } from './renew-api';

const MAX_DAYS = 365;

/** Days to add to a link, priced by the server per day. */
export default function TokenRenewDialog(props: RowActionProps & { onClose(): void }) {
  return (
    <ExtensionDialog
      {...props}
      verb="续费"
      unit="天"
      term="有效期"
      initial={1}
      label={`续费天数（1-${MAX_DAYS}）`}
      min={1}
      max={MAX_DAYS}
      ariaLabel="续费天数"
      testId="renew"
      quote={renewApi.quote}
      pay={renewApi.augment}
      priceLabel="续费单价"
      price={(q) => q.renew_price}
    />
  );
}
