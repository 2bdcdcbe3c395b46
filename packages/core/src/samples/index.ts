/** Code samples, example values and API blocks of MDX pages (issue 3). No DOM. */
export {
  exampleFromSchema,
  explicitExample,
  STRING_FORMAT_PLACEHOLDERS,
  ANY_PLACEHOLDER,
  MAX_EXAMPLE_VALUES,
  type ExampleOptions,
} from './example.ts';
export {
  harFromOperation,
  restoreTokens,
  authPlaceholders,
  serverUrl,
  type HarBuild,
  type HarOptions,
  type HarRequestLike,
  type BodyKind,
} from './har.ts';
export {
  requestSamples,
  convertHar,
  samplesFromBlocks,
  SAMPLE_CLIENTS,
  type RequestSample,
  type RequestSamplesInput,
  type SampleClient,
} from './generate.ts';
export { responseExamples, responseExamplesFromBlocks, type ResponseExample, type ResponseExampleSet } from './responses.ts';
export {
  extractApiBlocks,
  operationFromManualEndpoint,
  schemaFromParamType,
  type CodeBlock,
  type ParamFieldSpec,
  type ParamFieldLocation,
  type ApiBlocks,
  type ManualOperation,
} from './mdx.ts';
