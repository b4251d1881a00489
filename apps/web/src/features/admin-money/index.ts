export { AdminWithdrawalsPanel } from './components/admin-withdrawals-panel';
export { DepositsPanel } from './components/deposits-panel';
export { MoneyPage } from './components/money-page';
export { ReviewCodesPanel } from './components/review-codes-panel';
