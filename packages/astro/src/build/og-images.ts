/**
 * The social images of a build (docs.json `thumbnails`, Mintlify's Open Graph image per page): a 1200×630 PNG per page
 * that model/social-image.ts says gets one, at `dist/_lectern/og/<slug>.png`, drawn with satori (an element tree to
 * SVG, in Inter from `@fontsource/inter` or the Fontsource package of `thumbnails.fonts.family`) and rasterised with
 * resvg (`renderAsync`, off the main thread). It
 * shows the site's logo (light or dark per `thumbnails.appearance`, else `appearance.default`), the page's group, its
 * title and description, in the site's colours, over `thumbnails.background` when set.
 *
 * Cached between builds (shared/build-cache.ts): each image is named by a hash of everything drawn (texts, colours,
 * appearance, the bytes of the logo, background and fonts, this module's source, satori's and resvg's versions), so a
 * warm build copies the images of unchanged pages instead of drawing them. A failure is a warning, never a failed build:
 * the pages are written all the same.
 */
import { createHash } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pLimit from 'p-limit';
import type { Page } from '@lectern/core';
import type { Site } from '../model/store.ts';
import { hasSocialImage, SOCIAL_IMAGE, socialImageFile } from '../model/social-image.ts';
import { blobStore, cacheEnabled, cacheRoot, sha256 } from '../shared/build-cache.ts';

const require = createRequire(import.meta.url);

/** What the last `writeSocialImages` of this process did: for the build's log line and for tests. */
/** The last build's images: `same`, pages whose card another page of the build has (a version's copy of a page). */
export const socialImageStats = { pages: 0, drawn: 0, cached: 0, same: 0, failed: 0, ms: 0 };

type Appearance = 'light' | 'dark';
type Font = { name: string; data: Buffer; weight: 400 | 700; style: 'normal' };
/** An image to draw: a data URI and the SHA-256 of its bytes (part of the cache key). */
type Picture = { uri: string; hash: string };

/** Everything one page's image shows; with the site's `Look`, its cache key. */
interface Card {
  title: string;
  group?: string;
  description?: string;
}

/** What every image of the site shares. */
interface Look {
  appearance: Appearance;
  name: string;
  accent: string;
  background: string;
  text: string;
  muted: string;
  logo?: Picture;
  backdrop?: Picture;
  family: string;
  fonts: Font[];
  covers: (codePoint: number) => boolean;
}

/** A font family as loaded: its CSS `font-family` list (one name per subset file), the files, the characters they draw. */
interface Fonts {
  family: string;
  fonts: Font[];
  covers: (codePoint: number) => boolean;
}

/**
 * The fonts: `thumbnails.fonts.family` when its Fontsource package (`@fontsource/<family>`, Google's fonts on npm) is
 * installed in the repo or beside Lectern, else Inter (shipped with Lectern). satori reads `.woff`, not `.woff2`.
 */
function loadFonts(site: Site, warn: (m: string) => void): Fonts {
  const wanted = site.config.thumbnails?.fonts?.family?.trim();
  if (wanted) {
    const id = wanted.toLowerCase().replace(/\s+/g, '-');
    const fonts = fontFiles(`@fontsource/${id}`, id, [path.join(site.root, 'package.json'), import.meta.url], wanted);
    if (fonts) return fonts;
    warn(
      `docs.json /thumbnails/fonts/family: "${wanted}" is not installed (add the npm package @fontsource/${id} to the repo); social images use Inter`,
    );
  }
  const inter = fontFiles('@fontsource/inter', 'inter', [import.meta.url], 'Inter');
  if (!inter) throw new Error('the Inter font (@fontsource/inter) is not installed');
  return inter;
}

/** `U+0400-045F,U+2116` -> ranges of code points. */
const rangesOf = (unicodeRange: string): Array<[number, number]> =>
  unicodeRange.split(',').flatMap((part) => {
    const m = /^\s*U\+([0-9a-f]+)(?:-([0-9a-f]+))?\s*$/i.exec(part);
    return m ? [[parseInt(m[1]!, 16), parseInt(m[2] ?? m[1]!, 16)] as [number, number]] : [];
  });

/**
 * The `.woff` files of a Fontsource package (resolved from the first of `from` that has it), regular and bold, of
 * every subset its `unicode.json` lists (`latin`, `cyrillic`, … or numbered slices of a CJK family); undefined when
 * the package is not installed or has no such file. Each subset is a font of its own name: satori then falls back
 * from one to the next for a character the first lacks (files of one name and weight would hide each other).
 */
