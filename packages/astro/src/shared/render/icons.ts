/**
 * Icons for names used in docs.json and MDX, resolved at build time into inline SVG (no client JS, no font).
 *
 * A name is looked up, in order, in: the configured library (docs.json `icons.library`: Font Awesome 6 Free by
 * default, Lucide or Tabler), Font Awesome brands (platform logos such as `linkedin`, `python`), Lectern's own
 * hand-drawn set below, and only then drawn as a neutral dot with a build warning naming the icon.
 * URLs and repo paths render as `<img>`; an inline `<svg>` JSX element (MDX `icon={<svg …/>}`) is re-serialised
 * through an allow-list of SVG elements and attributes.
 *
 * Icon set JSON is read lazily, once per process: the module is also bundled into Astro's prerender chunk, so the
 * library setting and the loaded sets live on `globalThis` (as the site store does), shared by both copies.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { IconifyJSON } from '@iconify/types';
import { getIconData } from '@iconify/utils/lib/icon-set/get-icon';
import { iconToSVG } from '@iconify/utils/lib/svg/build';
import { renderWarning } from './render-warnings.ts';

/** Lectern's hand-drawn stroke icons (24×24 grid): the fallback for names no library has, and `builtin` UI icons. */
const P: Record<string, string> = {
  book: '<path d="M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2z"/><path d="M4 21V5"/><path d="M8 7h7"/>',
  'book-open': '<path d="M2 5h7a3 3 0 0 1 3 3v12a2 2 0 0 0-2-2H2z"/><path d="M22 5h-7a3 3 0 0 0-3 3v12a2 2 0 0 1 2-2h8z"/>',
  code: '<path d="m8 7-5 5 5 5"/><path d="m16 7 5 5-5 5"/>',
  terminal: '<path d="m5 7 5 5-5 5"/><path d="M12 19h7"/>',
  rocket:
    '<path d="M12 15 9 12c1-4 4-8 11-9-1 7-5 10-9 11z"/><path d="M9 12H5l2-4h4"/><path d="M12 15v4l4-2v-4"/><path d="M6 17c-1 1-2 4-2 4s3-1 4-2"/>',
  star: '<path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z"/>',
  check: '<path d="m5 12 5 5 9-10"/>',
  'circle-check': '<circle cx="12" cy="12" r="9"/><path d="m8 12 3 3 5-6"/>',
  info: '<circle cx="12" cy="12" r="9"/><path d="M12 11v6"/><path d="M12 7.5v.5"/>',
  'circle-info': '<circle cx="12" cy="12" r="9"/><path d="M12 11v6"/><path d="M12 7.5v.5"/>',
  note: '<path d="M5 3h10l4 4v14H5z"/><path d="M9 12h6"/><path d="M9 16h6"/>',
  warning: '<path d="M12 3 2 20h20z"/><path d="M12 10v4"/><path d="M12 17v.5"/>',
  'triangle-exclamation': '<path d="M12 3 2 20h20z"/><path d="M12 10v4"/><path d="M12 17v.5"/>',
  danger: '<path d="M8 3h8l5 5v8l-5 5H8l-5-5V8z"/><path d="M12 8v5"/><path d="M12 16v.5"/>',
  lightbulb: '<path d="M9 18h6"/><path d="M10 21h4"/><path d="M12 3a6 6 0 0 0-4 10.5c1 1 1.5 2 1.5 3h5c0-1 .5-2 1.5-3A6 6 0 0 0 12 3z"/>',
  link: '<path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1"/><path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"/>',
  'arrow-right': '<path d="M5 12h14"/><path d="m13 6 6 6-6 6"/>',
  'arrow-up-right': '<path d="M7 17 17 7"/><path d="M8 7h9v9"/>',
  github:
    '<path d="M9 19c-4 1.5-4-2-6-2.5"/><path d="M15 21v-3.5c0-1 .1-1.4-.5-2 2.8-.3 5.5-1.4 5.5-6a4.6 4.6 0 0 0-1.3-3.2 4.2 4.2 0 0 0-.1-3.2s-1-.3-3.4 1.3a11.6 11.6 0 0 0-6.2 0C6.6 2.8 5.6 3.1 5.6 3.1a4.2 4.2 0 0 0-.1 3.2A4.6 4.6 0 0 0 4.2 9.5c0 4.6 2.7 5.7 5.5 6-.6.6-.6 1.2-.5 2V21"/>',
  discord:
    '<path d="M8 17c-2 0-4-1-5-2 0-5 2-9 4-10l2 1h6l2-1c2 1 4 5 4 10-1 1-3 2-5 2l-1-2"/><circle cx="9" cy="12" r="1"/><circle cx="15" cy="12" r="1"/>',
  x: '<path d="M4 4l16 16"/><path d="M20 4 4 20"/>',
  globe: '<circle cx="12" cy="12" r="9"/><path d="M3 12h18"/><path d="M12 3a14 14 0 0 1 0 18"/><path d="M12 3a14 14 0 0 0 0 18"/>',
  gear: '<circle cx="12" cy="12" r="3"/><path d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9 7 7M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1"/>',
  key: '<circle cx="8" cy="15" r="4"/><path d="m11 12 9-9"/><path d="m17 6 3 3"/>',
  lock: '<rect x="4" y="11" width="16" height="10" rx="2"/><path d="M8 11V7a4 4 0 0 1 8 0v4"/>',
  user: '<circle cx="12" cy="8" r="4"/><path d="M4 21a8 8 0 0 1 16 0"/>',
  users:
    '<circle cx="9" cy="8" r="3.5"/><path d="M2 20a7 7 0 0 1 14 0"/><path d="M16 4.5a3.5 3.5 0 0 1 0 7"/><path d="M18 14a6 6 0 0 1 4 6"/>',
  bolt: '<path d="M13 2 4 14h7l-1 8 9-12h-7z"/>',
  zap: '<path d="M13 2 4 14h7l-1 8 9-12h-7z"/>',
  house: '<path d="M3 11 12 3l9 8"/><path d="M5 10v11h14V10"/>',
  home: '<path d="M3 11 12 3l9 8"/><path d="M5 10v11h14V10"/>',
  search: '<circle cx="11" cy="11" r="7"/><path d="m20 20-4-4"/>',
  sun: '<circle cx="12" cy="12" r="4"/><path d="M12 2v2M12 20v2M2 12h2M20 12h2M5 5l1.4 1.4M17.6 17.6 19 19M5 19l1.4-1.4M17.6 6.4 19 5"/>',
  moon: '<path d="M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z"/>',
  copy: '<rect x="8" y="8" width="12" height="12" rx="2"/><path d="M16 8V5a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3"/>',
  menu: '<path d="M4 6h16M4 12h16M4 18h16"/>',
  chevron: '<path d="m9 6 6 6-6 6"/>',
  'chevron-down': '<path d="m6 9 6 6 6-6"/>',
  plug: '<path d="M9 2v6M15 2v6"/><path d="M6 8h12v4a6 6 0 0 1-12 0z"/><path d="M12 18v4"/>',
  database:
    '<ellipse cx="12" cy="5" rx="8" ry="3"/><path d="M4 5v14c0 1.7 3.6 3 8 3s8-1.3 8-3V5"/><path d="M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3"/>',
  cube: '<path d="M12 2 3 7v10l9 5 9-5V7z"/><path d="m3 7 9 5 9-5"/><path d="M12 12v10"/>',
  folder: '<path d="M3 6a1 1 0 0 1 1-1h5l2 2h9a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z"/>',
  file: '<path d="M6 2h8l5 5v15H6z"/><path d="M14 2v5h5"/>',
  'pen-to-square': '<path d="M4 20h4L19 9l-4-4L4 16z"/><path d="m13 7 4 4"/>',
  webhook:
    '<circle cx="6" cy="17" r="3"/><circle cx="18" cy="17" r="3"/><circle cx="12" cy="6" r="3"/><path d="m10.5 8.5-3 6M13.5 8.5l3 6M9 17h6"/>',
  flag: '<path d="M5 21V4"/><path d="M5 4h12l-2 4 2 4H5"/>',
  clock: '<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 2"/>',
  heart: '<path d="M12 20s-8-5-8-11a4.5 4.5 0 0 1 8-2.5A4.5 4.5 0 0 1 20 9c0 6-8 11-8 11z"/>',
  shield: '<path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6z"/>',
  'message-bot': '<rect x="3" y="5" width="18" height="13" rx="3"/><path d="M9 11v1M15 11v1"/><path d="M8 22l3-4"/>',
  layers: '<path d="m12 3 9 5-9 5-9-5z"/><path d="m3 13 9 5 9-5"/>',
  palette:
    '<path d="M12 3a9 9 0 1 0 0 18c1.5 0 2-1 2-2s-1-2 0-3h2a5 5 0 0 0 5-5c0-4.5-4-8-9-8z"/><circle cx="7.5" cy="11" r="1"/><circle cx="10" cy="7" r="1"/><circle cx="15" cy="7.5" r="1"/>',
  list: '<path d="M9 6h11M9 12h11M9 18h11"/><path d="M4 6h.5M4 12h.5M4 18h.5"/>',
};
const ALIASES: Record<string, string> = {
  'circle-exclamation': 'danger',
  'octagon-exclamation': 'danger',
  'triangle-warning': 'warning',
  gears: 'gear',
  settings: 'gear',
  cog: 'gear',
  'code-simple': 'code',
  'brackets-curly': 'code',
  'square-terminal': 'terminal',
  twitter: 'x',
  'x-twitter': 'x',
  website: 'globe',
  'earth-americas': 'globe',
  bookmark: 'book',
  books: 'book',
  sparkles: 'star',
  'wand-magic-sparkles': 'star',
  'user-group': 'users',
  'file-lines': 'file',
  pencil: 'pen-to-square',
  'arrow-up-right-from-square': 'arrow-up-right',
  'external-link': 'arrow-up-right',
  server: 'database',
};

