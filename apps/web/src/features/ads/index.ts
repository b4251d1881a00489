export { AdsPage } from './components/ads-page';
