export { WithdrawForm } from './components/withdraw-form';
export { WithdrawNotice } from './components/withdraw-notice';
export { WithdrawalHold } from './components/withdrawal-hold';
export { WithdrawalHistoryTable } from './components/withdrawal-history-table';
export { withdrawalsTexts } from './texts';
