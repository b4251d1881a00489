export { ClustersPage } from './components/clusters-page';