function fontFiles(pkg: string, id: string, from: string[], name: string): Fonts | undefined {
  for (const base of from) {
    let subsets: Record<string, string>;
    const req = createRequire(base);
    try {
      subsets = JSON.parse(readFileSync(req.resolve(`${pkg}/unicode.json`), 'utf8')) as Record<string, string>;
    } catch {
      continue;
    }
    const fonts: Font[] = [];
    const ranges: Array<[number, number]> = [];
    const names: string[] = [];
    for (const [subset, range] of Object.entries(subsets)) {
      const file = subset.replace(/^\[(.*)\]$/, '$1');
      const own = `${name} ${file}`;
      for (const weight of [400, 700] as const) {
        try {
          fonts.push({
            name: own,
            data: readFileSync(req.resolve(`${pkg}/files/${id}-${file}-${weight}-normal.woff`)),
            weight,
            style: 'normal',
          });
        } catch {
          continue; // A family without this weight (bold is then drawn from the regular one).
        }
        if (!names.includes(own)) names.push(own);
      }
      if (names.includes(own)) ranges.push(...rangesOf(range));
    }
    if (!fonts.length) continue;
    // Latin first: the family's look for the text most titles are in.
    names.sort((a, b) => Number(b.endsWith(' latin')) - Number(a.endsWith(' latin')));
    return {
      family: names.map((n) => JSON.stringify(n)).join(', '),
      fonts,
      covers: (cp) => cp <= 0x20 || ranges.some(([lo, hi]) => cp >= lo && cp <= hi),
    };
  }
  return undefined;
}

/**
 * `text` without the characters the fonts cannot draw (emoji, a script the family lacks), which satori would draw as
 * boxes; '' when that would leave out more than a third of it (a title in another script is left out, not mangled).
 */
function drawable(text: string, covers: (cp: number) => boolean): string {
  const chars = [...text];
  const kept = chars.filter((c) => covers(c.codePointAt(0)!));
  const visible = (list: string[]) => list.filter((c) => c.trim()).length;
  if (visible(kept) < (visible(chars) * 2) / 3) return '';
  return kept.join('').replace(/\s+/g, ' ').trim();
}

const MIME: Array<[RegExp, string]> = [
  [/^\x89PNG/, 'image/png'],
  [/^\xff\xd8\xff/, 'image/jpeg'],
  [/^GIF8/, 'image/gif'],
];

/**
 * A repo image (`/logo/dark.svg`, `images/bg.png`) as a data URI, or undefined with a warning: a URL (not downloaded
 * during a build), a file outside the repo, missing, or of a kind satori cannot draw (PNG, JPEG, GIF and SVG can).
 */
function readPicture(site: Site, ref: string, pointer: string, warn: (m: string) => void): Picture | undefined {
  if (/^[a-z][\w+.-]*:/i.test(ref) || ref.startsWith('//')) {
    warn(`docs.json ${pointer}: ${ref} is a URL; social images draw only files of the repo, so it is left out of them`);
    return undefined;
  }
  let data: Buffer;
  try {
    const root = realpathSync(site.root);
    const file = realpathSync(path.resolve(root, ref.replace(/^\/+/, '').split('?')[0]!));
    if (!file.startsWith(root + path.sep)) throw new Error('outside the repo');
    data = readFileSync(file);
  } catch (err) {
    warn(`docs.json ${pointer}: ${ref} cannot be read (${(err as Error).message}); it is left out of the social images`);
    return undefined;
  }
  const head = data.subarray(0, 8).toString('latin1');
  const text = data.subarray(0, 2048).toString('utf8');
  const mime = MIME.find(([re]) => re.test(head))?.[1] ?? (/<svg[\s>]/i.test(text) ? 'image/svg+xml' : undefined);
  if (!mime) {
    warn(`docs.json ${pointer}: ${ref} is not a PNG, JPEG, GIF or SVG image; it is left out of the social images`);
    return undefined;
  }
  return { uri: `data:${mime};base64,${data.toString('base64')}`, hash: createHash('sha256').update(data).digest('hex') };
}

const hex = (c: unknown) => (typeof c === 'string' && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(c) ? c : undefined);

/** The site's colours, logo, background and fonts in the image's appearance. */
function lookOf(site: Site, warn: (m: string) => void): Look {
  const config = site.config;
  const thumbnails = config.thumbnails ?? {};
  const appearance: Appearance = thumbnails.appearance ?? (config.appearance?.default === 'dark' ? 'dark' : 'light');
  const dark = appearance === 'dark';
  const primary = hex(config.colors?.primary) ?? '#0D9373';
  const accent = dark ? (hex(config.colors?.light) ?? primary) : primary;
  const background = hex(config.background?.color?.[appearance]) ?? (dark ? '#0b0c0e' : '#ffffff');
  const logoRef = typeof config.logo === 'string' ? config.logo : config.logo?.[appearance];
  const pointer = typeof config.logo === 'string' ? '/logo' : `/logo/${appearance}`;
  return {
    appearance,
    name: config.name,
    accent,
    background,
    text: dark ? '#fafafa' : '#0b0c0e',
    muted: dark ? '#a1a1aa' : '#52525b',
    logo: logoRef ? readPicture(site, logoRef, pointer, warn) : undefined,
    backdrop: thumbnails.background ? readPicture(site, thumbnails.background, '/thumbnails/background', warn) : undefined,
    ...loadFonts(site, warn),
  };
}

