export { NotificationsList } from './components/notifications-list';
