export { ConsoleLayout } from './components/console-layout';
export { CONSOLE_NAV, findConsoleNavItem, type ConsoleNavItem } from './nav-items';
