/** Code samples from @lectern/core, for the pages (types) and `site.lib` (functions, loaded natively). */
export { requestSamples, responseExamples, extractApiBlocks, operationFromManualEndpoint } from '@lectern/core';
export type { RequestSample, ResponseExampleSet, CodeBlock, ManualOperation } from '@lectern/core';
