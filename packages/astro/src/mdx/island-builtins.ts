/**
 * The built-in components for JSX that runs as Preact: `snippets/*.jsx` components and `export const` components of
 * MDX files (see islands.ts). Mintlify makes its components available there without an import; these render the same
 * markup (and classes) as the Astro components, so the site's CSS and its one shared script (tabs, copy buttons,
 * anchors) apply, on the server and after hydration alike.
 *
 * They run in the browser too, so nothing here may import Node or the icon sets: an icon is a CSS mask over an SVG
 * file the build writes for every icon a component rendered on the server (`/_lectern/icons/…`, see icon-files.ts).
 * Code blocks are not syntax-highlighted here (that happens at build time for Markdown code).
 */
import { h as createElement, Fragment, toChildArray, type ComponentChildren, type VNode } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { repoSlug } from '../shared/render/github.ts';

type P = Record<string, unknown> & { children?: ComponentChildren };
/** Preact's `h` with loose typing: these components take whatever props MDX authors pass. */
const h = (
  type: string | ((props: P) => VNode | null) | typeof Fragment,
  props: Record<string, unknown> | null,
  ...children: ComponentChildren[]
): VNode => createElement(type as never, props as never, ...children) as VNode;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);
const bool = (v: unknown): boolean => v === true || v === 'true' || v === '';
const cx = (...parts: unknown[]): string => parts.filter((p) => typeof p === 'string' && p).join(' ');
const safeColor = (c: unknown) => (typeof c === 'string' && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(c) ? c : undefined);
const safeUrl = (u: unknown): string | undefined => {
  const s = str(u)?.trim();
  if (!s) return undefined;
  return /^(https?:|mailto:|tel:|\/|#|\.{0,2}\/)/i.test(s) || !/^[a-z][a-z0-9+.-]*:/i.test(s) ? s : undefined;
};
const kebab = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');

// The page's words ---------------------------------------------------------------------------------------------------

/** Where the page route leaves the page's strings for a server render (ui-strings.ts `setPageUi`; same Symbol.for key). */
const PAGE_UI = Symbol.for('lectern.page-ui');
const WORDS_EN = { copyCode: 'Copy code', copied: 'Copied', copy: 'Copy', copyLinkTo: 'Copy link to {name}', prompt: 'Prompt' };
/**
 * The copy buttons' words in the page's language: on the server, the strings of the page being rendered; in the
 * browser, the page script's share (`<html data-ui>`, absent on English pages). English when neither says.
 */
function words(): typeof WORDS_EN {
  let given: Record<string, unknown> | undefined;
  try {
    if (typeof document === 'undefined') given = (globalThis as unknown as Record<symbol, Record<string, unknown> | undefined>)[PAGE_UI];
    else given = JSON.parse(document.documentElement.dataset.ui ?? '{}') as Record<string, unknown>;
  } catch {
    given = undefined;
  }
  const pick = (key: keyof typeof WORDS_EN) => (typeof given?.[key] === 'string' ? (given[key] as string) : WORDS_EN[key]);
  return { copyCode: pick('copyCode'), copied: pick('copied'), copy: pick('copy'), copyLinkTo: pick('copyLinkTo'), prompt: pick('prompt') };
}

// Icons --------------------------------------------------------------------------------------------------------------

/** Icons rendered on the server (`library/style/name` keys): the build writes their SVG files. */
const ICON_KEYS = Symbol.for('lectern.island-icons');
const LIBRARIES = new Set(['fontawesome', 'lucide', 'tabler', 'builtin']);

/** `/_lectern/icons/<library>/<style>/<name>.svg` for an icon name (`default` = docs.json `icons.library`). */
export function iconKey(name: string, iconType?: string, library?: string): string | undefined {
  const n = name.trim().toLowerCase();
  if (!/^[a-z0-9][a-z0-9-]*$/.test(n)) return undefined;
  const lib = library && LIBRARIES.has(library) ? library : 'default';
  const style = iconType && /^[a-z-]+$/.test(iconType) ? iconType : '-';
  return `${lib}/${style}/${n}`;
}

function iconUrl(key: string): string {
  if (typeof document === 'undefined') {
    const g = globalThis as unknown as Record<symbol, Set<string> | undefined>;
    (g[ICON_KEYS] ??= new Set()).add(key);
  }
  return `/_lectern/icons/${key}.svg`;
}

export function Icon(p: P): VNode | null {
  const icon = p.icon ?? p.src;
  const size = Number(p.size) || 16;
  const color = safeColor(p.color);
  const cls = cx('inline-icon', str(p.className));
  const raw =
    typeof icon === 'string'
      ? icon
      : icon && typeof icon === 'object' && typeof (icon as { name?: unknown }).name === 'string'
        ? (icon as { name: string }).name
        : undefined;
  if (!raw) return icon && typeof icon === 'object' ? h('span', { class: cls }, icon as ComponentChildren) : null;
  if (/^(https?:)?\/\//.test(raw) || raw.startsWith('/') || /\.(svg|png|jpe?g|webp|gif|avif|ico)$/i.test(raw)) {
    return h(
      'span',
      { class: cls },
      h('img', { class: 'icon', src: /^(https?:|\/)/.test(raw) ? raw : '/' + raw, width: size, height: size, alt: '', loading: 'lazy' }),
    );
  }
  const style = str(p.iconType) ?? (typeof icon === 'object' ? str((icon as { style?: unknown }).style) : undefined);
  const key = iconKey(raw, style, typeof icon === 'object' ? str((icon as { library?: unknown }).library) : str(p.library));
  if (!key) return null;
  const mask = `url(${iconUrl(key)})`;
  return h(
    'span',
    { class: cls, style: color ? { color } : undefined },
    h('span', { class: 'icon icon-mask', 'aria-hidden': 'true', style: { width: `${size}px`, height: `${size}px`, '--icon': mask } }),
  );
}

const builtinIcon = (name: string, size: number) => h(Icon, { icon: name, size, library: 'builtin' });

// Callouts -----------------------------------------------------------------------------------------------------------

const CALLOUT_ICON: Record<string, string> = {
  note: 'circle-info',
  info: 'info',
  warning: 'warning',
  tip: 'lightbulb',
  check: 'circle-check',
  danger: 'danger',
  callout: 'info',
};

function callout(type: string) {
  return (p: P) => {
    const color = safeColor(p.color);
    return h(
      'div',
      { class: `callout callout-${type}`, role: 'note', style: color ? { '--callout-color': color } : undefined },
      h(
        'span',
        { class: 'callout-icon' },
        p.icon ? h(Icon, { icon: p.icon, iconType: p.iconType, size: 18 }) : builtinIcon(CALLOUT_ICON[type]!, 18),
      ),
      h('div', { class: 'callout-body' }, p.title ? h('p', { class: 'callout-title' }, str(p.title)) : null, p.children),
    );
  };
}
export const Note = callout('note');
export const Warning = callout('warning');
export const Info = callout('info');
export const Tip = callout('tip');
export const Check = callout('check');
export const Danger = callout('danger');
export const Callout = callout('callout');

// Cards, columns, tiles ----------------------------------------------------------------------------------------------

export function Card(p: P): VNode {
  const url = safeUrl(p.href);
  const kind = str(p.type) && CALLOUT_ICON[str(p.type)!] && p.type !== 'callout' ? str(p.type) : undefined;
  const external = !!url && /^https?:/i.test(url);
  const arrow = p.arrow === undefined ? external : bool(p.arrow);
  const icon = p.icon ?? (kind ? CALLOUT_ICON[kind] : undefined);
  const color = safeColor(p.color);
  return h(
    url ? 'a' : 'div',
    {
      class: cx('card', bool(p.horizontal) && 'card-horizontal', url && 'card-link', kind && 'card-typed', kind && `card-${kind}`),
      href: url,
      style: color ? { '--card-color': color } : undefined,
    },
    p.img ? h('img', { class: 'card-img', src: str(p.img), alt: '', loading: 'lazy' }) : null,
    h(
      'div',
      { class: 'card-inner' },
      icon ? h('span', { class: 'card-icon' }, h(Icon, { icon, iconType: p.iconType, size: 20 })) : null,
      h(
        'div',
        { class: 'card-text' },
        p.title
          ? h(
              'p',
              { class: 'card-title' },
              str(p.title),
              arrow ? h('span', { class: 'card-arrow' }, builtinIcon('arrow-up-right', 14)) : null,
            )
          : null,
        h('div', { class: 'card-body' }, p.children),
        p.cta ? h('span', { class: 'card-cta' }, `${str(p.cta)} →`) : null,
      ),
    ),
  );
}
export function Columns(p: P): VNode {
  const cols = Math.min(4, Math.max(1, Number(p.cols ?? 2) || 2));
  return h('div', { class: 'columns', style: { '--cols': String(cols) } }, p.children);
}
export const CardGroup = Columns;
export const Column = (p: P) => h('div', { class: 'column' }, p.children);
export function Tile(p: P): VNode {
  const url = safeUrl(p.href);
  return h(
    url ? 'a' : 'div',
    { class: 'tile', href: url },
    h('div', { class: 'tile-preview' }, p.children),
    p.title ? h('p', { class: 'tile-title' }, str(p.title)) : null,
    p.description ? h('p', { class: 'tile-description' }, str(p.description)) : null,
  );
}
export const Panel = (p: P) => h('div', { class: 'panel', 'data-move-to-panel': '' }, p.children);
export const Banner = (p: P) => h('div', { class: 'inline-banner' }, p.children);

export function Badge(p: P): VNode {
  const color = /^[a-z-]+$/.test(str(p.color) ?? '') ? str(p.color)! : 'gray';
  const size = str(p.size) ?? 'md';
  return h(
    'span',
    {
      class: cx(
        'badge',
        `badge-${color}`,
        `badge-${size}`,
        `badge-${str(p.shape) ?? 'rounded'}`,
        bool(p.stroke) && 'badge-stroke',
        bool(p.disabled) && 'badge-disabled',
        str(p.className),
      ),
    },
    p.icon
      ? h(Icon, {
          icon: p.icon,
          iconType: p.iconType,
          size: size === 'xs' ? 10 : size === 'sm' ? 11 : size === 'lg' ? 14 : 12,
          className: 'badge-icon',
        })
      : null,
    p.children,
  );
}

// Code ---------------------------------------------------------------------------------------------------------------

const text = (children: ComponentChildren): string =>
  toChildArray(children)
    .map((c) => (typeof c === 'string' || typeof c === 'number' ? String(c) : ''))
    .join('');

/** `<CodeBlock language filename icon lines wrap nocopy>{code}</CodeBlock>` (no highlighting in the browser). */
export function CodeBlock(p: P): VNode {
  const ui = words();
  const code = str(p.code) ?? text(p.children);
  const title = str(p.filename) ?? str(p.title);
  const lang = str(p.language) ?? str(p.lang) ?? '';
  return h(
    'div',
    { class: cx('code-block', bool(p.wrap) && 'code-wrap', bool(p.lines) && 'code-lines'), 'data-code': '', 'data-title': title },
    title || p.icon
      ? h(
          'div',
          { class: 'code-title' },
          p.icon ? h(Icon, { icon: p.icon, size: 14, className: 'code-title-icon' }) : null,
          h('span', null, title || lang),
        )
      : null,
    bool(p.nocopy)
      ? null
      : h(
          'button',
          { type: 'button', class: 'copy-button', 'aria-label': ui.copyCode, 'data-copy': '' },
          h('span', { class: 'copy-icon', 'aria-hidden': 'true' }),
          h('span', { class: 'copied-label' }, ui.copied),
        ),
    h('pre', { class: 'shiki', tabIndex: 0 }, h('code', { 'data-lang': lang || undefined }, code.replace(/\n$/, ''))),
  );
}
export const CodeGroup = (p: P) => h('div', { class: 'code-group code-group-plain' }, p.children);
export const RequestExample = CodeGroup;
export const ResponseExample = CodeGroup;

// Disclosure ---------------------------------------------------------------------------------------------------------

export function Accordion(p: P): VNode {
  const title = str(p.title) ?? '';
  return h(
    'details',
    { class: 'accordion', open: bool(p.defaultOpen) || undefined, id: str(p.id) ?? kebab(title), 'data-hash': '' },
    h(
      'summary',
      null,
      p.icon ? h('span', { class: 'accordion-icon' }, h(Icon, { icon: p.icon, iconType: p.iconType })) : null,
      h(
        'span',
        { class: 'accordion-heading' },
        h('span', { class: 'accordion-title' }, title),
        p.description ? h('span', { class: 'accordion-description' }, str(p.description)) : null,
      ),
      h('span', { class: 'chev', 'aria-hidden': 'true' }),
    ),
    h('div', { class: 'accordion-body' }, p.children),
  );
}
export const AccordionGroup = (p: P) => h('div', { class: 'accordion-group' }, p.children);
export function Expandable(p: P): VNode {
  const title = str(p.title) ?? 'properties';
  return h(
    'details',
    { class: 'expandable', open: bool(p.defaultOpen) || undefined, id: str(p.anchor) },
    h(
      'summary',
      null,
      h('span', { class: 'when-closed' }, str(p.closedText) ?? `Show ${title}`),
      h('span', { class: 'when-open' }, str(p.openedText) ?? `Hide ${title}`),
    ),
    h('div', { class: 'expandable-body' }, p.children),
  );
}

export function Tabs(p: P): VNode {
  const tabs = toChildArray(p.children).filter((c): c is VNode<P> => typeof c === 'object' && c !== null);
  const [active, setActive] = useState(Math.min(Math.max(0, Number(p.defaultTabIndex) || 0), Math.max(0, tabs.length - 1)));
  return h(
    'div',
    { class: cx('tabs', bool(p.borderBottom) && 'tabs-border') },
    h(
      'div',
      { class: 'tab-list', role: 'tablist' },
      tabs.map((t, i) =>
        h(
          'button',
          {
            type: 'button',
            role: 'tab',
            class: 'tab-button',
            'aria-selected': i === active ? 'true' : 'false',
            onClick: () => setActive(i),
          },
          t.props.icon ? h(Icon, { icon: t.props.icon, size: 14 }) : null,
          str(t.props.title),
        ),
      ),
    ),
    h(
      'div',
      null,
      tabs.map((t, i) => h('div', { class: 'tab-panel', role: 'tabpanel', hidden: i !== active }, t.props.children)),
    ),
  );
}
export const Tab = (p: P) => h(Fragment, null, p.children);

export const Steps = (p: P) => h('div', { class: `steps steps-${str(p.titleSize) ?? 'p'}`, role: 'list' }, p.children);
export function Step(p: P): VNode {
  const title = str(p.title) ?? '';
  const size = str(p.titleSize) ?? 'p';
  return h(
    'div',
    { class: 'step', role: 'listitem', id: bool(p.noAnchor) ? undefined : (str(p.id) ?? kebab(title)) },
    h('span', { class: 'step-marker', 'aria-hidden': 'true' }, p.icon ? h(Icon, { icon: p.icon, size: 14 }) : str(p.stepNumber)),
    h('div', { class: 'step-body' }, h(/^h[2-4]$/.test(size) ? size : 'p', { class: 'step-title' }, title), p.children),
  );
}

export function Frame(p: P): VNode {
  return h(
    'figure',
    { class: 'frame' },
    p.hint ? h('p', { class: 'frame-hint' }, str(p.hint)) : null,
    h('div', { class: 'frame-body' }, p.children),
    p.caption ? h('figcaption', null, str(p.caption)) : null,
  );
}
export function Tooltip(p: P): VNode {
  const url = safeUrl(p.href);
  return h(
    'span',
    { class: 'tooltip', tabIndex: 0 },
    h('span', { class: 'tooltip-trigger' }, p.children),
    h(
      'span',
      { class: 'tooltip-box', role: 'tooltip' },
      p.headline ? h('strong', null, str(p.headline)) : null,
      h('span', null, str(p.tip)),
      p.cta && url ? h('a', { href: url }, str(p.cta)) : null,
    ),
  );
}
export function Update(p: P): VNode {
  const label = str(p.label) ?? '';
  const tags = Array.isArray(p.tags) ? p.tags.map(String) : [];
  return h(
    'section',
    { class: 'update', id: kebab(label) },
    h(
      'div',
      { class: 'update-meta' },
      h('a', { class: 'update-label', href: `#${kebab(label)}` }, label),
      p.description ? h('p', { class: 'update-description' }, str(p.description)) : null,
      tags.length
        ? h(
            'div',
            { class: 'update-tags' },
            tags.map((t) => h('span', { class: 'pill' }, t)),
          )
        : null,
    ),
    h('div', { class: 'update-body' }, p.children),
  );
}

// Fields -------------------------------------------------------------------------------------------------------------

function field(name: string, location: string | undefined, p: P): VNode | null {
  if (bool(p.hidden)) return null;
  const id = str(p.id) ?? `param-${kebab(name)}`;
  return h(
    'div',
    { class: 'field', id },
    h(
      'div',
      { class: 'field-head' },
      h('a', { class: 'field-anchor', href: `#${id}`, 'data-anchor': '', 'aria-label': words().copyLinkTo.replace('{name}', () => name) }),
      h('span', { class: 'field-name' }, name),
      p.type ? h('span', { class: 'field-type' }, str(p.type)) : null,
      location ? h('span', { class: 'field-meta' }, location) : null,
      p.default !== undefined
        ? h(
            'span',
            { class: 'field-meta' },
            'default: ',
            h('code', null, typeof p.default === 'string' ? p.default : JSON.stringify(p.default)),
          )
        : null,
      bool(p.required) ? h('span', { class: 'field-required' }, 'required') : null,
      bool(p.deprecated) ? h('span', { class: 'pill pill-deprecated' }, 'deprecated') : null,
    ),
    h('div', { class: 'field-body' }, p.children),
  );
}
export const ResponseField = (p: P) => field(str(p.name) ?? '', undefined, p);
export function ParamField(p: P): VNode | null {
  for (const loc of ['query', 'path', 'header', 'cookie'] as const) if (p[loc] !== undefined) return field(str(p[loc]) ?? '', loc, p);
  return field(str(p.body) ?? '', undefined, p);
}

// Trees, colors, views, misc -----------------------------------------------------------------------------------------

function TreeBase(p: P): VNode {
  return h('div', { class: 'tree', role: 'tree' }, h('ul', null, p.children));
}
export function TreeFolder(p: P): VNode {
  const open = bool(p.defaultOpen);
  if (p.openable === false || p.openable === 'false') {
    return h(
      'li',
      { role: 'treeitem', class: cx('tree-folder-fixed', bool(p.highlight) && 'tree-highlight'), 'aria-disabled': 'true' },
      h('span', { class: 'tree-folder-name' }, builtinIcon(open ? 'folder-open' : 'folder', 15), str(p.name)),
      open ? h('ul', null, p.children) : null,
    );
  }
  return h(
    'li',
    { role: 'treeitem', class: bool(p.highlight) ? 'tree-highlight' : undefined },
    h('details', { open: open || undefined }, h('summary', null, builtinIcon('folder', 15), str(p.name)), h('ul', null, p.children)),
  );
}
export const TreeFile = (p: P) =>
  h('li', { role: 'treeitem', class: cx('tree-file', bool(p.highlight) && 'tree-highlight') }, builtinIcon('file', 15), str(p.name));
export const Tree = Object.assign(TreeBase, { Folder: TreeFolder, File: TreeFile });
export const FileTree = Tree;

const ColorBase = (p: P) => h('div', { class: `color-palette color-${str(p.variant) ?? 'compact'}` }, p.children);
export const ColorRow = (p: P) =>
  h(
    'div',
    { class: 'color-row' },
    p.title ? h('p', { class: 'color-row-title' }, str(p.title)) : null,
    h('div', { class: 'color-row-items' }, p.children),
  );
export function ColorItem(p: P): VNode {
  const v = p.value as string | { light?: string; dark?: string } | undefined;
  const light = typeof v === 'string' ? v : v?.light;
  const dark = (typeof v === 'string' ? v : v?.dark) ?? light;
  return h(
    'button',
    { type: 'button', class: 'color-item', 'data-copy': light ?? '', title: words().copy },
    h('span', { class: 'swatch', style: { '--swatch-light': light ?? 'transparent', '--swatch-dark': dark ?? 'transparent' } }),
    p.name ? h('span', { class: 'color-name' }, str(p.name)) : null,
    h('code', null, typeof v === 'string' ? v : `${light ?? ''} / ${dark ?? ''}`),
  );
}
export const Color = Object.assign(ColorBase, { Row: ColorRow, Item: ColorItem });

export const View = (p: P) =>
  h('section', { class: 'view', 'data-view': str(p.title) }, h('p', { class: 'view-title' }, str(p.title)), p.children);
export const Visibility = (p: P) => (p.for === 'agents' ? null : h(Fragment, null, p.children));
export const Prompt = (p: P) =>
  h(
    'div',
    { class: 'prompt' },
    h('div', { class: 'prompt-head' }, h('span', { class: 'prompt-description' }, str(p.description) ?? words().prompt)),
    h('div', { class: 'prompt-body' }, p.children),
  );
export const Mermaid = (p: P) => h('pre', { class: 'mermaid-source' }, str(p.chart) ?? text(p.children));
export const Latex = (p: P) => h('span', { class: 'math' }, text(p.children));
export const Snippet = () => null;
export const LecternUnknown = (p: P) => h(Fragment, null, p.children);

/** `<GitHub.Repo repo="owner/name" variant="inset|flat">`: a repository card; stars and forks are fetched in the browser. */
function Repo(p: P): VNode {
  const slug = repoSlug(str(p.repo) ?? '');
  const [info, setInfo] = useState<{ description?: string; stars?: number; forks?: number }>({});
  useEffect(() => {
    if (!slug) return;
    fetch(`https://api.github.com/repos/${slug}`)
      .then((r) => (r.ok ? r.json() : undefined))
      .then(
        (d?: { description?: string; stargazers_count?: number; forks_count?: number }) => {
          if (d) setInfo({ description: d.description ?? undefined, stars: d.stargazers_count, forks: d.forks_count });
        },
        () => {},
      );
  }, [slug]);
  return h(
    'a',
    {
      class: cx('github-repo', `github-repo-${str(p.variant) === 'flat' ? 'flat' : 'inset'}`, str(p.className)),
      href: slug ? `https://github.com/${slug}` : undefined,
      'data-github-repo': slug,
    },
    h('span', { class: 'github-repo-name' }, builtinIcon('github', 16), slug ?? str(p.repo)),
    h('span', { class: 'github-repo-description', 'data-github-description': '' }, info.description ?? ''),
    h(
      'span',
      { class: 'github-repo-stats' },
      h('span', { 'data-github-stars': '' }, info.stars === undefined ? '' : `★ ${info.stars}`),
      h('span', { 'data-github-forks': '' }, info.forks === undefined ? '' : `⑂ ${info.forks}`),
    ),
  );
}
export const GitHub = { Repo };
