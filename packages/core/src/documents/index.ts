/** Spec loading: OpenAPI (Swagger 2.0, 3.0, 3.1, 3.2) and AsyncAPI (2.x, 3.x) into the typed model. */
export { loadSpec, type LoadSpecOptions, type LoadSpecResult } from './load.ts';
export { specLoadKey, type SpecLoadCache } from './load-cache.ts';
export { remoteSpecCache, type RemoteSpecCache, type CachedSpec } from './remote-cache.ts';
export { lecternCacheRoot, lecternCacheEnabled, writeAtomic } from '../cache-dir.ts';
export { discoverSpecs, type DiscoveredSpec } from './discover.ts';
export { sniffKind, type SpecKind } from './text.ts';
export { toPointer } from './pointer.ts';
export { publishedSpecText } from './publish.ts';
