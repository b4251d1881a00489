export { ClosuresPage } from './components/closures-page';
