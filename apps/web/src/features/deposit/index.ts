export { DepositMethods } from './components/deposit-methods';
export { DepositHistoryTable } from './components/deposit-history-table';