export type IconLibrary = 'fontawesome' | 'lucide' | 'tabler';
type SetName = 'fa6-solid' | 'fa6-regular' | 'fa6-brands' | 'lucide' | 'tabler';

/** Font Awesome styles (Mintlify `iconType` / docs.json `style`) -> the Font Awesome 6 Free sets tried, in order. */
const FA_STYLE: Record<string, SetName[]> = {
  solid: ['fa6-solid'],
  regular: ['fa6-regular', 'fa6-solid'],
  // Pro-only styles: the closest Free weight (light/thin are outline weights -> regular; duotone/sharp-solid -> solid).
  light: ['fa6-regular', 'fa6-solid'],
  thin: ['fa6-regular', 'fa6-solid'],
  duotone: ['fa6-solid'],
  'sharp-solid': ['fa6-solid'],
  'sharp-regular': ['fa6-regular', 'fa6-solid'],
  'sharp-light': ['fa6-regular', 'fa6-solid'],
  'sharp-thin': ['fa6-regular', 'fa6-solid'],
  'sharp-duotone-solid': ['fa6-solid'],
  brands: ['fa6-brands', 'fa6-solid'],
};

/** Font Awesome 5 names that Font Awesome 6 renamed (FA still accepts them; the Free JSON sets do not). */
const FA_RENAMED: Record<string, string> = {
  home: 'house',
  cog: 'gear',
  cogs: 'gears',
  search: 'magnifying-glass',
  times: 'xmark',
  close: 'xmark',
  'info-circle': 'circle-info',
  'check-circle': 'circle-check',
  'question-circle': 'circle-question',
  'exclamation-circle': 'circle-exclamation',
  'exclamation-triangle': 'triangle-exclamation',
  'external-link': 'arrow-up-right-from-square',
  'external-link-alt': 'arrow-up-right-from-square',
  edit: 'pen-to-square',
  'trash-alt': 'trash-can',
  'sign-in': 'right-to-bracket',
  'sign-out': 'right-from-bracket',
  'sign-in-alt': 'right-to-bracket',
  'sign-out-alt': 'right-from-bracket',
  'file-alt': 'file-lines',
  'book-reader': 'book-open-reader',
  'tachometer-alt': 'gauge-high',
  'exchange-alt': 'right-left',
  'shield-alt': 'shield-halved',
  'globe-americas': 'earth-americas',
  'users-cog': 'users-gear',
  'cloud-upload': 'cloud-arrow-up',
  'cloud-download': 'cloud-arrow-down',
  sync: 'rotate',
  redo: 'rotate-right',
  undo: 'rotate-left',
};

