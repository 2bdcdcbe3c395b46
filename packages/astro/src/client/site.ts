/**
 * The one small shared script of every page: theme toggle, tabs and code groups, copy buttons, anchor copy,
 * banner dismiss, navigation selects and menus, mobile sidebar, the search dialog (Pagefind loaded on first use), changelog tag
 * filters, heading links and image zoom.
 */
import { searchBundles, type BundleList } from '../build/search-bundles.ts';

const root = document.documentElement;
/** The path the site is served under (`/`, or `/pr-42/` for a preview build): Astro's `base`. */
const BASE: string = import.meta.env.BASE_URL.endsWith('/') ? import.meta.env.BASE_URL : `${import.meta.env.BASE_URL}/`;
/** docs.json `seo.trailingSlash` (`<html data-trailing-slash>`): page URLs end with '/', as nav.ts `pageHref` writes them. */
const SLASH = root.hasAttribute('data-trailing-slash') ? '/' : '';
const pageUrl = (slug: string) => (slug === 'index' ? BASE : BASE + slug + SLASH);
/** The words this script draws, in the page's language: `<html data-ui>` (shared/render/ui-strings.ts), else English. */
const UI = {
  noResults: 'No results for “{query}”',
  copiedPage: 'Copied page as Markdown',
  copyLinkToSection: 'Copy link to section',
  enlargeImage: 'Enlarge image',
  enlargedImage: 'Enlarged image',
  ...(() => {
    try {
      return JSON.parse(root.dataset.ui ?? '{}') as Record<string, string>;
    } catch {
      return {};
    }
  })(),
};

function on(selector: string, event: string, fn: (el: HTMLElement, ev: Event) => void): void {
  document.addEventListener(event, (ev) => {
    const el = (ev.target as Element | null)?.closest?.(selector) as HTMLElement | null;
    if (el) fn(el, ev);
  });
}

// Theme ---------------------------------------------------------------------------------------
on('[data-theme-toggle]', 'click', () => {
  const dark = !root.classList.contains('dark');
  root.classList.toggle('dark', dark);
  try {
    localStorage.setItem('lectern-theme', dark ? 'dark' : 'light');
  } catch {
    /* private mode */
  }
});

// Tabs and code groups (also synced by label across the page) --------------------------------
function selectTab(group: HTMLElement, index: number): void {
  const buttons = group.querySelectorAll<HTMLElement>(':scope > [data-tab-list] [data-tab-index], :scope > [data-tab-list] option');
  const panels = group.querySelectorAll<HTMLElement>(':scope > [data-tab-panels] > [data-tab-panel]');
  buttons.forEach((b, i) => {
    if (b instanceof HTMLOptionElement) b.selected = i === index;
    else {
      b.setAttribute('aria-selected', String(i === index));
      b.tabIndex = i === index ? 0 : -1;
    }
  });
  panels.forEach((p, i) => {
    p.hidden = i !== index;
  });
}
function syncTabs(label: string | null, except: HTMLElement): void {
  if (!label) return;
  document.querySelectorAll<HTMLElement>('[data-tabs][data-sync]').forEach((g) => {
    if (g === except) return;
    const labels = [...g.querySelectorAll<HTMLElement>(':scope > [data-tab-list] [data-tab-index]')].map((b) => b.dataset.label);
    const i = labels.indexOf(label);
    if (i >= 0) selectTab(g, i);
  });
}
on('[data-tab-index]', 'click', (el) => {
  const group = el.closest<HTMLElement>('[data-tabs]');
  if (!group) return;
  selectTab(group, Number(el.dataset.tabIndex));
  if (group.hasAttribute('data-sync')) syncTabs(el.dataset.label ?? null, group);
});
on('[data-tab-select]', 'change', (el) => {
  const group = el.closest<HTMLElement>('[data-tabs]');
  if (group) selectTab(group, (el as HTMLSelectElement).selectedIndex);
});
on('[data-tab-index]', 'keydown', (el, ev) => {
  const key = (ev as KeyboardEvent).key;
  if (key !== 'ArrowRight' && key !== 'ArrowLeft') return;
  const list = [...(el.parentElement?.querySelectorAll<HTMLElement>('[data-tab-index]') ?? [])];
  const i = list.indexOf(el) + (key === 'ArrowRight' ? 1 : -1);
  const target = list[(i + list.length) % list.length];
  target?.click();
  target?.focus();
});

