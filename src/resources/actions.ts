import type { LazyRowAction, LazyToolbarAction } from '../framework/registry';
import { tokenActionShows } from './tokens/states';
import { canReplay } from './delivery/states';
import { rentActionShows } from './tokens/rentals/states';

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
  tokenOpen: { load: () => import('./tokens/TokenOpenAction') },
  tokenReset: { load: () => import('./tokens/TokenResetAction'), shows: tokenActionShows.reset },
  tokenRenew: { load: () => import('./tokens/TokenRenewAction'), shows: tokenActionShows.renew },
  tokenRefund: { load: () => import('./tokens/TokenRefundAction'), shows: tokenActionShows.refund },
  rentSms: { load: () => import('./tokens/rentals/RentSmsAction'), shows: rentActionShows.sms },
  rentExtend: { load: () => import('./tokens/rentals/RentExtendAction'), shows: rentActionShows.running },
  rentFinish: { load: () => import('./tokens/rentals/RentFinishAction'), shows: rentActionShows.running },
  tokenCopy: {
    load: () => import('./tokens/TokenCopyAction').then((m) => ({ default: m.TokenCopyLink })),
    shows: tokenActionShows.copy,
  },
  tokenCopyLine: {
    load: () => import('./tokens/TokenCopyAction').then((m) => ({ default: m.TokenCopyLine })),
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
  tokenExport: () => import('./tokens/TokenExportToolbar'),
  tokenCopySelected: () => import('./tokens/TokenCopySelectedToolbar'),
} satisfies Record<string, LazyToolbarAction>;
