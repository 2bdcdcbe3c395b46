/**
 * The state one `planSite` run shares between its steps (the `Planner`): the inputs, the pages planned so far, the
 * diagnostics, the slugs of generated pages, and the two ways of reporting a problem (at a docs.json pointer, or in a
 * page file). Each step of the planning is a function taking the planner.
 */
import type { ConfigLocator, DocsConfig } from '../config/load.ts';
import type { NavNodeConfig, SpecRef } from '../config/navigation.ts';
import type { ApiDocument, AsyncDocument, Diagnostic, Page, SpecDocument } from '../model.ts';
import type { PageFile } from '../pages.ts';
import { allocateChannelSlugs, allocateOperationSlugs, type ChannelSlot, type OperationSlot, type PlaygroundDefaults } from './generate.ts';
import { createSlugAllocator } from './slug.ts';
import { hrefProblem } from '../documents/extensions.ts';

export interface PlanSiteInput {
  config: DocsConfig;
  locator?: ConfigLocator;
  /** Every page file of the repo, by slug. */
  files: ReadonlyMap<string, PageFile>;
  /** Loaded specs by source id (navigation specs, `api.openapi`, and every spec discovered in the repo). */
  specs: ReadonlyMap<string, SpecDocument>;
  /** Page files that exist but could not be read (diagnosed already), by slug. */
  brokenFiles?: ReadonlySet<string>;
  /** Specs that failed to load (diagnosed already): references to them are not re-reported. */
  failedSpecs?: ReadonlySet<string>;
}

/** What a navigation node hands down to the pages under it. */
export interface Context {
  openapi?: { refs: SpecRef[]; owner: NavNodeConfig };
  asyncapi?: { refs: SpecRef[]; owner: NavNodeConfig };
  version?: string;
  language?: string;
  /** `directory` display of group root pages; inherited down the tree. */
  directory?: 'none' | 'accordion' | 'card';
}

type Severity = Diagnostic['severity'];
type Code = Diagnostic['code'];

export interface Planner {
  readonly config: DocsConfig;
  readonly files: ReadonlyMap<string, PageFile>;
  readonly specs: ReadonlyMap<string, SpecDocument>;
  readonly brokenFiles: ReadonlySet<string>;
  readonly failedSpecs: ReadonlySet<string>;
  /** The docs.json file, for problems that have no better place. */
  readonly configFile: string;
  /** Loaded OpenAPI and AsyncAPI documents, sorted by source. */
  readonly openapiDocs: readonly ApiDocument[];
  readonly asyncDocs: readonly AsyncDocument[];
  readonly playgroundDefaults: PlaygroundDefaults;
  /** Pages planned so far, by slug. */
  readonly pages: Map<string, Page>;
  readonly diagnostics: Diagnostic[];
  /** Generated slugs: one allocator for all generated pages, so de-duplication is global and stable. */
  readonly allocate: (base: string) => string;
  /** Slots of generated pages, allocated on first use, by `source\ndirectory`. */
  readonly operationSlots: Map<string, OperationSlot[]>;
  readonly channelSlots: Map<string, ChannelSlot[]>;
  /** Slugs of generated pages a page file took (warned once). */
  readonly filesOnSlots: Set<string>;
  /** MDX pages that document an operation, by `spec method path` (built on first use: see documentedIn). */
  documented?: Map<string, PageFile[]>;
  /** A problem at a docs.json pointer (located to a file and line when the config was read with a locator). */
  report(pointer: string, code: Code, message: string, hint?: string, severity?: Severity): void;
  /** A problem in a page file. */
  reportFile(file: string, code: Code, message: string, hint?: string, severity?: Severity, line?: number): void;
}

