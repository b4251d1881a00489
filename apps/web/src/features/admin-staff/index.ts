export { SecurityPage } from './components/security-page';
export { StaffPage } from './components/staff-page';