/** docs.json `footer.socials` keys -> the Font Awesome icon Mintlify shows for them. */
const SOCIAL: Record<string, string> = {
  x: 'x-twitter',
  website: 'earth-americas',
  'earth-americas': 'earth-americas',
  podcast: 'podcast',
};

interface Drawn {
  viewBox: string;
  body: string;
  stroke: boolean;
}
interface IconState {
  library: IconLibrary;
  sets: Map<SetName, IconifyJSON | null>;
  resolved: Map<string, Drawn | null>;
  /** Unknown icon name -> where it was written (a page's file, docs.json, a page's frontmatter). */
  unknown: Map<string, Set<string>>;
  /** The page rendering now, as the default "where" of its icons (setIconSource). */
  source?: string;
  load: (set: SetName) => IconifyJSON | null;
  warn: (message: string) => void;
}

const STATE_KEY = Symbol.for('lectern.icons');

function readSet(set: SetName): IconifyJSON | null {
  try {
    const require = createRequire(import.meta.url);
    return JSON.parse(readFileSync(require.resolve(`@iconify-json/${set}/icons.json`), 'utf8')) as IconifyJSON;
  } catch (e) {
    state().warn(
      `[lectern] warning: icon set @iconify-json/${set} could not be loaded (${(e as Error).message}); its icons fall back to Lectern's own set`,
    );
    return null;
  }
}

