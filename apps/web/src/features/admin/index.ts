export { AdminWithdrawalsPanel } from './components/admin-withdrawals-panel';
export { ReviewCodesPanel } from './components/review-codes-panel';
