export { TokenCopyLine as default } from './TokenCopyAction';