function state(): IconState {
  const g = globalThis as unknown as Record<symbol, IconState | undefined>;
  // The first copy of this module to run (the integration's, un-bundled) supplies the loader, so set JSON is
  // resolved from the real package location even when a bundled copy asks for it.
  return (g[STATE_KEY] ??= {
    library: 'fontawesome',
    sets: new Map(),
    resolved: new Map(),
    unknown: new Map(),
    load: readSet,
    warn: renderWarning,
  });
}

/** docs.json `icons.library` (default `fontawesome`). Called once per plan, from site.ts. */
export function setIconLibrary(library: string | undefined): void {
  const s = state();
  const next: IconLibrary = library === 'lucide' || library === 'tabler' ? library : 'fontawesome';
  if (s.library !== next) s.resolved.clear();
  s.library = next;
  s.unknown.clear();
}

/** Names that fell back to the placeholder since the last `setIconLibrary()`, with where they were used. */
export function unknownIcons(): Map<string, Set<string>> {
  return state().unknown;
}

function loadSet(set: SetName): IconifyJSON | null {
  const s = state();
  if (!s.sets.has(set)) s.sets.set(set, s.load(set));
  return s.sets.get(set)!;
}

function fromSet(set: SetName, name: string): Drawn | null {
  const data = loadSet(set);
  if (!data || (!data.icons[name] && !data.aliases?.[name])) return null;
  const icon = getIconData(data, name);
  if (!icon) return null;
  const built = iconToSVG(icon);
  return { viewBox: built.attributes.viewBox, body: built.body, stroke: false };
}

function handDrawn(name: string): Drawn | null {
  const body = P[name] ?? P[ALIASES[name] ?? ''];
  return body ? { viewBox: '0 0 24 24', body, stroke: true } : null;
}

const PLACEHOLDER: Drawn = { viewBox: '0 0 24 24', body: '<circle cx="12" cy="12" r="3.5"/>', stroke: true };

export interface IconOptions {
  /** Extra class on the `<svg>`/`<img>`. */
  class?: string;
  /** Font Awesome style (Mintlify `iconType`): solid (default), regular, brands; Pro styles map to the closest Free one. */
  iconType?: string;
  /** Override docs.json `icons.library` for this icon. */
  library?: string;
  /** A `footer.socials` platform key: brand logos first whatever the library (`x` is the X logo, not a cross). */
  social?: boolean;
  /** One of Lectern's own UI icons (menu, search, copy, …): the hand-drawn set first, so the chrome stays uniform. */
  builtin?: boolean;
  /**
   * Where the icon is written, named in the unknown-icon warning: `docs.json`, `the frontmatter of …`; by default the
   * page rendering now (setIconSource).
   */
  where?: string;
}

function resolve(name: string, library: IconLibrary, style: string | undefined, o: IconOptions): Drawn | null {
  const key = `${library}|${style ?? ''}|${o.social ? 's' : ''}${o.builtin ? 'b' : ''}|${name}`;
  const s = state();
  if (s.resolved.has(key)) return s.resolved.get(key)!;
  const tries: Array<() => Drawn | null> = [];
  if (o.builtin) tries.push(() => handDrawn(name));
  if (o.social)
    tries.push(
      () => fromSet('fa6-brands', SOCIAL[name] ?? name),
      () => fromSet('fa6-solid', SOCIAL[name] ?? name),
    );
  if (library === 'fontawesome') {
    const sets = FA_STYLE[style ?? 'solid'] ?? FA_STYLE.solid!;
    for (const set of sets) tries.push(() => fromSet(set, name));
    if (FA_RENAMED[name]) for (const set of sets) tries.push(() => fromSet(set, FA_RENAMED[name]!));
  } else {
    tries.push(() => fromSet(library, name));
  }
  tries.push(
    () => fromSet('fa6-brands', name),
    () => handDrawn(name),
  );
  let found: Drawn | null = null;
  for (const t of tries) if ((found = t())) break;
  s.resolved.set(key, found);
  return found;
}

