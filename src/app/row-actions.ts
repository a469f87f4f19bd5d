import { lazy } from 'react';
import { registry } from '../framework/registry';
import { tokenActionShows } from '../pages/tokens/states';

/** The row actions and inputs resources.config.ts names, loaded when first shown. */
registry.lazyRowAction('userMoney', () => import('../pages/users/UserMoneyAction'));
registry.lazyRowAction('userSwitch', () => import('../pages/users/UserSwitchAction'));
registry.input('html', lazy(() => import('../pages/editor/HtmlEditor')));
registry.lazyRowAction('usdtPay', () => import('../pages/usdt/UsdtPayAction'));
registry.lazyRowAction('transferAttach', () => import('../pages/transfers/TransferAttachAction'));
registry.lazyRowAction('userApiKeyRevoke', () => import('../pages/users/UserApiKeyRevokeAction'));
registry.lazyRowAction('deviceSecret', () => import('../pages/devices/DeviceSecretAction'));
registry.lazyRowAction('goodsStock', () => import('../pages/goods/GoodsStockAction'));
registry.lazyRowAction('stockImport', () => import('../pages/stock/StockImportAction'));
registry.lazyRowAction('stockToggle', () => import('../pages/stock/StockToggleAction'));
registry.lazyRowAction('orderRefund', () => import('../pages/orders/OrderRefundAction'));
registry.lazyRowAction('tokenReset', () => import('../pages/tokens/TokenResetAction'), tokenActionShows.reset);
registry.lazyRowAction('tokenRenew', () => import('../pages/tokens/TokenRenewAction'), tokenActionShows.renew);
registry.lazyRowAction('tokenRefund', () => import('../pages/tokens/TokenRefundAction'), tokenActionShows.refund);
registry.lazyRowAction('tokenCopy', () => import('../pages/tokens/TokenCopyAction'), tokenActionShows.copy);
registry.lazyRowAction('tokenCopyLine', () => import('../pages/tokens/TokenCopyLineAction'), tokenActionShows.copy);
registry.lazyRowAction('providerBalance', () => import('../pages/providers/ProviderBalanceAction'));
/** The list toolbar actions resources.config.ts names. */
registry.lazyToolbarAction('stockImport', () => import('../pages/stock/StockImportToolbar'));
registry.lazyToolbarAction('stockDisable', () => import('../pages/stock/StockBulkDisable'));
registry.lazyToolbarAction('stockEnable', () => import('../pages/stock/StockBulkEnable'));
registry.lazyToolbarAction('tokenExport', () => import('../pages/tokens/TokenExportToolbar'));
registry.lazyToolbarAction('tokenCopySelected', () => import('../pages/tokens/TokenCopySelectedToolbar'));
