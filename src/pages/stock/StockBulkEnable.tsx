export { StockBulkEnable as default } from './StockBulkToggle';
