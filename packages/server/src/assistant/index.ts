/** The docs assistant API (v2 UI message stream, v1 AI SDK v4 data stream): public surface. */
export {
  createAssistantHandler,
  ASSISTANT_ROUTE,
  ASSISTANT_V2_ROUTE,
  DEFAULT_MAX_BODY_BYTES,
  type AssistantHandler,
  type AssistantHandlerOptions,
  type RequestInfo as AssistantRequestInfo,
} from './handler.ts';
export { buildAssistantIndex, buildAssistantIndexInto, INDEX_FORMAT, type AssistantDocument, type IndexOptions } from './indexing.ts';
export {
  openAssistantIndex,
  retrieve,
  conversationTurns,
  type AssistantIndex,
  type ConversationTurn,
  type MessageLike,
  type Passage,
  type Retrieval,
  type RetrieveRequest,
  type SearchOptions,
  type SearchOutcome,
} from './retrieval.ts';
export { buildSiteAssistantIndex, openSiteAssistantIndex, DEFAULT_INDEX_DB, DEFAULT_KEYS_DB, DEFAULT_THREADS_DB } from './site.ts';
export { runKeysCommand } from './keys-command.ts';
export { ensureSiteKey, panelConfig, siteDomain, SITE_KEY_FILE, type PanelConfig } from './site-key.ts';
export { documentsFromPlan, mdxToText, operationMarkdown, siteDefaultLanguage, type DocumentsOptions } from './documents.ts';
export { createExtractiveComposer, relevantPassages, type Composer, type ComposeInput, type ComposeUsage } from './composer.ts';
export { createModelComposer, composerFromEnv, type ModelComposerOptions } from './model-composer.ts';
export { openSqliteKeyStore, hashSecret, KEY_PREFIX, KeyStoreError, type KeyRecord, type KeyStore } from './keys.ts';
export { openSqliteThreadStore, type ThreadRecord, type ThreadStore, type StoredMessage } from './threads.ts';
export type { LimitsOptions as AssistantLimitsOptions, WindowCounter } from './limits.ts';
export {
  chooseDatabase,
  databaseUrlProblem,
  redactDatabaseUrl,
  StoreUnavailableError,
  type AssistantStore,
  type DatabaseChoice,
} from './store.ts';
export { openPostgresStore, type PostgresStoreOptions } from './pg-store.ts';
export { validateV2MessageRequest, v2MessageRequestSchema, type V2MessageRequest } from './schema-v2.ts';
export {
  validateMessageRequest,
  messageRequestSchema,
  MAX_CURRENT_PATH,
  MAX_RETRIEVAL_PAGE_SIZE,
  type MessageRequest,
  type FieldIssue,
} from './schema.ts';
