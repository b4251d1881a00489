export { SecurityPage } from './components/security-page';
export { StaffPage } from './components/staff-page';
export { StaffEnrolForm } from './components/staff-enrol-form';
