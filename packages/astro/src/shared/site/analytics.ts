/** docs.json `integrations` -> analytics script tags, and the problems found in the entries (for the build log). */

export interface ScriptTag {
  src?: string;
  inline?: string;
  async?: boolean;
  defer?: boolean;
  attrs?: Record<string, string>;
}

const ID = /^[\w.-]{1,64}$/;
/** A JSON literal safe inside an inline <script>. */
const js = (v: string) => JSON.stringify(v).replace(/</g, '\\u003c');
const https = (v: unknown): string | undefined => {
  if (typeof v !== 'string') return undefined;
  try {
    const u = new URL(v);
    return u.protocol === 'https:' ? u.origin + u.pathname.replace(/\/$/, '') : undefined;
  } catch {
    return undefined;
  }
};
const field = (o: unknown, key: string): unknown => (o && typeof o === 'object' ? (o as Record<string, unknown>)[key] : undefined);
const id = (o: unknown, key: string): string | undefined => {
  const v = field(o, key);
  return typeof v === 'string' && ID.test(v) ? v : undefined;
};

type Vendor = (entry: unknown) => ScriptTag[] | string;

const VENDORS: Record<string, Vendor> = {
  ga4: (e) => {
    const m = id(e, 'measurementId');
    if (!m) return 'measurementId must look like "G-XXXXXXXXXX"';
    return [
      { src: `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(m)}`, async: true },
      {
        inline: `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config',${js(m)});`,
      },
    ];
  },
  gtm: (e) => {
    const t = id(e, 'tagId');
    if (!t) return 'tagId must look like "GTM-XXXXXXX"';
    return [
      { inline: `window.dataLayer=window.dataLayer||[];window.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});` },
      { src: `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(t)}`, async: true },
    ];
  },
  plausible: (e) => {
    const domain = field(e, 'domain');
    if (typeof domain !== 'string' || !/^[\w.-]+(,[\w.-]+)*$/.test(domain))
      return 'domain must be your site\'s domain, e.g. "docs.example.com"';
    const server = field(e, 'server') === undefined ? 'https://plausible.io' : https(field(e, 'server'));
    if (!server) return 'server must be an https URL';
    return [{ src: `${server}/js/script.js`, defer: true, attrs: { 'data-domain': domain } }];
  },
  fathom: (e) => {
    const s = id(e, 'siteId');
    if (!s) return 'siteId must be your Fathom site id';
    return [{ src: 'https://cdn.usefathom.com/script.js', defer: true, attrs: { 'data-site': s } }];
  },
  posthog: (e) => {
    const key = id(e, 'apiKey');
    if (!key) return 'apiKey must be your project API key (phc_…)';
    const host = field(e, 'apiHost') === undefined ? 'https://us.i.posthog.com' : https(field(e, 'apiHost'));
    if (!host) return 'apiHost must be an https URL';
    const assets = host.replace('://us.i.', '://us-assets.i.').replace('://eu.i.', '://eu-assets.i.');
    return [
      {
        inline: `(function(){var s=document.createElement('script');s.async=true;s.src=${js(assets + '/static/array.js')};s.onload=function(){window.posthog&&window.posthog.init(${js(key)},{api_host:${js(host)}})};document.head.appendChild(s)})();`,
      },
    ];
  },
  clarity: (e) => {
    const p = id(e, 'projectId');
    if (!p) return 'projectId must be your Clarity project id';
    return [
      {
        inline: `window.clarity=window.clarity||function(){(window.clarity.q=window.clarity.q||[]).push(arguments)};(function(){var s=document.createElement('script');s.async=true;s.src=${js('https://www.clarity.ms/tag/' + p)};document.head.appendChild(s)})();`,
      },
    ];
  },
};

/** Keys of `integrations` that are not analytics tags and need nothing on the page. */
const IGNORED = new Set(['telemetry', 'cookies']);

export function analyticsTags(integrations: unknown): ScriptTag[] {
  if (!integrations || typeof integrations !== 'object') return [];
  const out: ScriptTag[] = [];
  for (const [name, entry] of Object.entries(integrations)) {
    const result = VENDORS[name]?.(entry);
    if (Array.isArray(result)) out.push(...result);
  }
  return out;
}

/** One line per entry Lectern leaves out: unsupported vendors and invalid values. */
export function integrationProblems(integrations: unknown): string[] {
  if (!integrations || typeof integrations !== 'object') return [];
  const problems: string[] = [];
  for (const [name, entry] of Object.entries(integrations)) {
    if (IGNORED.has(name)) continue;
    const vendor = VENDORS[name];
    if (!vendor) {
      problems.push(`integrations.${name} is not supported by Lectern yet (supported: ${Object.keys(VENDORS).join(', ')}); left out`);
      continue;
    }
    const result = vendor(entry);
    if (typeof result === 'string') problems.push(`integrations.${name}: ${result}; left out`);
  }
  return problems;
}
