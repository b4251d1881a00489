export { Timetable } from './components/timetable';
