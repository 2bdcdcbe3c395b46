/**
 * Legacy `mint.json` -> `docs.json` shape. Only keys with a docs.json equivalent are carried over;
 * the caller reports the rest as warnings.
 */

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function pagesUnder(group: unknown, prefix: string): boolean {
  if (!isObject(group) || !Array.isArray(group.pages)) return false;
  return group.pages.some((p) => (typeof p === 'string' ? p.replace(/^\//, '').startsWith(prefix) : pagesUnder(p, prefix)));
}

export function upgradeMintConfig(mint: Json): { config: Json; dropped: string[] } {
  const config: Json = { theme: 'mint' };
  const dropped: string[] = [];
  const handled = new Set([
    'name',
    'logo',
    'favicon',
    'colors',
    'navigation',
    'tabs',
    'anchors',
    'topbarLinks',
    'topbarCtaButton',
    'api',
    'openapi',
    'footerSocials',
    'modeToggle',
    'redirects',
    '$schema',
    'primaryTab',
    'metadata',
    'seo',
    'search',
    'backgroundImage',
    'feedback',
    'versions',
  ]);
  for (const key of Object.keys(mint)) if (!handled.has(key)) dropped.push(key);

  if (mint.name !== undefined) config.name = mint.name;
  if (isObject(mint.feedback)) {
    const { thumbsRating, suggestEdit, raiseIssue } = mint.feedback;
    const flags = Object.entries({ thumbsRating, suggestEdit, raiseIssue }).filter(([, v]) => typeof v === 'boolean');
    if (flags.length) config.feedback = Object.fromEntries(flags);
  }
  if (mint.logo !== undefined) config.logo = mint.logo;
  if (mint.favicon !== undefined) config.favicon = mint.favicon;
  if (isObject(mint.colors)) {
    const { primary, light, dark } = mint.colors;
    config.colors = { primary, ...(light ? { light } : {}), ...(dark ? { dark } : {}) };
  }

  // Navigation: groups split into tabs by URL prefix; external anchors become global links.
  const groups = Array.isArray(mint.navigation) ? mint.navigation : [];
  const tabs = Array.isArray(mint.tabs) ? mint.tabs.filter(isObject) : [];
  if (tabs.length) {
    const claimed = new Set<unknown>();
    const tabNodes = tabs.map((tab) => {
      const prefix = String(tab.url ?? '').replace(/^\//, '');
      const own = groups.filter((g) => !claimed.has(g) && prefix && pagesUnder(g, prefix));
      own.forEach((g) => claimed.add(g));
      return { tab: String(tab.name ?? prefix), groups: own };
    });
    const primaryName = isObject(mint.primaryTab) && typeof mint.primaryTab.name === 'string' ? mint.primaryTab.name : 'Documentation';
    const rest = groups.filter((g) => !claimed.has(g));
    config.navigation = { tabs: [{ tab: primaryName, groups: rest }, ...tabNodes.filter((t) => t.groups.length)] };
  } else {
    config.navigation = { groups };
  }
  const anchors = Array.isArray(mint.anchors) ? mint.anchors.filter(isObject) : [];
  const links = anchors
    .filter((a) => typeof a.url === 'string' && /^https?:/.test(a.url))
    .map((a) => ({ anchor: String(a.name ?? a.url), href: a.url, ...(a.icon ? { icon: a.icon } : {}) }));
  if (links.length) (config.navigation as Json).global = { anchors: links };

  if (Array.isArray(mint.topbarLinks) || isObject(mint.topbarCtaButton)) {
    const navbar: Json = {};
    if (Array.isArray(mint.topbarLinks)) {
      navbar.links = mint.topbarLinks.filter(isObject).map((l) => ({ label: l.name, href: l.url }));
    }
    if (isObject(mint.topbarCtaButton)) {
      const b = mint.topbarCtaButton;
      navbar.primary = b.type === 'github' ? { type: 'github', href: b.url } : { type: 'button', label: b.name, href: b.url };
    }
    config.navbar = navbar;
  }

  const api: Json = {};
  if (isObject(mint.api)) {
    const a = mint.api;
    const mdx: Json = {};
    if (a.baseUrl !== undefined) mdx.server = a.baseUrl;
    if (isObject(a.auth)) mdx.auth = { ...(a.auth.method ? { method: a.auth.method } : {}), ...(a.auth.name ? { name: a.auth.name } : {}) };
    if (Object.keys(mdx).length) api.mdx = mdx;
    if (isObject(a.playground)) {
      const modes: Record<string, string> = { show: 'interactive', simple: 'simple', hide: 'none' };
      const playground: Json = {};
      if (typeof a.playground.mode === 'string' && modes[a.playground.mode]) playground.display = modes[a.playground.mode];
      if (typeof a.playground.disableProxy === 'boolean') playground.proxy = !a.playground.disableProxy;
      api.playground = playground;
    }
    if (isObject(a.request) && isObject(a.request.example) && Array.isArray(a.request.example.languages)) {
      api.examples = { languages: a.request.example.languages };
    }
    if (isObject(a.paramFields) && typeof a.paramFields.expanded === 'string') {
      api.params = { expanded: a.paramFields.expanded === 'all' ? 'all' : 'closed' };
    }
  }
  if (mint.openapi !== undefined) api.openapi = mint.openapi;
  if (Object.keys(api).length) config.api = api;

  if (mint.footerSocials !== undefined) {
    const socials: Json = {};
    if (Array.isArray(mint.footerSocials)) {
      for (const s of mint.footerSocials.filter(isObject)) if (typeof s.type === 'string') socials[s.type] = s.url;
    } else if (isObject(mint.footerSocials)) Object.assign(socials, mint.footerSocials);
    config.footer = { socials };
  }
  if (isObject(mint.modeToggle)) {
    config.appearance = {
      ...(typeof mint.modeToggle.default === 'string' ? { default: mint.modeToggle.default } : {}),
      ...(typeof mint.modeToggle.isHidden === 'boolean' ? { strict: mint.modeToggle.isHidden } : {}),
    };
  }
  if (Array.isArray(mint.redirects)) config.redirects = mint.redirects;
  if (mint.versions !== undefined) dropped.push('versions');
  return { config, dropped };
}
