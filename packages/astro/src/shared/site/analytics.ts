/**
 * docs.json `integrations` -> the third-party script tags Mintlify documents (analytics, chat, data enrichment), the
 * consent that gates them (`cookies`, `transcend`), and the problems found in the entries (for the build log, each
 * named by its JSON pointer). Values are user text: each is checked against the shape its vendor uses and written into
 * script only as a JSON literal with `<` escaped, so docs.json cannot inject markup.
 */

export interface ScriptTag {
  src?: string;
  inline?: string;
  async?: boolean;
  defer?: boolean;
  attrs?: Record<string, string>;
}

/** When third-party scripts may load: on a localStorage key holding a value, or on Transcend's consent to a purpose. */
export type Consent = { key: string; value: string } | { transcend: string };

export interface Integrations {
  tags: ScriptTag[];
  /** Tags that load at once, whatever the consent: a consent manager itself (Transcend's airgap.js). */
  manager: ScriptTag[];
  consent?: Consent;
  problems: string[];
}

/** A JSON literal safe inside an inline <script>. */
export const js = (v: unknown) =>
  JSON.stringify(v)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** One `integrations` entry being read: its values by key, and the first problem found (with its JSON pointer). */
class Entry {
  problem?: string;
  readonly raw: unknown;
  readonly pointer: string;
  constructor(raw: unknown, pointer: string) {
    this.raw = raw;
    this.pointer = pointer;
  }
  value(key: string): unknown {
    return this.raw && typeof this.raw === 'object' ? (this.raw as Record<string, unknown>)[key] : undefined;
  }
  fail(key: string | undefined, message: string): undefined {
    this.problem ??= `${key === undefined ? this.pointer : `${this.pointer}/${key}`}: ${message}`;
    return undefined;
  }
  /** A string (numbers are taken as their digits) matching `shape`, else a problem saying what is expected. */
  text(key: string, shape: RegExp, expected: string): string | undefined {
    let v = this.value(key);
    if (typeof v === 'number' && Number.isFinite(v)) v = String(v);
    if (typeof v === 'string' && shape.test(v.trim())) return v.trim();
    return this.fail(key, `${v === undefined ? 'is required' : 'is not valid'}: ${expected}`);
  }
  optionalText(key: string, shape: RegExp, expected: string): string | undefined {
    return this.value(key) === undefined ? undefined : this.text(key, shape, expected);
  }
  /** An https URL (origin and path), else a problem. */
  url(key: string, expected = 'an https URL'): string | undefined {
    const v = this.value(key);
    try {
      const u = new URL(String(v));
      if (typeof v === 'string' && u.protocol === 'https:' && !u.username && !u.password) return u.href;
    } catch {
      // reported below
    }
    return this.fail(key, `${v === undefined ? 'is required' : 'is not valid'}: ${expected}`);
  }
}

