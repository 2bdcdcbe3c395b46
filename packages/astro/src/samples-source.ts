/**
 * Seam for code samples (packages/core/src/samples). @lectern/core does not re-export them from its entry yet;
 * when it does, change this one line to `from '@lectern/core'`.
 */
export { requestSamples, responseExamples, extractApiBlocks, operationFromManualEndpoint } from '../../core/src/samples/index.ts';
export type { RequestSample, ResponseExampleSet, CodeBlock, ManualOperation } from '../../core/src/samples/index.ts';
