/**
 * Analytics and cookie consent in Chromium (issue 36). fixtures/analytics configures every vendor Mintlify documents,
 * `integrations.cookies` and a consent manager of its own (consent.js: a button that sets the localStorage key to the
 * value). Every request the page makes is recorded; vendor hosts are answered locally with an empty script (this
 * machine reaches loopback only). With `cookies` set, no request goes to a vendor until the reader consents, then all
 * go without a reload, and a consent taken back reloads the page; with `transcend` instead, they wait for its airgap.js
 * to report consent to the purpose. Without either, they go at once.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { FIXTURES, buildFixture, launchChromium, serveDist } from './helpers.ts';

/** The host each configured vendor's first script comes from. */
const VENDOR_HOSTS = [
  'assets.adobedtm.com',
  'cdn.amplitude.com',
  'www.clarity.ms',
  'tag.clearbit.com',
  'cdn.usefathom.com',
  'chat-assets.frontapp.com',
  'www.googletagmanager.com',
  'cdn.us.heap-api.com',
  'cdn.hightouch-events.com',
  'static.hotjar.com',
  'widget.intercom.io',
  'cdn.lr-ingest.com',
  'cdn.mxpnl.com',
  'api.pirsch.io',
  'plausible.io',
  'us-assets.i.posthog.com',
  'cdn.segment.com',
];

interface Site {
  url: string;
  close: () => Promise<void>;
}

/** Builds fixtures/analytics with its docs.json `integrations` changed by `edit`, and serves it. */
async function serveVariant(edit: (integrations: Record<string, unknown>) => void): Promise<Site> {
  const src = await mkdtemp(path.join(tmpdir(), 'lectern-analytics-'));
  await cp(path.join(FIXTURES, 'analytics'), src, { recursive: true });
  const config = JSON.parse(await readFile(path.join(src, 'docs.json'), 'utf8')) as { integrations: Record<string, unknown> };
  edit(config.integrations);
  await writeFile(path.join(src, 'docs.json'), JSON.stringify(config));
  const built = await buildFixture(src);
  const served = await serveDist(built.dist);
  return {
    url: served.url,
    close: async () => {
      await served.close();
      await built.cleanup();
      await rm(src, { recursive: true, force: true });
    },
  };
}

