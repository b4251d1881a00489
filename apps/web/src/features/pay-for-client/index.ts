export { PayForClientForm } from './components/pay-for-client-form';
export { TransferHistoryTable } from './components/transfer-history-table';
export { payForClientTexts } from './texts';
