import { lazy } from 'react';
import { registry } from '../framework/registry';

/** The row actions and inputs resources.config.ts names, loaded when first shown. */
registry.lazyRowAction('userMoney', () => import('../pages/users/UserMoneyAction'));
registry.lazyRowAction('userSwitch', () => import('../pages/users/UserSwitchAction'));
registry.input('html', lazy(() => import('../pages/editor/HtmlEditor')));
registry.rowAction('usdtPay', lazy(() => import('../pages/usdt/UsdtPayAction')));
registry.rowAction('transferAttach', lazy(() => import('../pages/transfers/TransferAttachAction')));
