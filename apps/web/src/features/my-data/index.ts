export { ConfirmEmailPage } from './components/confirm-email-page';
export { MyDataEntry } from './components/my-data-entry';
export { MyDataPage } from './components/my-data-page';
export { StatementPage } from './components/statement-page';
