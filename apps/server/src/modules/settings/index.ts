/**
 * The settings module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/settings/ import this file only; tests may reach inside.
 */
export type { StoredSetting } from './settings.repository.ts';
export {
  lockStoredSetting,
  parseSettings,
  readSetting,
  readSettings,
  readStoredSettings,
  replaceStoredSetting,
  seedSetting,
  storeSetting,
} from './settings.service.ts';
