/** The parse layer's public API: RawScrape rounds → cache → Snapshot, plus the detail-view page. */
export {emptyCache, mergeScrape, latestOk, lastOk, entryOf, type ScrapeCache, type CacheEntry, type CachedAnswer} from './cache.js';
export {buildSnapshot} from './snapshot.js';
export {classify, type Classification} from './classify.js';
export {endpointKind, type EndpointKind} from './endpoint-kind.js';
export {parseWorkerPage, groupByPrefix, type WorkerPage, type WorkerPageKey, type WorkerPageTask, type PrefixHolding} from './worker-page.js';
export {keySplit} from './key-split.js';
export {parseFormattedBytes, parseFormattedTime} from './dask-numbers.js';
export {workerDetail, workerPagePath, type WorkerDetail} from './worker-detail.js';