function noteUnknown(name: string, library: IconLibrary, where: string | undefined): void {
  const s = state();
  let places = s.unknown.get(name);
  if (!places) s.unknown.set(name, (places = new Set()));
  // Once for each place the name is written (a sidebar icon is drawn on every page: once).
  const place = where ?? '';
  if (places.has(place)) return;
  places.add(place);
  const { notIn, use } = unknownIconText(library);
  s.warn(`[lectern] warning: unknown icon "${name}"${where ? ` in ${where}` : ''}: ${notIn}. ${use}`);
}

/** What the warning about an icon no set has says (the build's, at render, and `lectern check`'s): where it was looked for, what to use. */
export function unknownIconText(library: IconLibrary): { notIn: string; use: string } {
  const lib =
    library === 'fontawesome'
      ? 'Font Awesome (https://fontawesome.com/icons)'
      : library === 'lucide'
        ? 'Lucide (https://lucide.dev/icons)'
        : 'Tabler (https://tabler.io/icons)';
  return {
    notIn: `not in ${lib}, Font Awesome brands or Lectern's own icons; drawn as a dot`,
    use: `Use a ${library === 'fontawesome' ? 'Font Awesome' : library} icon name, a URL or a path to an image.`,
  };
}

/**
 * The page about to render (its file, or its path for a generated page): named by the unknown-icon warning of an icon
 * its content draws. Called by the page route for each page; undefined after.
 */
export function setIconSource(source: string | undefined): void {
  state().source = source;
}