// Copy buttons and anchors ---------------------------------------------------------------------
async function copy(text: string, el: HTMLElement): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    /* not permitted */
  }
  el.dataset.copied = '';
  setTimeout(() => {
    delete el.dataset.copied;
  }, 1500);
}
/** A code block's text as it should be pasted: the lines a diff removes are left out. */
function codeText(pre: HTMLElement): string {
  const lines = [...pre.querySelectorAll<HTMLElement>('.line')];
  if (!lines.some((l) => l.classList.contains('remove'))) return pre.textContent ?? '';
  return lines
    .filter((l) => !l.classList.contains('remove'))
    .map((l) => l.textContent)
    .join('\n');
}
on('[data-copy]', 'click', (el) => {
  const block = el.closest('[data-code]')?.querySelector('pre');
  void copy(block ? codeText(block) : (el.dataset.copy ?? ''), el);
});
// docs.json `contextual`: copy the page's Markdown copy; open an AI chat about this page.
on('[data-copy-page]', 'click', async (el) => {
  const text = await fetch(el.dataset.copyPage!).then(
    (r) => (r.ok ? r.text() : ''),
    () => '',
  );
  if (text) void copy(text, el);
});
const AI_URL: Record<string, string> = {
  chatgpt: 'https://chatgpt.com/?hints=search&q=',
  claude: 'https://claude.ai/new?q=',
  perplexity: 'https://www.perplexity.ai/search?q=',
  grok: 'https://grok.com/?q=',
  aistudio: 'https://aistudio.google.com/prompts/new_chat?prompt=',
  devin: 'https://app.devin.ai/?prompt=',
};
on('[data-ai]', 'click', (el) => {
  const base = AI_URL[el.dataset.ai!];
  if (base)
    (el as HTMLAnchorElement).href = base + encodeURIComponent(`Read ${location.href.split('#')[0]} so I can ask questions about it.`);
});
// The MCP options: the link's own href is the site's /mcp; copy it (or the add-mcp command), or install it in Cursor, VS Code.
const MCP_INSTALL: Record<string, (url: string, name: string) => string> = {
  cursor: (url, name) =>
    `cursor://anysphere.cursor-deeplink/mcp/install?name=${encodeURIComponent(name)}&config=${btoa(JSON.stringify({ url }))}`,
  vscode: (url, name) =>
    `https://vscode.dev/redirect/mcp/install?name=${encodeURIComponent(name)}&config=${encodeURIComponent(JSON.stringify({ type: 'http', url }))}`,
};
on('[data-mcp]', 'click', (el, ev) => {
  const a = el as HTMLAnchorElement;
  const url = (a.dataset.mcpUrl ??= a.href);
  const install = MCP_INSTALL[a.dataset.mcp!];
  const name = document.querySelector<HTMLMetaElement>('meta[property="og:site_name"]')?.content || location.hostname;
  if (install) return void (a.href = install(url, name));
  ev.preventDefault();
  void copy(a.dataset.mcp === 'add-mcp' ? `npx add-mcp ${url}` : url, a);
});
on('[data-anchor]', 'click', (el, ev) => {
  ev.preventDefault();
  const id = el.dataset.anchor || decodeURIComponent((el.getAttribute('href') ?? '').replace(/^#/, ''));
  const url = `${location.origin}${location.pathname}#${id}`;
  history.replaceState(null, '', `#${id}`);
  document.getElementById(id)?.scrollIntoView({ block: 'start' });
  void copy(url, el);
});
// Opening a closed <details> that holds the hash target.
function revealHash(): void {
  const id = decodeURIComponent(location.hash.slice(1));
  if (!id) return;
  let el = document.getElementById(id);
  if (!el) return;
  for (let d = el.closest('details'); d; d = d.parentElement?.closest('details') ?? null) d.open = true;
  el.scrollIntoView({ block: 'start' });
}
window.addEventListener('hashchange', revealHash);
if (location.hash) revealHash();
on('details[data-hash]', 'toggle', (el) => {
  if ((el as HTMLDetailsElement).open && el.id) history.replaceState(null, '', `#${el.id}`);
});
document.querySelectorAll('details[data-hash]').forEach((d) =>
  d.addEventListener('toggle', () => {
    if ((d as HTMLDetailsElement).open && d.id) history.replaceState(null, '', `#${d.id}`);
  }),
);

// Banner, mobile sidebar ---------------------------------------------------
on('[data-dismiss-banner]', 'click', (el) => {
  const banner = el.closest<HTMLElement>('[data-banner]');
  if (!banner) return;
  banner.hidden = true;
  try {
    localStorage.setItem('lectern-banner', banner.dataset.banner ?? '');
  } catch {
    /* ignore */
  }
});
on('[data-toggle-sidebar]', 'click', () => document.body.classList.toggle('sidebar-open'));

// Navigation menus (layout/NavMenu.astro: dropdowns, products, tab menus) -----------------------------------------
// A <details> opens by Enter/Space or a click by itself; here: aria-expanded, the arrow keys, Home/End, Escape (closes,
// focus back on the button), one menu open at a time, and a click or focus outside closes it.
const menus = () => document.querySelectorAll<HTMLDetailsElement>('details[data-menu]');
const menuButton = (d: HTMLDetailsElement) => d.querySelector<HTMLElement>(':scope > summary');
menus().forEach((d) => menuButton(d)?.setAttribute('aria-expanded', String(d.open)));
document.addEventListener(
  'toggle',
  (ev) => {
    const d = ev.target;
    if (!(d instanceof HTMLDetailsElement) || !d.matches('[data-menu]')) return;
    menuButton(d)?.setAttribute('aria-expanded', String(d.open));
    if (!d.open) delete d.dataset.hover;
    if (d.open) menus().forEach((o) => o !== d && (o.open = false));
  },
  true,
);
on('details[data-menu]', 'keydown', (el, ev) => {
  const e = ev as KeyboardEvent;
  const d = el as HTMLDetailsElement;
  const links = [...d.querySelectorAll<HTMLElement>(':scope > ul a')];
  const i = links.indexOf(document.activeElement as HTMLElement);
  if (e.key === 'Escape' && d.open) {
    e.preventDefault();
    e.stopPropagation();
    d.open = false;
    menuButton(d)?.focus();
    return;
  }
  const next =
    e.key === 'ArrowDown'
      ? (i + 1) % links.length
      : e.key === 'ArrowUp'
        ? i <= 0
          ? links.length - 1
          : i - 1
        : e.key === 'Home' && i >= 0
          ? 0
          : e.key === 'End' && i >= 0
            ? links.length - 1
            : -1;
  if (next < 0 || !links.length) return;
  e.preventDefault();
  d.open = true;
  links[next]!.focus();
});
// A tab's menu also opens while a mouse is over it (Mintlify); a click on the tab then keeps it open.
on('details.nav-menu-tab', 'pointerover', (el, ev) => {
  const d = el as HTMLDetailsElement;
  if ((ev as PointerEvent).pointerType !== 'mouse' || d.open) return;
  d.open = true;
  d.dataset.hover = '';
});
on('details.nav-menu-tab', 'pointerout', (el, ev) => {
  const d = el as HTMLDetailsElement;
  const to = (ev as PointerEvent).relatedTarget;
  if (d.dataset.hover === undefined || (to instanceof Node && d.contains(to))) return;
  d.open = false;
  delete d.dataset.hover;
});
on('details.nav-menu-tab > summary', 'click', (el, ev) => {
  const d = el.parentElement as HTMLDetailsElement;
  if (d.dataset.hover === undefined) return;
  ev.preventDefault();
  delete d.dataset.hover;
});
const closeMenusOutside = (ev: Event) => {
  const target = (ev as FocusEvent).relatedTarget ?? ev.target;
  if (ev.type === 'focusout' && !target) return;
  menus().forEach((d) => d.open && !(target instanceof Node && d.contains(target)) && (d.open = false));
};
document.addEventListener('click', closeMenusOutside);
document.addEventListener('focusout', closeMenusOutside);
on('[data-server-select]', 'change', (el) => {
  const box = el.closest('[data-endpoint]');
  const url = (el as HTMLSelectElement).value;
  box?.querySelectorAll<HTMLElement>('[data-base-url]').forEach((b) => {
    b.textContent = url;
  });
});

// Search (Pagefind, loaded on demand) ----------------------------------------------------------
type PagefindResult = { data: () => Promise<{ url: string; meta: { title?: string }; excerpt: string }> };
type Pagefind = {
  search: (q: string) => Promise<{ results: PagefindResult[] }>;
  options?: (o: { baseUrl: string }) => Promise<void>;
  mergeIndex?: (url: string, o: { baseUrl: string; language: string }) => Promise<void>;
};
let pagefind: Promise<Pagefind> | undefined;
const dialog = document.querySelector<HTMLElement>('[data-search-dialog]');
const input = dialog?.querySelector<HTMLInputElement>('[data-search-input]');
const list = dialog?.querySelector<HTMLElement>('[data-search-results]');
function openSearch(): void {
  if (!dialog) return;
  dialog.hidden = false;
  input?.focus();
  pagefind ??= loadPagefind();
}
/**
 * Pagefind, from the bundle of this page's language and version, with the other bundles it searches merged in
 * (build/search-bundles.ts: a large site's index is cut by version and size, listed in the top entry file).
 */
async function loadPagefind(): Promise<Pagefind> {
  const entry = (await fetch(`${BASE}pagefind/pagefind-entry.json`)
    .then((r) => (r.ok ? r.json() : undefined))
    .catch(() => undefined)) as { lectern?: { bundles?: BundleList } } | undefined;
  const version = document.querySelector('[data-menu="version"] summary .nav-menu-name')?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  const [first = '', ...more] = searchBundles(entry?.lectern?.bundles, root.lang, version);
  const folder = (f: string) => `${BASE}pagefind/${f ? `${f}/` : ''}`;
  const pf = (await import(/* @vite-ignore */ `${folder(first)}pagefind.js`)) as Pagefind;
  await pf.options?.({ baseUrl: BASE });
  for (const f of more) await pf.mergeIndex?.(folder(f), { baseUrl: BASE, language: root.lang.toLowerCase() });
  return pf;
}
function closeSearch(): void {
  if (dialog) dialog.hidden = true;
}
on('[data-open-search]', 'click', openSearch);
on('[data-close-search]', 'click', closeSearch);
document.addEventListener('keydown', (ev) => {
  if ((ev.ctrlKey || ev.metaKey) && ev.key.toLowerCase() === 'k') {
    ev.preventDefault();
    openSearch();
  } else if (ev.key === 'Escape') closeSearch();
});
// ⌘C / Ctrl+C with nothing selected copies the page as Markdown (its `.md` copy, named in the head).
const editable = (t: EventTarget | null) =>
  t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));
