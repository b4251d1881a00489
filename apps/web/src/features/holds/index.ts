export { HeldCommissionsCard } from './components/held-commissions-card';
