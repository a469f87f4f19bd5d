import type { ComponentType } from 'react';
import type { LazyRowAction, LazyToolbarAction, RowActionProps, ToolbarActionProps } from '../framework/registry';
import { tokenActionShows } from './links/states';
import { canReplay } from './delivery/states';
import { rentActionShows } from './links/rentals/states';

// The actions' files: each one's code is fetched from its file, which the build also names in its
// lists' pages (scripts/prerender.mjs), so a list's actions arrive with the list's own code.
const modules = import.meta.glob([
  './*/*Action.tsx',
  './stock/StockImportToolbar.tsx',
  './stock/StockBulkToggle.tsx',
  './goods/GoodsBulkToolbar.tsx',
  './device-numbers/NumberCheckToolbar.tsx',
  './links/actions.ts',
]);

/** An action drawn by the export `name` of `file` (under src/resources). */
function from<P>(file: string, name = 'default') {
  const load = modules[file];
  if (!load) throw new Error(`no action file ${file}`);
  return {
    file: `src/resources/${file.slice(2)}`,
    load: () => load().then((m) => ({ default: (m as Record<string, ComponentType<P>>)[name] })),
  };
}
/** One of the links' actions, all of which load together (./links/actions.ts). */
const tokens = <K extends keyof typeof import('./links/actions')>(name: K) => from<RowActionProps>('./links/actions.ts', name);
const row = (file: string, name?: string) => from<RowActionProps>(file, name);
const toolbar = (file: string, name?: string) => from<ToolbarActionProps>(file, name);

/**
 * The row actions a resource's `actions` may name, each loaded when first shown (the console
 * registers them: src/app/row-actions.ts). The keys are the names the declaration is checked against
 * (./declare.ts), so a misspelled action does not compile instead of silently showing nothing.
 */
export const rowActions = {
  userMoney: row('./users/UserMoneyAction.tsx'),
  userSwitch: row('./users/UserSwitchAction.tsx'),
  userApiKeyRevoke: row('./users/UserApiKeyRevokeAction.tsx'),
  userPasswordReset: { ...row('./users/UserPasswordResetAction.tsx'), shows: (r) => r.type !== 'sup' },
  usdtPay: row('./usdt/UsdtPayAction.tsx'),
  transferAttach: row('./transfers/TransferAttachAction.tsx'),
  deviceSecret: row('./devices/DeviceSecretAction.tsx'),
  deviceNumbers: row('./devices/DeviceNumbersAction.tsx'),
  deviceCheck: row('./devices/DeviceCheckAction.tsx'),
  deviceBind: row('./devices/DeviceBindAction.tsx'),
  numberCheck: row('./device-numbers/NumberCheckAction.tsx'),
  messageAssign: { ...row('./messages/MessageAssignAction.tsx'), shows: (r) => Boolean(r.assignable) },
  goodsStock: row('./goods/GoodsStockAction.tsx'),
  stockImport: row('./goods/StockImportAction.tsx'),
  stockToggle: row('./stock/StockToggleAction.tsx'),
  orderRefund: row('./orders/OrderRefundAction.tsx'),
  tokenOpen: { ...tokens('TokenOpenAction') },
  tokenReset: { ...tokens('TokenResetAction'), shows: tokenActionShows.reset },
  tokenFinish: { ...tokens('TokenFinishAction'), shows: tokenActionShows.finish },
  tokenCancel: { ...tokens('TokenCancelAction'), shows: tokenActionShows.cancel },
  tokenRenew: { ...tokens('TokenRenewAction'), shows: tokenActionShows.renew },
  tokenRefund: { ...tokens('TokenRefundAction'), shows: tokenActionShows.refund },
  rentSms: { ...tokens('RentSmsAction'), shows: rentActionShows.sms },
  rentExtend: { ...tokens('RentExtendAction'), shows: rentActionShows.running },
  rentFinish: { ...tokens('RentFinishAction'), shows: rentActionShows.running },
  tokenCopy: {
    ...tokens('TokenCopyLink'),
    shows: tokenActionShows.copy,
  },
  tokenCopyLine: {
    ...tokens('TokenCopyLine'),
    shows: tokenActionShows.copy,
  },
  providerBalance: row('./providers/ProviderBalanceAction.tsx'),
  deliveryReplay: { ...row('./delivery/DeliveryReplayAction.tsx'), shows: canReplay },
  resellerCustomers: row('./resellers/ResellerCustomersAction.tsx'),
  resellerProfits: row('./resellers/ResellerProfitsAction.tsx'),
} satisfies Record<string, LazyRowAction>;

/** The toolbar actions a declaration may name in a resource's `toolbar`; as rowActions. */
export const toolbarActions = {
  stockImport: toolbar('./stock/StockImportToolbar.tsx'),
  stockDisable: toolbar('./stock/StockBulkToggle.tsx', 'StockBulkDisable'),
  stockEnable: toolbar('./stock/StockBulkToggle.tsx', 'StockBulkEnable'),
  goodsOnSale: toolbar('./goods/GoodsBulkToolbar.tsx', 'GoodsBulkOn'),
  goodsOffSale: toolbar('./goods/GoodsBulkToolbar.tsx', 'GoodsBulkOff'),
  goodsPrice: toolbar('./goods/GoodsBulkToolbar.tsx', 'GoodsBulkPrice'),
  numberCheckSelected: toolbar('./device-numbers/NumberCheckToolbar.tsx'),
  tokenExport: toolbar('./links/actions.ts', 'TokenExportToolbar'),
  tokenCopySelected: toolbar('./links/actions.ts', 'TokenCopySelectedToolbar'),
  tokenCodeAlerts: toolbar('./links/actions.ts', 'TokenCodeAlertsToolbar'),
  tokenApiKey: toolbar('./links/actions.ts', 'TokenApiKeyToolbar'),
} satisfies Record<string, LazyToolbarAction>;
