export { StockBulkDisable as default } from './StockBulkToggle';
