import { lazy } from 'react';
import { registry } from '../framework/registry';

/** The row actions and inputs resources.config.ts names, loaded when first shown. */
registry.lazyRowAction('userMoney', () => import('../pages/users/UserMoneyAction'));
registry.lazyRowAction('userSwitch', () => import('../pages/users/UserSwitchAction'));
registry.input('html', lazy(() => import('../pages/editor/HtmlEditor')));
registry.lazyRowAction('usdtPay', () => import('../pages/usdt/UsdtPayAction'));
registry.lazyRowAction('transferAttach', () => import('../pages/transfers/TransferAttachAction'));
registry.lazyRowAction('userApiKeyRevoke', () => import('../pages/users/UserApiKeyRevokeAction'));
registry.lazyRowAction('providerBalance', () => import('../pages/providers/ProviderBalanceAction'));
