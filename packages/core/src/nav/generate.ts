/**
 * Generated pages for specs: one page per OpenAPI operation/webhook, one per AsyncAPI channel
 * (reference §2.4 and §4). Pure functions of the loaded document.
 */
import type { ApiDocument, AsyncDocument, Channel, ChannelPage, Operation, OperationPage, PlaygroundDisplay } from '../model.ts';
import { camelToSentenceCase, slugify, slugToTitle } from './slug.ts';
import { hrefProblem } from '../documents/extensions.ts';

export const DEFAULT_DIRECTORY = 'api-reference';
export const UNTAGGED_GROUP = 'API Reference';
export const CHANNEL_GROUP = 'Websockets';

/** How a spec path appears in generated frontmatter: `/specs/api.yaml`, or the URL as is. */
export function specPathFromRoot(source: string): string {
  return /^https?:\/\//.test(source) ? source : `/${source}`;
}

export interface PlaygroundDefaults {
  display: PlaygroundDisplay;
  /** `api.mdx.server` is configured. */
  mdxServer: boolean;
}

const DISPLAYS = new Set(['interactive', 'simple', 'none', 'auth']);

/** Page frontmatter > x-mint metadata > config > interactive; an operation without a server falls back to simple. */
export function resolvePlayground(candidates: unknown[], fallback: PlaygroundDisplay, hasServer: boolean): PlaygroundDisplay {
  const chosen = candidates.find((c): c is PlaygroundDisplay => typeof c === 'string' && DISPLAYS.has(c)) ?? fallback;
  if (!hasServer && (chosen === 'interactive' || chosen === 'auth')) return 'simple';
  return chosen;
}

export function operationLeaf(op: Operation): string {
  if (op.summary && slugify(op.summary)) return slugify(op.summary);
  if (op.kind === 'webhook') return slugify(op.path);
  return `${op.method}-${slugify(op.path)}`;
}

export interface OperationSlot {
  operation: Operation;
  slug: string;
  /** Navigation group label (x-group ?? tag summary ?? tag name ?? "API Reference"). */
  group: string;
}

/** Navigation group label of an operation's first tag. */
export function groupLabel(doc: ApiDocument, op: Operation): string {
  const name = op.tags[0];
  if (!name) return UNTAGGED_GROUP;
  const tag = doc.tags.find((t) => t.name === name);
  return tag?.xGroup ?? tag?.summary ?? name;
}

/** The page path an `x-mint.href` asks for, or undefined when it cannot be one (`hrefProblem`). */
export function hrefSlug(href: string): string | undefined {
  if (hrefProblem(href)) return undefined;
  return href
    .split(/[\\/]+/)
    .filter(Boolean)
    .join('/');
}

/**
 * Slugs for every non-excluded operation of a document, in document order, de-duplicated by `allocate`. An
 * `x-mint.href` that would leave the site is refused (`onUnsafeHref`) and the default slug used.
 */
export function allocateOperationSlugs(
  doc: ApiDocument,
  directory: string,
  allocate: (base: string) => string,
  onUnsafeHref?: (op: Operation) => void,
): OperationSlot[] {
  const slots: OperationSlot[] = [];
  for (const op of doc.operations) {
    if (op.excluded) continue;
    const fromHref = op.xMint.href ? hrefSlug(op.xMint.href) : undefined;
    if (op.xMint.href && fromHref === undefined) onUnsafeHref?.(op);
    const folder = op.tags[0] ? slugify(op.tags[0]) : '';
    const base = fromHref ?? [directory, folder, operationLeaf(op)].filter(Boolean).join('/');
    slots.push({ operation: op, slug: allocate(base), group: groupLabel(doc, op) });
  }
  return slots;
}

