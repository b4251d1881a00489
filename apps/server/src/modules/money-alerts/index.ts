/**
 * The money-alerts module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/money-alerts/ import this file only; tests may reach inside.
 */
export { listMoneyAlerts, raiseMoneyAlert } from './money-alerts.service.ts';
