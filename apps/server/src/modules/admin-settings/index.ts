/**
 * The admin-settings module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/admin-settings/ import this file only; tests may reach inside.
 */
export { changeCountry } from './admin-countries.service.ts';
export { adminSettingsActions } from './admin-settings.actions.ts';
export { executeSettingChange } from './admin-settings.service.ts';
