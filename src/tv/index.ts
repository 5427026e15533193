/** TV's one entrance: the featured game per variant, GET /api/tv/channels and /api/tv/feed. */
export { TvModule } from './tv.module.js';
export { TvService, TV_CHANNELS } from './tv.service.js';