export function normalizeSpecSource(source: string): string {
  if (/^https?:\/\//i.test(source)) return source;
  return source.replace(/\\/g, '/').replace(/^\.\//, '').replace(/^\/+/, '');
}

export function createPlanner(input: PlanSiteInput): Planner {
  const { config, specs } = input;
  const diagnostics: Diagnostic[] = [];
  const configFile = input.locator?.file ?? 'docs.json';
  const byKind = <T extends SpecDocument>(kind: T['kind']) =>
    [...specs.values()].filter((d): d is T => d.kind === kind).sort((a, b) => a.source.localeCompare(b.source));
  return {
    config,
    files: input.files,
    specs,
    brokenFiles: input.brokenFiles ?? new Set(),
    failedSpecs: input.failedSpecs ?? new Set(),
    configFile,
    openapiDocs: byKind<ApiDocument>('openapi'),
    asyncDocs: byKind<AsyncDocument>('asyncapi'),
    playgroundDefaults: { display: config.api.playground.display, mdxServer: config.api.mdx?.server !== undefined },
    pages: new Map(),
    diagnostics,
    allocate: createSlugAllocator(),
    operationSlots: new Map(),
    channelSlots: new Map(),
    filesOnSlots: new Set(),
    report(pointer, code, message, hint, severity = 'error') {
      const at = input.locator?.locate(pointer) ?? { file: configFile, pointer };
      diagnostics.push({
        severity,
        code,
        file: at.file,
        pointer: at.pointer,
        ...(at.line ? { line: at.line, column: at.column } : {}),
        message,
        ...(hint ? { hint } : {}),
      });
    },
    reportFile(file, code, message, hint, severity = 'error', line) {
      diagnostics.push({ severity, code, file, ...(line ? { line } : {}), message, ...(hint ? { hint } : {}) });
    },
  };
}

/** A spec the navigation names that was neither loaded nor reported as failing. */
export function specMissing(p: Planner, source: string): boolean {
  return !p.specs.has(source) && !p.failedSpecs.has(source);
}

/** The generated pages' slots of an OpenAPI document in a directory (allocated once; an unsafe x-mint.href is a warning). */
export function operationSlotsFor(p: Planner, doc: ApiDocument, directory: string): OperationSlot[] {
  const key = `${doc.source}\n${directory}`;
  let slots = p.operationSlots.get(key);
  if (!slots) {
    slots = allocateOperationSlugs(doc, directory, p.allocate, (op) =>
      p.diagnostics.push({
        severity: 'warning',
        code: 'spec/unsafe-href',
        file: doc.source,
        pointer: `${op.pointer}/x-mint/href`,
        message: `x-mint.href ${JSON.stringify(op.xMint.href)} of ${op.kind === 'webhook' ? 'webhook' : op.method.toUpperCase()} ${op.path} ${hrefProblem(op.xMint.href ?? '')}; the page keeps its generated URL`,
        hint: 'use a path inside the site such as "/api/users/get-user" (no "." or ".." segments, no %, ? or #)',
      }),
    );
    p.operationSlots.set(key, slots);
  }
  return slots;
}

/** The generated pages' slots of an AsyncAPI document in a directory (allocated once). */
export function channelSlotsFor(p: Planner, doc: AsyncDocument, directory: string): ChannelSlot[] {
  const key = `${doc.source}\n${directory}`;
  let slots = p.channelSlots.get(key);
  if (!slots) p.channelSlots.set(key, (slots = allocateChannelSlugs(doc, directory, p.allocate)));
  return slots;
}

/** The same operation twice (listed in pages and generated, or documented by an MDX page) is one page. */
function samePage(existing: Page, page: Page): boolean {
  const sameOperation =
    existing.kind === 'operation' &&
    page.kind === 'operation' &&
    existing.spec === page.spec &&
    existing.method === page.method &&
    existing.path === page.path;
  return sameOperation || (existing.kind === page.kind && existing.file === page.file && existing.kind !== 'operation');
}

/** How a slug conflict names a page: its file, or the operation it was generated for. */
function pageName(p: Page): string {
  return p.file ? p.file : p.kind === 'operation' ? `${p.method.toUpperCase()} ${p.path} (${p.spec})` : p.kind;
}

/** Plans a page at its slug; the slug's page if it has one already (two different pages on one slug is an error). */
export function addPage(p: Planner, page: Page, pointer?: string): Page {
  const existing = p.pages.get(page.slug);
  if (!existing) {
    p.pages.set(page.slug, page);
    return page;
  }
  if (!samePage(existing, page)) {
    const message = `two pages on one slug "/${page.slug}": ${pageName(existing)} and ${pageName(page)}`;
    const hint = 'rename the file, or move the generated page with x-mint.href or a navigation "directory"';
    if (pointer) p.report(pointer, 'nav/slug-conflict', message, hint);
    else p.reportFile(page.file ?? existing.file ?? p.configFile, 'nav/slug-conflict', message, hint);
  }
  return existing;
}

/** The version and language a page inherits, as generated pages take them. */
export function pageContext(ctx: { version?: string; language?: string }): { version?: string; language?: string } {
  return { ...(ctx.version ? { version: ctx.version } : {}), ...(ctx.language ? { language: ctx.language } : {}) };
}