document.addEventListener('keydown', (ev) => {
  if (!(ev.ctrlKey || ev.metaKey) || ev.altKey || ev.shiftKey || ev.key.toLowerCase() !== 'c') return;
  if (editable(ev.target) || editable(document.activeElement) || !document.getSelection()?.isCollapsed) return;
  const md = document.querySelector<HTMLLinkElement>('link[rel="alternate"][type="text/markdown"]');
  if (!md || new URL(md.href).origin !== location.origin) return;
  ev.preventDefault();
  void fetch(md.href)
    .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
    .then((text) => navigator.clipboard.writeText(text))
    .then(() => {
      let status = document.getElementById('lectern-copied');
      if (!status) {
        status = el('div');
        status.id = 'lectern-copied';
        status.setAttribute('role', 'status');
        status.style.cssText =
          'position:fixed;bottom:1rem;right:1rem;padding:.25rem .75rem;border-radius:.5rem;background:#111;color:#fff;font-size:.875rem;z-index:100';
        document.body.append(status);
      }
      // Kept in the page (a live region announces changes, not its arrival); hidden when empty.
      setTimeout(() => ((status.textContent = UI.copiedPage), (status.style.display = '')), 30);
      setTimeout(() => ((status.textContent = ''), (status.style.display = 'none')), 1500);
    })
    .catch(() => undefined);
});
let seq = 0;
input?.addEventListener('input', async () => {
  const q = input.value.trim();
  const mine = ++seq;
  if (!list) return;
  if (!q) {
    list.replaceChildren();
    return;
  }
  try {
    const pf = await pagefind!;
    const { results } = await pf.search(q);
    const data = await Promise.all(results.slice(0, 10).map((r) => r.data()));
    if (mine !== seq) return;
    list.replaceChildren(
      ...data.map((d) => {
        const li = document.createElement('li');
        const a = document.createElement('a');
        a.href = d.url
          .replace(/\.html$/, '')
          .replace(/\/index$/, '/')
          .replace(/([^/])\/?$/, `$1${SLASH}`);
        const t = document.createElement('span');
        t.className = 'search-title';
        t.textContent = d.meta.title ?? d.url;
        const ex = document.createElement('span');
        ex.className = 'search-excerpt';
        ex.innerHTML = d.excerpt; // Pagefind escapes page text and only adds <mark>
        a.append(t, ex);
        li.append(a);
        return li;
      }),
    );
    if (!data.length) {
      const li = document.createElement('li');
      li.className = 'search-empty';
      li.textContent = UI.noResults.replace('{query}', () => q);
      list.replaceChildren(li);
    }
  } catch {
    list.textContent = 'Search is available after `lectern build`.';
  }
});

