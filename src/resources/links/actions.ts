/**
 * The links' row and toolbar actions as one module: a list of links shows a dozen of them, which then
 * arrive in one file instead of a dozen requests (src/resources/actions.ts loads them from here).
 */
export { default as TokenOpenAction } from './TokenOpenAction';
export { default as TokenResetAction } from './TokenResetAction';
export { default as TokenFinishAction } from './TokenFinishAction';
export { default as TokenCancelAction } from './TokenCancelAction';
export { default as TokenRenewAction } from './TokenRenewAction';
export { default as TokenRefundAction } from './TokenRefundAction';
export { TokenCopyLink, TokenCopyLine } from './TokenCopyAction';
export { default as RentSmsAction } from './rentals/RentSmsAction';
export { default as RentExtendAction } from './rentals/RentExtendAction';
export { default as RentFinishAction } from './rentals/RentFinishAction';
export { default as TokenExportToolbar } from './TokenExportToolbar';
export { default as TokenCopySelectedToolbar } from './TokenCopySelectedToolbar';
export { default as TokenCodeAlertsToolbar } from './TokenCodeAlertsToolbar';
export { default as TokenApiKeyToolbar } from './TokenApiKeyToolbar';
