/** The parse layer's public API: RawScrape rounds → cache → Snapshot, plus the detail-view page. */
export {emptyCache, mergeScrape, type ScrapeCache} from './cache.js';
export {buildSnapshot} from './snapshot.js';