/** `text` cut to `max` characters at a word, with an ellipsis. */
function cut(text: string, max: number): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  const at = t.lastIndexOf(' ', max - 1);
  return t.slice(0, at > max * 0.6 ? at : max - 1).replace(/[\s,.;:–—-]+$/, '') + '…';
}

/**
 * A page's card: its title, its group in the navigation (the last breadcrumb), its description as plain text, each
 * without what the fonts cannot draw (`drawable`; a text mostly in another script is left out).
 */
function cardOf(site: Site, page: Page, covers: Fonts['covers']): Card {
  const text = (t: string | undefined, max: number) => (t ? cut(drawable(t, covers), max) : '');
  const group = text(site.nav.byPage.get(page.slug)?.breadcrumbs.at(-1), 60);
  const description = text(typeof page.description === 'string' ? page.description.replace(/[*_`[\]<>]/g, '') : undefined, 130);
  return { title: text(page.title, 110), ...(group ? { group } : {}), ...(description ? { description } : {}) };
}

type Node = { type: string; props: Record<string, unknown> & { style?: Record<string, unknown>; children?: unknown } };
const el = (type: string, style: Record<string, unknown>, children?: unknown, props: Record<string, unknown> = {}): Node => ({
  type,
  props: { ...props, style, ...(children === undefined ? {} : { children }) },
});

/** The image's element tree for satori (flexbox, inline styles). */
function tree(card: Card, look: Look): Node {
  const size = card.title.length <= 32 ? 76 : card.title.length <= 60 ? 64 : card.title.length <= 85 ? 54 : 46;
  const { width, height } = SOCIAL_IMAGE;
  const top = look.logo
    ? el('img', { height: 64, maxWidth: 520, objectFit: 'contain', objectPosition: 'left' }, undefined, { src: look.logo.uri })
    : el('div', { fontSize: 36, fontWeight: 700, color: look.text }, drawable(look.name, look.covers));
  const body = [
    ...(card.group ? [el('div', { fontSize: 30, fontWeight: 700, color: look.accent, marginBottom: 20 }, card.group)] : []),
    ...(card.title
      ? [el('div', { fontSize: size, fontWeight: 700, color: look.text, lineHeight: 1.12, letterSpacing: -1 }, card.title)]
      : []),
    ...(card.description ? [el('div', { fontSize: 30, color: look.muted, marginTop: 24, lineHeight: 1.35 }, card.description)] : []),
  ];
  // `thumbnails.background` stretched over the whole image, under everything (a CSS background: an absolutely placed
  // image would take the text's place in satori's layout).
  const backdrop = look.backdrop ? { backgroundImage: `url(${look.backdrop.uri})`, backgroundSize: `${width}px ${height}px` } : {};
  return el(
    'div',
    { width, height, display: 'flex', position: 'relative', backgroundColor: look.background, ...backdrop, fontFamily: look.family },
    [
      el('div', { display: 'flex', flexDirection: 'column', justifyContent: 'space-between', flexGrow: 1, padding: '72px 80px 84px' }, [
        el('div', { display: 'flex' }, [top]),
        el('div', { display: 'flex', flexDirection: 'column' }, body),
      ]),
      el('div', { position: 'absolute', left: 0, bottom: 0, width, height: 12, backgroundColor: look.accent }),
    ],
  );
}

const versionOf = (pkg: string) => {
  try {
    return (JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')) as { version: string }).version;
  } catch {
    return '?';
  }
};

/** What every key shares: this module's source (the drawing), satori's and resvg's versions, the look and its files. */
function lookKey(look: Look): string {
  const own = readFileSync(fileURLToPath(import.meta.url));
  const { logo, backdrop, fonts, ...rest } = look;
  return sha256(
    own,
    versionOf('satori'),
    versionOf('@resvg/resvg-js'),
    JSON.stringify(rest),
    logo?.hash ?? '-',
    backdrop?.hash ?? '-',
    ...fonts.map((f) => `${f.weight} ${createHash('sha256').update(f.data).digest('hex')}`),
  );
}

/** Draw one image: satori's SVG, rasterised by resvg on its own thread. */
async function draw(card: Card, look: Look): Promise<Buffer> {
  const [{ default: satori }, { renderAsync }] = await Promise.all([import('satori'), import('@resvg/resvg-js')]);
  const svg = await satori(tree(card, look) as never, { ...SOCIAL_IMAGE, fonts: look.fonts });
  const png = await renderAsync(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } });
  return png.asPng();
}

/**
 * Writes the social image of each of `pages` (the pages the build wrote) that gets one into `dist`, from the cache
 * when it has it, and removes the cached images no page used. Logs one line with what it drew and what it took.
 */
export async function writeSocialImages(site: Site, dist: string, pages: readonly Page[], logger: Logger): Promise<void> {
  try {
    await writeImages(site, dist, pages, logger);
  } catch (err) {
    logger.warn(`social images not written: ${(err as Error).message}`);
  }
}

type Logger = { info(m: string): void; warn(m: string): void };

async function writeImages(site: Site, dist: string, pages: readonly Page[], logger: Logger): Promise<void> {
  const t0 = performance.now();
  Object.assign(socialImageStats, { pages: 0, drawn: 0, cached: 0, same: 0, failed: 0, ms: 0 });
  const wanted = pages.filter((p) => hasSocialImage(site.config, p));
  if (!wanted.length) return;
  const look = lookOf(site, (m) => logger.warn(m));
  const base = lookKey(look);
  const store = cacheEnabled() ? blobStore(path.join(cacheRoot(site.root), 'og'), '.png', { warn: (m) => logger.warn(m) }) : undefined;
  const folders = new Map<string, Promise<unknown>>();
  const failures: string[] = [];
  // Pages with the same card (a versioned site's copies of a page) share one image: drawn or read once, then copied.
  const written = new Map<string, Promise<string>>();
  const imageOf = async (key: string, card: ReturnType<typeof cardOf>, file: string): Promise<string> => {
    let png = store?.get(key);
    if (png) socialImageStats.cached++;
    else {
      png = await draw(card, look);
      socialImageStats.drawn++;
      store?.put(key, png);
    }
    await folder(file);
    await writeFile(file, png);
    return file;
  };
  const folder = async (file: string) => {
    const dir = path.dirname(file);
    let made = folders.get(dir);
    if (!made) folders.set(dir, (made = mkdir(dir, { recursive: true })));
    await made;
  };
  const one = async (page: Page) => {
    const card = cardOf(site, page, look.covers);
    const key = sha256(base, JSON.stringify(card));
    const file = path.join(dist, socialImageFile(page.slug));
    const first = written.get(key);
    try {
      if (!first) {
        const own = imageOf(key, card, file);
        written.set(key, own);
        await own;
        return;
      }
      const from = await first;
      socialImageStats.same++;
      await folder(file);
      await copyFile(from, file);
    } catch (err) {
      failures.push(`${page.slug} (${(err as Error).message.split('\n')[0]})`);
    }
  };
  // satori lays out on this thread while resvg rasterises others on libuv's threads.
  const limit = pLimit(Math.max(2, Math.min(8, availableParallelism())));
  await Promise.all(wanted.map((p) => limit(() => one(p))));
  store?.sweep();
  socialImageStats.pages = wanted.length;
  socialImageStats.failed = failures.length;
  socialImageStats.ms = Math.round(performance.now() - t0);
  if (failures.length)
    logger.warn(
      `social images: ${failures.length} could not be drawn, their pages name a missing image: ${failures.slice(0, 5).join('; ')}${failures.length > 5 ? '; …' : ''}`,
    );
  const each = socialImageStats.drawn ? `, ${Math.round(socialImageStats.ms / socialImageStats.drawn)} ms each` : '';
  const same = socialImageStats.same ? `, ${socialImageStats.same} the same as another page's` : '';
  logger.info(
    `social images: ${wanted.length} pages, ${socialImageStats.drawn} drawn, ${socialImageStats.cached} from the cache${same} in ${socialImageStats.ms} ms${each}`,
  );
}

/** The look and its key per planned site (`lectern dev` re-plans into a new `Site`, which gets its own). */
const looks = new WeakMap<Site, { look: Look; key: string }>();

/**
 * One page's social image, as `lectern dev` serves it when asked (dev/social-images.ts): the same card, look and cache
 * key as `writeSocialImages`, so it comes from the build cache when a build drew it, and is put there when drawn here.
 */
export async function socialImageOf(site: Site, page: Page, warn: (m: string) => void): Promise<Buffer> {
  let made = looks.get(site);
  if (!made) {
    const look = lookOf(site, warn);
    looks.set(site, (made = { look, key: lookKey(look) }));
  }
  const card = cardOf(site, page, made.look.covers);
  const key = sha256(made.key, JSON.stringify(card));
  const store = cacheEnabled() ? blobStore(path.join(cacheRoot(site.root), 'og'), '.png', { warn }) : undefined;
  const cached = store?.get(key);
  if (cached) return cached;
  const png = await draw(card, made.look);
  store?.put(key, png);
  return png;
}