// Large sidebars: inactive sections are filled from /_lectern/nav/<scope>.json when first opened ----------
type NavJson =
  { s: string; l: string; m?: string; t?: string; d?: 1 } | { g: string; t?: string; c: NavJson[]; r?: string } | { h: string; l: string };
const navCache = new Map<string, Promise<NavJson[]>>();
function el(tag: string, cls?: string, text?: string): HTMLElement {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}
function navItem(item: NavJson): HTMLElement {
  const li = el('li');
  if ('s' in item) {
    const a = el('a', 'nav-link') as HTMLAnchorElement;
    a.href = pageUrl(item.s);
    if (item.m) a.append(el('span', `method method-${item.m}`, item.m === 'delete' ? 'DEL' : item.m.toUpperCase()));
    a.append(el('span', 'nav-label', item.l));
    if (item.t) a.append(el('span', 'pill pill-tag', item.t));
    if (item.d) a.append(el('span', 'pill pill-deprecated', 'deprecated'));
    li.append(a);
  } else if ('h' in item) {
    const a = el('a', 'nav-link nav-external') as HTMLAnchorElement;
    if (/^(https?:|mailto:|\/)/.test(item.h)) a.href = item.h.startsWith('/') && !item.h.startsWith('//') ? BASE + item.h.slice(1) : item.h;
    a.append(el('span', 'nav-label', item.l));
    li.append(a);
  } else {
    const d = el('details', 'nav-group');
    const sum = el('summary', 'nav-link nav-group-title');
    const opens = item.r ?? (lazyNav?.hasAttribute('data-drilldown') ? firstSlug(item.c) : undefined);
    if (opens) {
      const a = el('a', 'nav-label nav-root-link', item.g) as HTMLAnchorElement;
      a.href = pageUrl(opens);
      sum.append(a);
    } else sum.append(el('span', 'nav-label', item.g));
    d.append(sum);
    const ul = el('ul', 'nav-list nested');
    ul.append(...item.c.map(navItem));
    d.append(ul);
    li.append(d);
  }
  return li;
}
/** docs.json `interaction.drilldown`: the first page of a group, which its title opens (as SidebarItems.astro). */
function firstSlug(items: NavJson[]): string | undefined {
  for (const i of items) {
    const slug = 's' in i ? i.s : 'c' in i ? (i.r ?? firstSlug(i.c)) : undefined;
    if (slug) return slug;
  }
  return undefined;
}
function loadScope(scope: string): Promise<NavJson[]> {
  let data = navCache.get(scope);
  if (!data) {
    data = fetch(`${BASE}_lectern/nav/${scope}.json`).then((r) => r.json() as Promise<NavJson[]>);
    navCache.set(scope, data);
  }
  return data;
}
on('[data-lazy-more]', 'click', async (btn) => {
  const section = (await loadScope(btn.dataset.lazyMore!))[Number(btn.dataset.lazyIndex)];
  const list = btn.closest('ul');
  if (!section || !('c' in section) || !list) return;
  const items = section.c.map(navItem);
  for (const li of items) {
    const a = li.querySelector('a');
    if (a && a.getAttribute('href') === location.pathname) {
      a.classList.add('active');
      a.setAttribute('aria-current', 'page');
    }
  }
  list.replaceChildren(...items);
});
const lazyNav = document.querySelector<HTMLElement>('nav[data-lazy-scope]');
lazyNav?.querySelectorAll<HTMLDetailsElement>('details[data-l]').forEach((d) => {
  d.addEventListener('toggle', async () => {
    if (!d.open || d.dataset.loaded) return;
    d.dataset.loaded = '1';
    try {
      const section = (await loadScope(lazyNav.dataset.lazyScope!))[Number(d.dataset.l)];
      if (section && 'c' in section) d.querySelector('ul')?.replaceChildren(...section.c.map(navItem));
    } catch {
      delete d.dataset.loaded;
    }
  });
});

