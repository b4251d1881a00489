export { PayoutsPage } from './components/payouts-page';