function stringOr(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The title an operation gives its page: `x-mint.metadata.title`, else its summary. */
export function operationTitle(op: Operation): string | undefined {
  return stringOr(op.xMint.metadata.title) ?? op.summary;
}

export function operationPage(
  doc: ApiDocument,
  slot: OperationSlot,
  context: { version?: string; language?: string; playground: PlaygroundDefaults },
): OperationPage {
  const op = slot.operation;
  const meta = op.xMint.metadata;
  const leaf = slot.slug.split('/').pop() ?? slot.slug;
  const title = operationTitle(op) ?? slugToTitle(leaf);
  const description = stringOr(meta.description) ?? op.description;
  const deprecated = typeof meta.deprecated === 'boolean' ? meta.deprecated : op.deprecated;
  const method = op.kind === 'webhook' ? 'webhook' : op.method;
  const version = stringOr(meta.version) ?? context.version;
  const frontmatter: Record<string, unknown> = {
    ...Object.fromEntries(Object.entries(meta).filter(([k]) => k !== 'openapi')),
    title,
    ...(description ? { description } : {}),
    openapi: `${specPathFromRoot(doc.source)} ${method} ${op.path}`,
    ...(version ? { version } : {}),
    ...(deprecated ? { deprecated: true } : {}),
  };
  const metaGroups = Array.isArray(meta.groups) ? meta.groups.filter((g): g is string => typeof g === 'string') : [];
  const groups = [...new Set([...op.xMint.groups, ...metaGroups])];
  const badge = op.tags.map((t) => doc.tags.find((d) => d.name === t)).find((t) => t?.kind === 'badge');
  const tag = stringOr(meta.tag) ?? badge?.name;
  return {
    kind: 'operation',
    slug: slot.slug,
    title,
    ...(stringOr(meta.sidebarTitle) ? { sidebarTitle: stringOr(meta.sidebarTitle) } : {}),
    ...(description ? { description } : {}),
    frontmatter,
    body: op.xMint.content ?? '',
    hidden: op.hidden,
    deprecated,
    ...(tag ? { tag } : {}),
    ...(version ? { version } : {}),
    ...(context.language ? { language: context.language } : {}),
    ...(groups.length ? { groups } : {}),
    ...(typeof meta.public === 'boolean' ? { public: meta.public } : {}),
    playground: resolvePlayground([meta.playground], context.playground.display, op.servers.length > 0 || context.playground.mdxServer),
    spec: doc.source,
    method,
    path: op.path,
  };
}

export interface ChannelSlot {
  channel: Channel;
  slug: string;
  group: string;
}

export function allocateChannelSlugs(doc: AsyncDocument, directory: string, allocate: (base: string) => string): ChannelSlot[] {
  return doc.channels.map((channel) => {
    const group = channel.tags[0] ?? CHANNEL_GROUP;
    const leaf = slugify(channel.title ?? channel.id);
    return { channel, slug: allocate([directory, slugify(group), leaf].filter(Boolean).join('/')), group };
  });
}

export function channelPage(
  doc: AsyncDocument,
  slot: ChannelSlot,
  context: { version?: string; language?: string; playground?: PlaygroundDefaults },
): ChannelPage {
  const ch = slot.channel;
  const hasServer = ch.servers.length > 0 || doc.servers.length > 0;
  const title = ch.title ?? camelToSentenceCase(ch.id);
  const description = ch.description ?? ch.summary;
  return {
    kind: 'channel',
    slug: slot.slug,
    title,
    ...(description ? { description } : {}),
    frontmatter: {
      title,
      ...(description ? { description } : {}),
      asyncapi: `${specPathFromRoot(doc.source)} ${ch.id}`,
      ...(context.version ? { version: context.version } : {}),
    },
    body: '',
    hidden: false,
    deprecated: false,
    ...(context.playground ? { playground: resolvePlayground([], context.playground.display, hasServer) } : {}),
    ...(context.version ? { version: context.version } : {}),
    ...(context.language ? { language: context.language } : {}),
    spec: doc.source,
    channel: ch.id,
  };
}
