export * from './model.ts';
export { DIAGNOSTIC_CODES, diagnosticCodeTable, type DiagnosticCode } from './diagnostic-codes.ts';
export * from './languages.ts';
export { UI_LANGUAGES, UI_LANGUAGE_ALIASES, uiLanguage, type UiLanguage } from './ui-languages.ts';
export * from './documents/index.ts';
export * from './schema.ts';
export * from './config/index.ts';
export { buildSitePlan, type BuildSitePlanOptions, type BuiltSitePlan } from './plan.ts';
export { planSite, parseManualEndpoint, normalizeSpecSource, type PlanSiteInput, type PlanSiteResult } from './nav/plan-site.ts';
export { slugify, slugToTitle, camelToSentenceCase, normalizePagePath } from './nav/slug.ts';
export { parseOperationRef, findOperation, matchSpecFile, formatOperationRef, type OperationRef } from './nav/operation-ref.ts';
export { specPathFromRoot, resolvePlayground, hrefSlug, DEFAULT_DIRECTORY } from './nav/generate.ts';
export { listPageFiles, readPageFile, parsePage, pageMeta, findPageFile, type PageFile } from './pages.ts';
export { parseMdxBody } from './mdx-check.ts';
export { cutHeadingIds, normalizeHeadingId, type HeadingIdCut } from './heading-ids.ts';
export { loadIgnore } from './ignore-file.ts';
export {
  refusedRepoFile,
  refusedRepoFileAsync,
  repoPathProblem,
  describeRefusal,
  type RefusedFile,
  type RepoFileRules,
} from './publishable.ts';
export {
  runCheckCommand,
  runGenerateCommand,
  runSchemaCommand,
  githubAnnotation,
  escapeAnnotation,
  formatDiagnostic,
  summarizeDiagnostics,
  sortDiagnostics,
  generatedPageSource,
  checkPageSyntax,
  checkPages,
  type CliIO,
  type CheckOptions,
} from './cli.ts';
export {
  collectLinks,
  internalTarget,
  buildLinkIndex,
  checkPageLinks,
  checkConfigLinks,
  editDistance,
  STATIC_ASSET,
  NOT_COPIED_FILES,
  BROKEN_LINK_CODE,
  type FoundLink,
  type LinkIndex,
} from './links.ts';
export { siteManifest } from './manifest.ts';
export { isRestricted } from './access.ts';
export { COMPONENT_NAMES, COMPONENT_SET, type ComponentName } from './components.ts';
export { safeSpecContent, isSafeUrl, URL_PROPS, type RefusedContent } from './spec-content.ts';
export * from './samples/index.ts';
