/**
 * docs.json `integrations` (issue 36): each vendor Mintlify documents becomes its loader with the configured value in
 * it as a JSON literal; a value of the wrong shape is a warning naming its JSON pointer and leaves the vendor out; no
 * value ever becomes markup or script of its own; `cookies` and `transcend` make the tags wait for consent.
 */
import { describe, expect, it } from 'vitest';
import { CONSENT_LOADER, VENDORS, integrationProblems, readIntegrations, type ScriptTag } from '../src/shared/site/analytics.ts';

const XSS = '</script><script>alert(1)</script>';

/** A valid entry per vendor, the host its loader fetches from, and the value that must appear in it. */
const VALID: Record<string, { entry: unknown; host: string; value: string }> = {
  adobe: {
    entry: { launchUrl: 'https://assets.adobedtm.com/launch-EN93497c30.min.js' },
    host: 'assets.adobedtm.com',
    value: 'launch-EN93497c30',
  },
  amplitude: { entry: { apiKey: '76bb138bf3fbf58186f0000000' }, host: 'cdn.amplitude.com', value: '"76bb138bf3fbf58186f0000000"' },
  clarity: { entry: { projectId: 'abc123xyz' }, host: 'www.clarity.ms', value: 'abc123xyz' },
  clearbit: { entry: { publicApiKey: 'pk_1a1882' }, host: 'tag.clearbit.com', value: 'pk_1a1882' },
  fathom: { entry: { siteId: 'ABCDEF' }, host: 'cdn.usefathom.com', value: 'ABCDEF' },
  frontchat: { entry: '1365d046d7c023e9b030ce90d02d093a', host: 'chat-assets.frontapp.com', value: '"1365d046d7c023e9b030ce90d02d093a"' },
  ga4: { entry: { measurementId: 'G-TEST123' }, host: 'www.googletagmanager.com', value: '"G-TEST123"' },
  gtm: { entry: { tagId: 'GTM-ABC123' }, host: 'www.googletagmanager.com', value: 'GTM-ABC123' },
  heap: { entry: { appId: '1234567890' }, host: 'cdn.us.heap-api.com', value: 'heap.load("1234567890")' },
  hightouch: {
    entry: { writeKey: '9132c81d', apiHost: 'eu-west-1.hightouch-events.com' },
    host: 'cdn.hightouch-events.com',
    value: '"eu-west-1.hightouch-events.com"',
  },
  hotjar: { entry: { hjid: '123456', hjsv: 6 }, host: 'static.hotjar.com', value: 'hjid:123456,hjsv:6' },
  intercom: { entry: { appId: 'abc123def4' }, host: 'widget.intercom.io', value: 'app_id:"abc123def4"' },
  logrocket: { entry: { appId: 'acme/docs-site' }, host: 'cdn.lr-ingest.com', value: '"acme/docs-site"' },
  mixpanel: {
    entry: { projectToken: 'abcdef0123456789', region: 'eu' },
    host: 'cdn.mxpnl.com',
    value: 'mixpanel.init("abcdef0123456789",{api_host:"https://api-eu.mixpanel.com"',
  },
  pirsch: { entry: { id: '8Kw7OKxBfswOjnKGZa7P9Day8JmVYwTp' }, host: 'api.pirsch.io', value: '8Kw7OKxBfswOjnKGZa7P9Day8JmVYwTp' },
  plausible: { entry: { domain: 'docs.example.com' }, host: 'plausible.io', value: 'docs.example.com' },
  posthog: { entry: { apiKey: 'phc_abc123', apiHost: 'https://eu.i.posthog.com' }, host: 'eu-assets.i.posthog.com', value: '"phc_abc123"' },
  segment: {
    entry: { key: 'nqJxiRG15Y6M594P8Sb8ESEciU3VC2' },
    host: 'cdn.segment.com',
    value: 'analytics.load("nqJxiRG15Y6M594P8Sb8ESEciU3VC2")',
  },
};

/** The field of each vendor's entry that holds its id (the one a bad value goes into). */
const FIELD: Record<string, string> = {
  adobe: 'launchUrl',
  amplitude: 'apiKey',
  clarity: 'projectId',
  clearbit: 'publicApiKey',
  fathom: 'siteId',
  frontchat: 'snippetId',
  ga4: 'measurementId',
  gtm: 'tagId',
  heap: 'appId',
  hightouch: 'writeKey',
  hotjar: 'hjid',
  intercom: 'appId',
  logrocket: 'appId',
  mixpanel: 'projectToken',
  pirsch: 'id',
  plausible: 'domain',
  posthog: 'apiKey',
  segment: 'key',
};

const text = (tags: ScriptTag[]) => tags.map((t) => `${t.src ?? ''} ${t.inline ?? ''} ${JSON.stringify(t.attrs ?? {})}`).join('\n');

