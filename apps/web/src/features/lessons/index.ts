export { CoursePage } from './components/course-page';