export function iconName(icon: unknown): string | undefined {
  if (typeof icon === 'string') return icon;
  if (icon && typeof icon === 'object' && typeof (icon as { name?: unknown }).name === 'string') return (icon as { name: string }).name;
  return undefined;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Inline SVG markup for an icon, or `<img>` for a URL/path. `icon` is a name, a docs.json `{ name, style?, library? }`
 * object or an MDX `<svg>` JSX element. Never echoes unescaped input.
 */
export function iconSvg(icon: unknown, size = 16, options: IconOptions | string = {}): string {
  const o: IconOptions = typeof options === 'string' ? { class: options } : options;
  const cls = o.class ? `icon ${esc(o.class)}` : 'icon ';
  if (isVNode(icon)) return jsxSvg(icon, size, cls);
  const found = lookup(icon, o);
  if (!found) return '';
  if ('src' in found) return `<img class="${cls}" src="${esc(found.src)}" width="${size}" height="${size}" alt="" loading="lazy">`;
  let d = found.drawn;
  if (!d) {
    noteUnknown(found.raw, found.library, o.where ?? state().source);
    d = PLACEHOLDER;
  }
  const paint = d.stroke ? ' fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"' : '';
  return `<svg class="${cls}" viewBox="${d.viewBox}" width="${size}" height="${size}"${paint} aria-hidden="true">${d.body}</svg>`;
}

/**
 * The icon `iconSvg` would draw as the dot (its name in no set), with the library it was looked for in; undefined for
 * one it draws, an image URL or path, or anything that is no icon. Draws and warns nothing: for `lectern check`.
 */
export function unknownIcon(
  icon: unknown,
  options: Pick<IconOptions, 'iconType' | 'library' | 'social'> = {},
): { name: string; library: IconLibrary } | undefined {
  if (isVNode(icon)) return undefined;
  const found = lookup(icon, options);
  return found && !('src' in found) && !found.drawn ? { name: found.raw, library: found.library } : undefined;
}

/** An icon (name, docs.json object) as `iconSvg` finds it: an image's URL, or the drawing of its name (null: none). */
function lookup(icon: unknown, o: IconOptions): { src: string } | { raw: string; library: IconLibrary; drawn: Drawn | null } | undefined {
  const raw = iconName(icon);
  if (!raw) return undefined;
  if (/^(https?:)?\/\//.test(raw) || raw.startsWith('/') || /\.(svg|png|jpe?g|webp|gif|avif|ico)$/i.test(raw)) {
    return { src: /^(https?:|\/)/.test(raw) ? raw : '/' + raw.replace(/^\.\//, '') };
  }
  const name = raw.trim().toLowerCase();
  const obj = typeof icon === 'object' ? (icon as { style?: unknown; library?: unknown }) : {};
  const libName = o.library ?? (typeof obj.library === 'string' ? obj.library : undefined);
  const library: IconLibrary = libName === 'fontawesome' || libName === 'lucide' || libName === 'tabler' ? libName : state().library;
  const style = (o.iconType ?? (typeof obj.style === 'string' ? obj.style : undefined))?.toLowerCase();
  return { raw, library, drawn: resolve(name, library, style, o) };
}

// ---- Inline SVG JSX (MDX `icon={<svg viewBox="0 0 24 24"><path d="…"/></svg>}`) ----

interface VNode {
  type: unknown;
  props: Record<string, unknown>;
}
function isVNode(v: unknown): v is VNode {
  return !!v && typeof v === 'object' && (v as Record<string, unknown>)['astro:jsx'] === true && typeof (v as VNode).props === 'object';
}

const SVG_TAGS = new Set([
  'svg',
  'g',
  'path',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'rect',
  'defs',
  'lineargradient',
  'radialgradient',
  'stop',
  'clippath',
  'mask',
  'title',
  'use',
  'symbol',
]);
const SVG_ATTRS = new Set([
  'viewbox',
  'd',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'x',
  'y',
  'x1',
  'x2',
  'y1',
  'y2',
  'width',
  'height',
  'points',
  'fill',
  'fill-rule',
  'fill-opacity',
  'clip-rule',
  'clip-path',
  'mask',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-miterlimit',
  'opacity',
  'transform',
  'id',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientunits',
  'gradienttransform',
  'fx',
  'fy',
  'preserveaspectratio',
  'xmlns',
  'href',
  'xlink:href',
  'vector-effect',
]);
const CASED: Record<string, string> = {
  viewbox: 'viewBox',
  gradientunits: 'gradientUnits',
  gradienttransform: 'gradientTransform',
  preserveaspectratio: 'preserveAspectRatio',
  lineargradient: 'linearGradient',
  radialgradient: 'radialGradient',
  clippath: 'clipPath',
};

function attrName(k: string): string {
  const kebab =
    k === 'xlinkHref'
      ? 'xlink:href'
      : /^(viewBox|gradientUnits|gradientTransform|preserveAspectRatio)$/.test(k)
        ? k.toLowerCase()
        : k.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
  return kebab.toLowerCase();
}

function jsxNode(n: unknown, depth: number): string {
  if (depth > 20 || n === null || n === undefined || typeof n === 'boolean') return '';
  if (Array.isArray(n)) return n.map((c) => jsxNode(c, depth)).join('');
  if (typeof n === 'string' || typeof n === 'number') return esc(String(n));
  if (!isVNode(n) || typeof n.type !== 'string') return '';
  const tag = n.type.toLowerCase();
  if (!SVG_TAGS.has(tag) || tag === 'svg') return '';
  return `<${CASED[tag] ?? tag}${jsxAttrs(n.props)}>${jsxNode(n.props.children, depth + 1)}</${CASED[tag] ?? tag}>`;
}

function jsxAttrs(props: Record<string, unknown>, skip: Set<string> = new Set()): string {
  let out = '';
  for (const [k, v] of Object.entries(props)) {
    const a = attrName(k);
    if (k === 'children' || skip.has(a) || !SVG_ATTRS.has(a) || (typeof v !== 'string' && typeof v !== 'number')) continue;
    const value = String(v);
    if ((a === 'href' || a === 'xlink:href') && !value.startsWith('#')) continue;
    if (/url\(\s*['"]?\s*(?!#)/i.test(value)) continue;
    out += ` ${CASED[a] ?? a}="${esc(value)}"`;
  }
  return out;
}

function jsxSvg(v: VNode, size: number, cls: string): string {
  if (typeof v.type !== 'string' || v.type.toLowerCase() !== 'svg') return '';
  const own = jsxAttrs(v.props, new Set(['width', 'height', 'class', 'xmlns']));
  const viewBox = /\sviewBox=/.test(own) ? '' : ` viewBox="0 0 ${size} ${size}"`;
  return `<svg class="${cls}"${own}${viewBox} width="${size}" height="${size}" aria-hidden="true">${jsxNode(v.props.children, 1)}</svg>`;
}
