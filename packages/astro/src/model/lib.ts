/**
 * Server-side helpers the rendered pages call, loaded natively by the integration (never bundled into the
 * page chunks: they pull in httpsnippet, zod, the spec loaders…). Pages reach them through `site.lib`.
 */
export { requestSamples, responseExamples, extractApiBlocks, operationFromManualEndpoint } from './samples-source.ts';
export { playgroundProps, channelProps, RUNTIME_STUB } from '@lectern/playground/props';
export { siteManifest } from '@lectern/core';
export { internalTarget } from '@lectern/core';
