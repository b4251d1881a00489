/**
 * The videos module's front door: everything the rest of the server uses from it, each name exported from the
 * file that defines it (decision 049). Files outside modules/videos/ import this file only; tests may reach inside.
 */
export { listVideoCatalogue, retireCatalogueVideo, saveCatalogueVideo } from './admin-videos.service.ts';
export { registerMedia, startTaskContent } from './demo-content.ts';
export { videosActions } from './videos.actions.ts';