describe('vendor loaders', () => {
  it('covers every analytics, chat and enrichment vendor Mintlify documents', () => {
    expect(Object.keys(VENDORS).sort()).toEqual(Object.keys(VALID).sort());
  });

  for (const [name, { entry, host, value }] of Object.entries(VALID)) {
    it(`${name}: loads from ${host} with the configured value, as valid JavaScript`, () => {
      const { tags, problems } = readIntegrations({ [name]: entry });
      expect(problems).toEqual([]);
      expect(tags.length).toBeGreaterThan(0);
      expect(text(tags)).toContain(host);
      expect(text(tags)).toContain(value);
      for (const t of tags) if (t.inline) expect(() => new Function(t.inline!)).not.toThrow();
      for (const t of tags) if (t.src) expect(new URL(t.src).protocol).toBe('https:');
    });

    it(`${name}: a markup value is a warning at its JSON pointer and the vendor is left out`, () => {
      const bad = typeof entry === 'string' ? XSS : { ...(entry as object), [FIELD[name]!]: XSS };
      const { tags, problems } = readIntegrations({ [name]: bad });
      expect(tags).toEqual([]);
      const pointer = typeof entry === 'string' ? `/integrations/${name}` : `/integrations/${name}/${FIELD[name]}`;
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(new RegExp(`^${pointer}: is not valid: .+; ${name} left out$`));
    });
  }

  it('reads the key spellings the pages disagree on (logrocket apiKey, hightouch apiKey, frontchat snippetId)', () => {
    expect(text(readIntegrations({ logrocket: { apiKey: 'a/b' } }).tags)).toContain('"a/b"');
    expect(text(readIntegrations({ hightouch: { apiKey: 'k1' } }).tags)).toContain('_writeKey="k1"');
    expect(text(readIntegrations({ hightouch: { apiKey: 'k1' } }).tags)).toContain('"us-east-1.hightouch-events.com"');
    expect(text(readIntegrations({ frontchat: { snippetId: 'abcdef12' } }).tags)).toContain('"abcdef12"');
  });

  it('names the missing field, a wrong optional field, a non-object entry and an unknown vendor', () => {
    expect(
      integrationProblems({
        mixpanel: {},
        hotjar: { hjid: '1' },
        posthog: { apiKey: 'phc_x', apiHost: 'http://insecure.example' },
        mixpanel2: {},
        heap: 'abc',
        telemetry: { enabled: false },
      }),
    ).toEqual([
      '/integrations/mixpanel/projectToken: is required: your Mixpanel project token (letters and digits); mixpanel left out',
      '/integrations/hotjar/hjsv: is required: your Hotjar snippet version, digits (e.g. "6"); hotjar left out',
      '/integrations/posthog/apiHost: is not valid: an https URL; posthog left out',
      `/integrations/mixpanel2: not a vendor Lectern knows (known: ${Object.keys(VENDORS).join(', ')}); left out`,
      '/integrations/heap: must be an object; heap left out',
    ]);
    expect(integrationProblems({ mixpanel: { projectToken: 'abc', region: 'mars' } })).toEqual([
      '/integrations/mixpanel/region: is not valid: "us", "eu" or "in"; mixpanel left out',
    ]);
  });
});

describe('consent', () => {
  it('no consent setting: the tags load at once', () => {
    const r = readIntegrations({ ga4: { measurementId: 'G-1' } });
    expect(r.consent).toBeUndefined();
    expect(r.tags).toHaveLength(2);
  });

  it('cookies: the key and value are kept as data, whatever they hold', () => {
    const r = readIntegrations({ cookies: { key: XSS, value: 'yes' }, segment: { key: 'abc' } });
    expect(r.consent).toEqual({ key: XSS, value: 'yes' });
    expect(r.problems).toEqual([]);
    expect(r.tags).toHaveLength(1);
  });

  it('cookies without a key: a warning, and no tag at all (never loaded without consent)', () => {
    const r = readIntegrations({ cookies: { value: 'yes' }, segment: { key: 'abc' } });
    expect(r.tags).toEqual([]);
    expect(r.problems).toEqual([
      '/integrations/cookies/key: is required: the localStorage key your consent manager sets; no third-party script is loaded until it is fixed',
    ]);
  });

  it('transcend: airgap.js loads at once and gates the others on the Analytics purpose (or the one named)', () => {
    const r = readIntegrations({ transcend: { bundleId: 'abc-123' }, ga4: { measurementId: 'G-1' } });
    expect(r.manager).toEqual([{ src: 'https://transcend-cdn.com/cm/abc-123/airgap.js', attrs: { 'data-cfasync': 'false' } }]);
    expect(r.consent).toEqual({ transcend: 'Analytics' });
    expect(readIntegrations({ transcend: { bundleId: 'b', analyticsPurpose: 'Product Analytics' } }).consent).toEqual({
      transcend: 'Product Analytics',
    });
    expect(readIntegrations({ transcend: { bundleId: '../x' } }).problems).toEqual([
      '/integrations/transcend/bundleId: is not valid: your Transcend bundle id (letters, digits, - and _); no third-party script is loaded without it',
    ]);
  });

  it('the loader is valid JavaScript', () => {
    expect(() => new Function(CONSENT_LOADER)).not.toThrow();
  });
});
