import type { LazyRowAction, LazyToolbarAction } from '../framework/registry';
import { tokenActionShows } from './tokens/states';
import { canReplay } from './delivery/states';
import { rentActionShows } from './tokens/rentals/states';

/** One of the links' actions, all of which load together (./tokens/actions.ts). */
const tokens = <K extends keyof typeof import('./tokens/actions')>(name: K) =>
  import('./tokens/actions').then((m) => ({ default: m[name] }));

/**
 * The row actions a resource's `actions` may name, each loaded when first shown (the console
 * registers them: src/app/row-actions.ts). The keys are the names the declaration is checked against
 * (./declare.ts), so a misspelled action does not compile instead of silently showing nothing.
 */
export const rowActions = {
  userMoney: { load: () => import('./users/UserMoneyAction') },
  userSwitch: { load: () => import('./users/UserSwitchAction') },
  userApiKeyRevoke: { load: () => import('./users/UserApiKeyRevokeAction') },
  userPasswordReset: { load: () => import('./users/UserPasswordResetAction'), shows: (r) => r.type !== 'sup' },
  usdtPay: { load: () => import('./usdt/UsdtPayAction') },
  transferAttach: { load: () => import('./transfers/TransferAttachAction') },
  deviceSecret: { load: () => import('./devices/DeviceSecretAction') },
  deviceBind: { load: () => import('./devices/DeviceBindAction') },
  messageAssign: { load: () => import('./messages/MessageAssignAction'), shows: (r) => !r.matched && Boolean(r.code) },
  goodsStock: { load: () => import('./goods/GoodsStockAction') },
  stockImport: { load: () => import('./goods/StockImportAction') },
  stockToggle: { load: () => import('./stock/StockToggleAction') },
  orderRefund: { load: () => import('./orders/OrderRefundAction') },
  tokenOpen: { load: () => tokens('TokenOpenAction') },
  tokenReset: { load: () => tokens('TokenResetAction'), shows: tokenActionShows.reset },
  tokenRenew: { load: () => tokens('TokenRenewAction'), shows: tokenActionShows.renew },
  tokenRefund: { load: () => tokens('TokenRefundAction'), shows: tokenActionShows.refund },
  rentSms: { load: () => tokens('RentSmsAction'), shows: rentActionShows.sms },
  rentExtend: { load: () => tokens('RentExtendAction'), shows: rentActionShows.running },
  rentFinish: { load: () => tokens('RentFinishAction'), shows: rentActionShows.running },
  tokenCopy: {
    load: () => tokens('TokenCopyLink'),
    shows: tokenActionShows.copy,
  },
  tokenCopyLine: {
    load: () => tokens('TokenCopyLine'),
    shows: tokenActionShows.copy,
  },
  providerBalance: { load: () => import('./providers/ProviderBalanceAction') },
  deliveryReplay: { load: () => import('./delivery/DeliveryReplayAction'), shows: canReplay },
} satisfies Record<string, LazyRowAction>;

/** The toolbar actions a declaration may name in a resource's `toolbar`; as rowActions. */
export const toolbarActions = {
  stockImport: () => import('./stock/StockImportToolbar'),
  stockDisable: () => import('./stock/StockBulkToggle').then((m) => ({ default: m.StockBulkDisable })),
  stockEnable: () => import('./stock/StockBulkToggle').then((m) => ({ default: m.StockBulkEnable })),
  tokenExport: () => tokens('TokenExportToolbar'),
  tokenCopySelected: () => tokens('TokenCopySelectedToolbar'),
} satisfies Record<string, LazyToolbarAction>;
