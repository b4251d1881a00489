export { ConsoleLayout } from './components/console-layout';
export { CONSOLE_NAV, consoleNavFor, findConsoleNavItem, type ConsoleNavItem } from './nav-items';