// Table of contents: highlight the section being read ------------------------------------------------------
const tocLinks = [...document.querySelectorAll<HTMLAnchorElement>('[data-toc-link]')];
if (tocLinks.length && 'IntersectionObserver' in window) {
  const byId = new Map(tocLinks.map((a) => [decodeURIComponent(a.hash.slice(1)), a]));
  const visible = new Set<string>();
  const io = new IntersectionObserver(
    (entries) => {
      for (const e of entries) e.isIntersecting ? visible.add(e.target.id) : visible.delete(e.target.id);
      const first = [...byId.keys()].find((id) => visible.has(id));
      if (first) tocLinks.forEach((a) => a.classList.toggle('active', a === byId.get(first)));
    },
    { rootMargin: '-80px 0px -60% 0px' },
  );
  for (const id of byId.keys()) {
    const h = document.getElementById(id);
    if (h) io.observe(h);
  }
}

// Changelog tag filters (Toc.astro): shown in place of the table of contents; an update shows when it has every
// selected tag; the selection is the URL's `?tags=a,b` (read on load, kept in sync). Without JavaScript all show.
const filters = document.querySelector<HTMLElement>('[data-update-filters]');
if (filters) {
  const buttons = [...filters.querySelectorAll<HTMLElement>('[data-update-tag]')];
  const known = new Set(buttons.map((b) => b.dataset.updateTag!));
  const fromUrl = new URLSearchParams(location.search).get('tags') ?? '';
  const selected = new Set(
    fromUrl
      .split(',')
      .map((t) => t.trim())
      .filter((t) => known.has(t)),
  );
  const tagsOf = (u: HTMLElement): string[] => {
    try {
      return JSON.parse(u.dataset.tags ?? '[]') as string[];
    } catch {
      return [];
    }
  };
  const apply = (): void => {
    for (const b of buttons) b.setAttribute('aria-pressed', String(selected.has(b.dataset.updateTag!)));
    for (const u of document.querySelectorAll<HTMLElement>('[data-update]')) u.hidden = [...selected].some((t) => !tagsOf(u).includes(t));
    filters.querySelector<HTMLElement>('[data-update-clear]')!.hidden = selected.size === 0;
    const params = location.search
      .slice(1)
      .split('&')
      .filter((p) => p && !p.startsWith('tags='));
    if (selected.size) params.push('tags=' + [...selected].map(encodeURIComponent).join(','));
    history.replaceState(history.state, '', location.pathname + (params.length ? '?' + params.join('&') : '') + location.hash);
  };
  on('[data-update-tag]', 'click', (b) => {
    const tag = b.dataset.updateTag!;
    if (!selected.delete(tag)) selected.add(tag);
    apply();
  });
  on('[data-update-clear]', 'click', () => {
    selected.clear();
    apply();
    buttons[0]?.focus();
  });
  filters.hidden = false;
  if (filters.dataset.updateFilters === 'replace') filters.parentElement?.querySelector('[data-toc-list]')?.setAttribute('hidden', '');
  if (selected.size) apply();
}