const TOKEN = /^[\w.-]{1,128}$/;
const ALNUM = /^[A-Za-z0-9]{1,128}$/;
const DIGITS = /^\d{1,20}$/;
const HOST = /^(?=.{1,253}$)[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+(:\d{1,5})?$/;

/** A script element that inserts `src` and runs `then` (JavaScript) once it has loaded. */
const loadThen = (src: string, then = '', attrs = ''): ScriptTag => ({
  inline: `(function(){var s=document.createElement('script');s.async=true;s.src=${js(src)};${attrs}${then ? `s.onload=function(){${then}};` : ''}document.head.appendChild(s)})();`,
});
const origin = (href: string) => href.replace(/\/+$/, '');

type Vendor = (e: Entry) => ScriptTag[];

/** Each vendor's loader, as its own documentation gives it (shortened where a stub only queues calls). */
export const VENDORS: Record<string, Vendor> = {
  adobe: (e) => {
    const url = e.url('launchUrl', 'your Adobe Launch script URL (https://assets.adobedtm.com/…)');
    return url ? [{ src: url, async: true }] : [];
  },
  amplitude: (e) => {
    const key = e.text('apiKey', ALNUM, 'your Amplitude API key (letters and digits)');
    if (!key) return [];
    return [
      loadThen(
        `https://cdn.amplitude.com/script/${key}.js`,
        `window.amplitude&&window.amplitude.init(${js(key)},{fetchRemoteConfig:true,autocapture:true})`,
      ),
    ];
  },
  clarity: (e) => {
    const p = e.text('projectId', ALNUM, 'your Clarity project id (letters and digits)');
    if (!p) return [];
    return [
      {
        inline: `window.clarity=window.clarity||function(){(window.clarity.q=window.clarity.q||[]).push(arguments)};(function(){var s=document.createElement('script');s.async=true;s.src=${js('https://www.clarity.ms/tag/' + p)};document.head.appendChild(s)})();`,
      },
    ];
  },
  clearbit: (e) => {
    const key = e.text('publicApiKey', /^pk_[A-Za-z0-9]{1,120}$/, 'your Clearbit publishable key ("pk_…")');
    return key
      ? [{ src: `https://tag.clearbit.com/v1/${key}/tags.js`, async: true, attrs: { referrerpolicy: 'strict-origin-when-cross-origin' } }]
      : [];
  },
  fathom: (e) => {
    const s = e.text('siteId', ALNUM, 'your Fathom site id (letters and digits)');
    return s ? [{ src: 'https://cdn.usefathom.com/script.js', defer: true, attrs: { 'data-site': s } }] : [];
  },
  frontchat: (e) => {
    const shape = /^[A-Za-z0-9]{6,128}$/;
    const expected = 'your Front chat id (at least 6 letters and digits)';
    const id =
      typeof e.raw === 'string'
        ? shape.test(e.raw)
          ? e.raw
          : e.fail(undefined, `is not valid: ${expected}`)
        : e.text('snippetId', shape, expected);
    if (!id) return [];
    return [
      loadThen(
        'https://chat-assets.frontapp.com/v1/chat.bundle.js',
        `window.FrontChat&&window.FrontChat('init',{chatId:${js(id)},useDefaultLauncher:true})`,
      ),
    ];
  },
  ga4: (e) => {
    const m = e.text('measurementId', /^G-?[\w-]{1,40}$/, 'your measurement id, "G-XXXXXXXXXX"');
    if (!m) return [];
    return [
      { src: `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(m)}`, async: true },
      {
        inline: `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config',${js(m)});`,
      },
    ];
  },
  gtm: (e) => {
    const t = e.text('tagId', /^G[\w-]{1,40}$/, 'your container id, "GTM-XXXXXXX"');
    if (!t) return [];
    return [
      { inline: `window.dataLayer=window.dataLayer||[];window.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});` },
      { src: `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(t)}`, async: true },
    ];
  },
  heap: (e) => {
    const id = e.text('appId', DIGITS, 'your Heap app (environment) id, digits');
    if (!id) return [];
    return [
      {
        inline:
          `window.heapReadyCb=window.heapReadyCb||[],window.heap=window.heap||[],heap.load=function(e,t){window.heap.envId=e,window.heap.clientConfig=t=t||{},window.heap.clientConfig.shouldFetchServerConfig=!1;var a=document.createElement("script");a.type="text/javascript",a.async=!0,a.src="https://cdn.us.heap-api.com/config/"+e+"/heap_config.js";document.head.appendChild(a);var n=["init","startTracking","stopTracking","track","resetIdentity","identify","getSessionId","getUserId","getIdentity","addUserProperties","addEventProperties","removeEventProperty","clearEventProperties","addAccountProperties","addAdapter","addTransformer","addTransformerFn","onReady","addPageviewProperties","removePageviewProperty","clearPageviewProperties","trackPageview"],i=function(e){return function(){var t=Array.prototype.slice.call(arguments,0);window.heapReadyCb.push({name:e,fn:function(){heap[e]&&heap[e].apply(heap,t)}})}};for(var p=0;p<n.length;p++)heap[n[p]]=i(n[p])};` +
          `heap.load(${js(id)});`,
      },
    ];
  },
  hightouch: (e) => {
    const keyName = e.value('writeKey') === undefined && e.value('apiKey') !== undefined ? 'apiKey' : 'writeKey';
    const key = e.text(keyName, TOKEN, 'your Hightouch write key');
    const host =
      e.optionalText('apiHost', HOST, 'a host name without https://, e.g. "us-east-1.hightouch-events.com"') ??
      'us-east-1.hightouch-events.com';
    if (!key || e.problem) return [];
    return [
      {
        inline:
          `(function(){var e=window.htevents=window.htevents||[];if(e.initialize||e.invoked)return;e.invoked=!0;e.methods=["trackSubmit","trackClick","trackLink","trackForm","pageview","identify","reset","group","track","ready","alias","debug","page","once","off","on","addSourceMiddleware","addIntegrationMiddleware","setAnonymousId","addDestinationMiddleware"];e.factory=function(t){return function(){var n=Array.prototype.slice.call(arguments);n.unshift(t);e.push(n);return e}};for(var t=0;t<e.methods.length;t++){var n=e.methods[t];e[n]=e.factory(n)}` +
          `var s=document.createElement("script");s.async=!0;s.src="https://cdn.hightouch-events.com/browser/release/v1-latest/events.min.js";document.head.appendChild(s);e._writeKey=${js(key)};e._loadOptions={apiHost:${js(host)}};e.SNIPPET_VERSION="0.0.1";e.page()})();`,
      },
    ];
  },
  hotjar: (e) => {
    const hjid = e.text('hjid', DIGITS, 'your Hotjar site id, digits');
    const hjsv = e.text('hjsv', DIGITS, 'your Hotjar snippet version, digits (e.g. "6")');
    if (!hjid || !hjsv) return [];
    return [
      {
        inline: `(function(h,o,t,j,a,r){h.hj=h.hj||function(){(h.hj.q=h.hj.q||[]).push(arguments)};h._hjSettings={hjid:${js(Number(hjid))},hjsv:${js(Number(hjsv))}};a=o.getElementsByTagName('head')[0];r=o.createElement('script');r.async=1;r.src=t+h._hjSettings.hjid+j+h._hjSettings.hjsv;a.appendChild(r)})(window,document,'https://static.hotjar.com/c/hotjar-','.js?sv=');`,
      },
    ];
  },
  intercom: (e) => {
    const id = e.text('appId', /^[A-Za-z0-9]{6,64}$/, 'your Intercom app id (at least 6 letters and digits)');
    if (!id) return [];
    return [
      {
        inline: `window.intercomSettings={api_base:'https://api-iam.intercom.io',app_id:${js(id)}};(function(){var w=window,ic=w.Intercom;if(typeof ic==='function'){ic('reattach_activator');ic('update',w.intercomSettings)}else{var i=function(){i.c(arguments)};i.q=[];i.c=function(a){i.q.push(a)};w.Intercom=i;var s=document.createElement('script');s.async=true;s.src=${js('https://widget.intercom.io/widget/' + id)};document.head.appendChild(s)}})();`,
      },
    ];
  },
  logrocket: (e) => {
    const key = e.value('appId') === undefined && e.value('apiKey') !== undefined ? 'apiKey' : 'appId';
    const id = e.text(key, /^[\w-]{1,64}\/[\w-]{1,64}$/, 'your LogRocket app id, "org/app"');
    return id
      ? [
          loadThen(
            'https://cdn.lr-ingest.com/LogRocket.min.js',
            `window.LogRocket&&window.LogRocket.init(${js(id)})`,
            `s.crossOrigin='anonymous';`,
          ),
        ]
      : [];
  },
  mixpanel: (e) => {
    const token = e.text('projectToken', ALNUM, 'your Mixpanel project token (letters and digits)');
    const region = e.optionalText('region', /^(us|eu|in)$/, '"us", "eu" or "in"') ?? 'us';
    if (!token || e.problem) return [];
    const host = region === 'us' ? 'https://api-js.mixpanel.com' : `https://api-${region}.mixpanel.com`;
    return [
      {
        inline:
          `(function(f,b){if(!b.__SV){var e,g,i,h;window.mixpanel=b;b._i=[];b.init=function(e,f,c){function g(a,d){var b=d.split(".");2==b.length&&(a=a[b[0]],d=b[1]);a[d]=function(){a.push([d].concat(Array.prototype.slice.call(arguments,0)))}}var a=b;"undefined"!==typeof c?a=b[c]=[]:c="mixpanel";a.people=a.people||[];a.toString=function(a){var d="mixpanel";"mixpanel"!==c&&(d+="."+c);a||(d+=" (stub)");return d};a.people.toString=function(){return a.toString(1)+".people (stub)"};i="disable time_event track track_pageview track_links track_forms track_with_groups add_group set_group remove_group register register_once alias unregister identify name_tag set_config reset opt_in_tracking opt_out_tracking has_opted_in_tracking has_opted_out_tracking clear_opt_in_out_tracking start_batch_senders people.set people.set_once people.unset people.increment people.append people.union people.track_charge people.clear_charges people.delete_user people.remove".split(" ");for(h=0;h<i.length;h++)g(a,i[h]);b._i.push([e,f,c])};b.__SV=1.2;e=f.createElement("script");e.type="text/javascript";e.async=!0;e.src="https://cdn.mxpnl.com/libs/mixpanel-2-latest.min.js";f.head.appendChild(e)}})(document,window.mixpanel||[]);` +
          `mixpanel.init(${js(token)},{api_host:${js(host)},track_pageview:true});`,
      },
    ];
  },
  pirsch: (e) => {
    const code = e.text('id', ALNUM, 'your Pirsch identification code (letters and digits)');
    return code ? [{ src: 'https://api.pirsch.io/pa.js', defer: true, attrs: { id: 'pianjs', 'data-code': code } }] : [];
  },
  plausible: (e) => {
    const domain = e.text('domain', /^[\w.-]+(,[\w.-]+)*$/, 'your site\'s domain, e.g. "docs.example.com"');
    const server = e.value('server') === undefined ? 'https://plausible.io' : e.url('server', 'an https URL');
    if (!domain || !server) return [];
    return [{ src: `${origin(server)}/js/script.js`, defer: true, attrs: { 'data-domain': domain } }];
  },
  posthog: (e) => {
    const key = e.text('apiKey', /^phc_[\w-]{1,128}$/, 'your project API key, "phc_…"');
    const host = e.value('apiHost') === undefined ? 'https://us.i.posthog.com' : e.url('apiHost', 'an https URL');
    const recording = e.value('sessionRecording');
    if (recording !== undefined && typeof recording !== 'boolean') e.fail('sessionRecording', 'is not valid: true or false');
    if (!key || !host || e.problem) return [];
    const api = origin(host);
    const assets = api.replace('://us.i.', '://us-assets.i.').replace('://eu.i.', '://eu-assets.i.');
    return [
      loadThen(
        assets + '/static/array.js',
        `window.posthog&&window.posthog.init(${js(key)},{api_host:${js(api)},disable_session_recording:${!recording}})`,
      ),
    ];
  },
  segment: (e) => {
    const key = e.text('key', TOKEN, 'your Segment write key');
    if (!key) return [];
    return [
      {
        inline:
          `(function(){var i="analytics",analytics=window[i]=window[i]||[];if(analytics.initialize||analytics.invoked)return;analytics.invoked=!0;analytics.methods=["trackSubmit","trackClick","trackLink","trackForm","pageview","identify","reset","group","track","ready","alias","debug","page","screen","once","off","on","addSourceMiddleware","addIntegrationMiddleware","setAnonymousId","addDestinationMiddleware","register"];analytics.factory=function(e){return function(){var t=Array.prototype.slice.call(arguments);t.unshift(e);analytics.push(t);return analytics}};for(var n=0;n<analytics.methods.length;n++){var key=analytics.methods[n];analytics[key]=analytics.factory(key)}` +
          `analytics.load=function(key,n){var t=document.createElement("script");t.type="text/javascript";t.async=!0;t.src="https://cdn.segment.com/analytics.js/v1/"+encodeURIComponent(key)+"/analytics.min.js";document.head.appendChild(t);analytics._loadOptions=n};analytics._writeKey=${js(key)};analytics.SNIPPET_VERSION="5.2.0";analytics.load(${js(key)});analytics.page()})();`,
      },
    ];
  },
};

/** Keys of `integrations` that are not third-party scripts of their own. */
const NOT_VENDORS = new Set(['telemetry', 'cookies', 'transcend']);

/** `integrations.cookies` / `integrations.transcend` -> the consent that gates the tags, its loader, its problems. */
function readConsent(all: Record<string, unknown>, problems: string[]): { consent?: Consent; manager: ScriptTag[] } {
  if (all.transcend !== undefined) {
    const e = new Entry(all.transcend, '/integrations/transcend');
    const bundle = e.text('bundleId', /^[\w-]{1,128}$/, 'your Transcend bundle id (letters, digits, - and _)');
    const purpose = e.optionalText('analyticsPurpose', /^[^<>]{1,100}$/, 'the name of a Transcend purpose') ?? 'Analytics';
    if (e.problem) problems.push(`${e.problem}; no third-party script is loaded without it`);
    if (!bundle) return { consent: { transcend: purpose }, manager: [] };
    const manager = [{ src: `https://transcend-cdn.com/cm/${bundle}/airgap.js`, attrs: { 'data-cfasync': 'false' } }];
    return { consent: { transcend: purpose }, manager };
  }
  if (all.cookies === undefined) return { manager: [] };
  const e = new Entry(all.cookies, '/integrations/cookies');
  const key = e.text('key', /^.{1,200}$/s, 'the localStorage key your consent manager sets');
  const value = e.text('value', /^.{1,1000}$/s, 'the value it holds once the reader consents');
  if (e.problem) problems.push(`${e.problem}; no third-party script is loaded until it is fixed`);
  return { consent: { key: key ?? '', value: value ?? '' }, manager: [] };
}

/** Everything `integrations` asks for: the tags, the consent gating them, and one line per entry left out. */
export function readIntegrations(integrations: unknown): Integrations {
  if (integrations === undefined) return { tags: [], manager: [], problems: [] };
  if (!integrations || typeof integrations !== 'object' || Array.isArray(integrations))
    return { tags: [], manager: [], problems: ['/integrations: must be an object; left out'] };
  const all = integrations as Record<string, unknown>;
  const problems: string[] = [];
  const tags: ScriptTag[] = [];
  for (const [name, raw] of Object.entries(all)) {
    if (NOT_VENDORS.has(name)) continue;
    const vendor = VENDORS[name];
    if (!vendor) {
      problems.push(`/integrations/${name}: not a vendor Lectern knows (known: ${Object.keys(VENDORS).join(', ')}); left out`);
      continue;
    }
    const e = new Entry(raw, `/integrations/${name}`);
    const isObject = !!raw && typeof raw === 'object' && !Array.isArray(raw);
    const out = isObject || name === 'frontchat' ? vendor(e) : (e.fail(undefined, 'must be an object'), []);
    if (e.problem) problems.push(`${e.problem}; ${name} left out`);
    else tags.push(...out);
  }
  const { consent, manager } = readConsent(all, problems);
  if (consent && 'key' in consent && (!consent.key || !consent.value)) return { tags: [], manager, consent, problems };
  return { tags, manager, ...(consent ? { consent } : {}), problems };
}

/** The analytics tags of `integrations`, ignoring consent (see `readIntegrations`). */
export const analyticsTags = (integrations: unknown): ScriptTag[] => readIntegrations(integrations).tags;

/** One line per entry Lectern leaves out: unknown vendors and invalid values, each named by its JSON pointer. */
export const integrationProblems = (integrations: unknown): string[] => readIntegrations(integrations).problems;

/**
 * The page script that holds the tags back until the reader consents, as Mintlify defines it: `cookies` = the
 * localStorage key holds the value (set by the site's own consent manager, in this tab or another; a cookie of that
 * name holding the value counts too, as Mintlify's settings reference calls them cookie key and value); `transcend` =
 * airgap.js reports consent to the purpose. Checked at once, on `storage` events and every half second, so the tags
 * load without a reload; a consent revoked after they loaded reloads the page, which tears them down. Reads its
 * data from the JSON block with id `lectern-analytics`.
 */
export const CONSENT_LOADER = `(function(){var d=document,c=JSON.parse(d.getElementById('lectern-analytics').textContent),done=false;
function granted(){try{if(c.consent.transcend){var a=window.airgap,p=a&&a.getConsent&&a.getConsent();return !!(p&&p.purposes&&p.purposes[c.consent.transcend]===true)}return !!c.consent.key&&(localStorage.getItem(c.consent.key)===c.consent.value||cookie(c.consent.key)===c.consent.value)}catch(e){return false}}
function cookie(k){var all=d.cookie?d.cookie.split('; '):[];for(var i=0;i<all.length;i++){var j=all[i].indexOf('=');try{if(decodeURIComponent(all[i].slice(0,j))===k)return decodeURIComponent(all[i].slice(j+1))}catch(e){}}return null}
function load(){done=true;c.tags.forEach(function(t){var s=d.createElement('script');if(t.src){s.src=t.src;s.async=t.async||t.defer||false}else s.textContent=t.inline;for(var k in t.attrs||{})s.setAttribute(k,t.attrs[k]);d.head.appendChild(s)});window.dispatchEvent(new Event('lectern:consent'))}
function check(){var g=granted();if(g&&!done)load();else if(!g&&done)location.reload()}
check();setInterval(check,500);addEventListener('storage',check)})();`;