/** A page whose requests to other hosts than 127.0.0.1 are recorded (host names) and answered with an empty script. */
async function openPage(browser: Browser, url: string): Promise<{ page: Page; vendors: Set<string> }> {
  const page = await browser.newPage();
  const vendors = new Set<string>();
  page.on('request', (r) => {
    const host = new URL(r.url()).hostname;
    if (host !== '127.0.0.1') vendors.add(host);
  });
  await page.route(
    (u) => u.hostname !== '127.0.0.1',
    (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
  );
  await page.goto(url);
  return { page, vendors };
}

const allLoaded = (vendors: Set<string>, hosts: string[]) => hosts.every((h) => vendors.has(h));

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('with integrations.cookies', () => {
  let site: Site;
  beforeAll(async () => {
    site = await serveVariant(() => {});
  }, 180_000);
  afterAll(async () => {
    await site?.close();
  });

  it('sends nothing to a vendor before consent, then loads every vendor without a reload', async () => {
    const { page, vendors } = await openPage(browser, `${site.url}/`);
    try {
      await page.waitForSelector('#accept-cookies');
      await page.waitForTimeout(1500);
      expect([...vendors]).toEqual([]);
      const scripts = await page.$$eval('script[src]', (els) => els.map((e) => (e as HTMLScriptElement).src));
      expect(scripts.filter((s) => !s.startsWith('http://127.0.0.1'))).toEqual([]);
      await page.evaluate(() => ((window as unknown as { __samePage: boolean }).__samePage = true));
      await page.click('#accept-cookies');
      await page.waitForFunction(() => document.querySelector('script[src*="cdn.segment.com"]'));
      await expect.poll(() => allLoaded(vendors, VENDOR_HOSTS), { timeout: 5000 }).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      expect(await page.evaluate(() => typeof (window as unknown as { mixpanel?: unknown }).mixpanel)).toBe('object');
    } finally {
      await page.close();
    }
  });

  it('loads at once for a reader who consented before, and reloads when the consent is taken back', async () => {
    const { page, vendors } = await openPage(browser, `${site.url}/`);
    try {
      await page.click('#accept-cookies');
      await expect.poll(() => allLoaded(vendors, VENDOR_HOSTS), { timeout: 5000 }).toBe(true);
      vendors.clear();
      await page.reload();
      await expect.poll(() => allLoaded(vendors, VENDOR_HOSTS), { timeout: 5000 }).toBe(true);
      const reloaded = page.waitForEvent('load');
      await page.evaluate(() => localStorage.setItem('docs-consent', 'no'));
      await reloaded;
      vendors.clear();
      await page.waitForTimeout(1000);
      expect([...vendors]).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('takes a cookie of the configured name holding the value as consent too', async () => {
    const { page, vendors } = await openPage(browser, `${site.url}/`);
    try {
      await page.waitForTimeout(800);
      expect([...vendors]).toEqual([]);
      await page.evaluate(
        () => (document.cookie = 'docs-consent=' + encodeURIComponent('yes</script><script>window.__xss=1</script>') + '; path=/'),
      );
      await expect.poll(() => allLoaded(vendors, VENDOR_HOSTS), { timeout: 5000 }).toBe(true);
    } finally {
      await page.context().clearCookies();
      await page.close();
    }
  });

  it('keeps the consent value as data: the page carries no script made of it', async () => {
    const html = await (await fetch(`${site.url}/`)).text();
    expect(html).not.toContain('<script>window.__xss');
    expect(html).toContain('\\u003c/script>\\u003cscript>window.__xss=1\\u003c/script>');
  });
});

describe('with integrations.transcend', () => {
  let site: Site;
  beforeAll(async () => {
    site = await serveVariant((integrations) => {
      delete integrations.cookies;
      integrations.transcend = { bundleId: 'bundle-1', analyticsPurpose: 'Product Analytics' };
    });
  }, 180_000);
  afterAll(async () => {
    await site?.close();
  });

  it("loads Transcend's airgap.js at once and the vendors only once it reports consent to the purpose", async () => {
    const page = await browser.newPage();
    const vendors = new Set<string>();
    try {
      page.on('request', (r) => {
        const host = new URL(r.url()).hostname;
        if (host !== '127.0.0.1') vendors.add(host);
      });
      // A stand-in for airgap.js with Transcend's consent API: consent to a purpose is read from localStorage.
      const airgap = `window.airgap={getConsent:function(){return {purposes:{'Product Analytics':localStorage.getItem('granted')==='1'}}}};`;
      await page.route(
        (u) => u.hostname !== '127.0.0.1',
        (route) =>
          route.fulfill({
            status: 200,
            contentType: 'text/javascript',
            body: route.request().url().endsWith('/cm/bundle-1/airgap.js') ? airgap : '',
          }),
      );
      await page.goto(`${site.url}/`);
      await page.waitForFunction(() => 'airgap' in window);
      await page.waitForTimeout(1200);
      expect([...vendors]).toEqual(['transcend-cdn.com']);
      await page.evaluate(() => localStorage.setItem('granted', '1'));
      await expect.poll(() => allLoaded(vendors, VENDOR_HOSTS), { timeout: 5000 }).toBe(true);
    } finally {
      await page.close();
    }
  });
});

describe('without integrations.cookies', () => {
  let site: Site;
  beforeAll(async () => {
    site = await serveVariant((integrations) => {
      delete integrations.cookies;
      integrations.mixpanel = { projectToken: '</script><script>window.__xss=2</script>' };
    });
  }, 180_000);
  afterAll(async () => {
    await site?.close();
  });

  it('loads every valid vendor at once, and leaves an invalid one out', async () => {
    const { page, vendors } = await openPage(browser, `${site.url}/`);
    try {
      const expected = VENDOR_HOSTS.filter((h) => h !== 'cdn.mxpnl.com');
      await expect.poll(() => allLoaded(vendors, expected), { timeout: 5000 }).toBe(true);
      expect(vendors.has('cdn.mxpnl.com')).toBe(false);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      const html = await page.content();
      expect(html).not.toContain('__xss');
    } finally {
      await page.close();
    }
  });
});