// Heading links: each section heading of the page's text gets a chip that copies the section's address
// (handled by [data-anchor] above). Headings inside components keep none.
for (const h of document.querySelectorAll<HTMLElement>('.prose > h2[id], .prose > h3[id]')) {
  const a = document.createElement('a');
  a.className = 'heading-anchor';
  a.href = `#${h.id}`;
  a.dataset.anchor = h.id;
  a.setAttribute('aria-label', `${UI.copyLinkToSection}: ${h.textContent?.trim() ?? h.id}`);
  h.append(a);
}

// Image zoom: a click, Enter or Space on an image of the page's text shows it enlarged (Escape or a click closes);
// `noZoom` on the image, or a link around it, keeps it as it is.
for (const img of document.querySelectorAll<HTMLImageElement>('.prose img')) {
  if (img.closest('a, [nozoom], [data-no-zoom]')) continue;
  img.dataset.zoom = '';
  img.tabIndex = 0;
  img.setAttribute('role', 'button');
  img.setAttribute('aria-label', `${UI.enlargeImage}${img.alt ? `: ${img.alt}` : ''}`);
}
let zoomDialog: HTMLDialogElement | undefined;
function zoom(img: HTMLImageElement): void {
  if (!zoomDialog) {
    zoomDialog = document.createElement('dialog');
    zoomDialog.className = 'zoom-dialog';
    zoomDialog.setAttribute('aria-label', UI.enlargedImage);
    zoomDialog.addEventListener('click', () => zoomDialog!.close());
    document.body.append(zoomDialog);
  }
  const big = document.createElement('img');
  big.src = img.currentSrc || img.src;
  big.alt = img.alt;
  zoomDialog.replaceChildren(big);
  zoomDialog.showModal();
}
on('img[data-zoom]', 'click', (el) => zoom(el as HTMLImageElement));
on('img[data-zoom]', 'keydown', (el, ev) => {
  const key = (ev as KeyboardEvent).key;
  if (key !== 'Enter' && key !== ' ') return;
  ev.preventDefault();
  zoom(el as HTMLImageElement);
});
