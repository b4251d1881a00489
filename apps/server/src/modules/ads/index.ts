/**
 * The ads module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/ads/ import this file only; tests may reach inside.
 */
export { listAdCatalogue, retireCatalogueAd, saveCatalogueAd } from './admin-ads.service.ts';
export { adsActions } from './ads.actions.ts';
export { seedDemoAds } from './ads.seed.ts';
