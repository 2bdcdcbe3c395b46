/**
 * The OpenAPI playground island in real Chromium against real servers on 127.0.0.1 (see e2e/harness.ts).
 * Props come from the real pipeline: loadSpec(test/fixtures/api.yaml) -> playgroundProps().
 */
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../../astro/test/helpers.ts';
import { HTML, MP3, MP4, PNG, startHarness, type Harness, type PageCase } from './e2e/harness.ts';

const ECHO = 'post-echo-id-coords';
const MEDIA = 'get-media-kind';

let browser: Browser;
let h: Harness;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  h = await startHarness();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

async function open(c: PageCase, viewport = { width: 1000, height: 1400 }, context?: BrowserContext): Promise<Page> {
  const ctx = context ?? (await browser.newContext({ viewport }));
  if (!context) contexts.push(ctx);
  const page = await ctx.newPage();
  // Count settled fetches, so a test can wait for "this request finished" even when two answers look alike.
  await page.addInitScript(() => {
    const w = window as unknown as { __fetches: number };
    w.__fetches = 0;
    const original = window.fetch;
    window.fetch = function (...args: Parameters<typeof fetch>) {
      const p = original.apply(this, args);
      p.then(
        () => {
          w.__fetches++;
        },
        () => {
          w.__fetches++;
        },
      );
      return p;
    };
  });
  await page.goto(h.page(c));
  await page.waitForSelector('html[data-ready="1"]');
  return page;
}

const id = (op: string, key: string) => `#${op}-${key.replace(/[^A-Za-z0-9_-]/g, '_')}`;
const last = <T>(list: T[]): T => list[list.length - 1]!;

/** Click Send and wait until that request settled and the response area shows its result. */
async function sendAndWait(page: Page): Promise<void> {
  const before = await page.evaluate(() => (window as unknown as { __fetches: number }).__fetches);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.waitForFunction((n) => {
    const el = document.querySelector('.lp-response') as HTMLElement;
    return (window as unknown as { __fetches: number }).__fetches > n && el.getAttribute('aria-busy') !== 'true';
  }, before);
}

describe('sending', () => {
  it('prefilled form, proxy off: every parameter location, x-default bearer, JSON body with null kept', async () => {
    const page = await open({ operation: 'echo', options: { prefill: true, proxy: false } });
    expect(await page.inputValue(id(ECHO, 'param:path:id'))).toBe('42');
    expect(await page.inputValue(id(ECHO, 'auth-bearerAuth'))).toBe('default-token');
    // Cookies cannot be sent by the browser itself: the island says so.
    await expect(page.locator('.lp-note').first().innerText()).resolves.toContain('proxy');
    const n = h.received.length;
    await sendAndWait(page);
    expect(h.received.length).toBe(n + 1);
    const r = last(h.received);
    expect(r.method).toBe('POST');
    expect(r.url).toBe('/api/echo/42/;coords=x1;coords=y2?tags=a|b&filter[kind]=small&verbose=false&limit=0');
    expect(r.headers.authorization).toBe('Bearer default-token');
    expect(r.headers['x-trace']).toBe('trace-1');
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.headers.cookie).toBeUndefined();
    expect(JSON.parse(r.body.toString())).toEqual({ name: 'root', note: null, children: [{ name: 'leaf' }] });
    await expect(page.locator('.lp-status').innerText()).resolves.toMatch(/^200/);
    expect(await page.locator('.lp-json .lp-k').count()).toBeGreaterThan(0);
    await page.locator('.lp-headers summary').click();
    await expect(page.locator('.lp-headers').innerText()).resolves.toContain('x-echo');
    await page.locator('.lp-samples summary').click();
    // Until the generators have loaded the island shows its own cURL; then httpsnippet's, as on the page.
    await page.locator('.lp-samples[data-live="ready"]').waitFor();
    const curl = await page.locator('.lp-samples pre').innerText();
    expect(curl).toContain(`--url '${h.origin}/api/echo/42/;coords=x1;coords=y2?tags=a%7Cb&filter%5Bkind%5D=small&verbose=false&limit=0'`);
    // The token the form holds is masked in the sample until the reader asks to see it.
    expect(curl).toContain(`--header 'Authorization: Bearer <token>'`);
    expect(curl).not.toContain('default-token');
    expect(curl).toContain(`"note": null`);
  });

  it('prefill sends only values the spec gives: a field without an example stays empty and is not sent', async () => {
    const page = await open({ operation: 'plantSong', options: { prefill: true, proxy: true } });
    const field = (suffix: string) => page.locator(`[id$="${suffix}"]`).first();
    expect(await field('param_path_plantId').inputValue()).toBe('');
    expect(await field('param_header_X-Request-Id').inputValue()).toBe('');
    expect(await field('param_cookie_session').inputValue()).toBe('');
    expect(await field('param_query_volume').inputValue()).toBe('');
    // Accessible names read as words, not "Bodyrequired".
    expect(await page.getByRole('group', { name: 'Body required', exact: true }).count()).toBe(1);
    expect(await page.getByLabel('plantId string required', { exact: true }).count()).toBe(1);
    const n = h.received.length;
    // The required path parameter has no example: Send stops at the required check, nothing goes out.
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.waitForSelector('.lp-alert');
    expect(h.received.length).toBe(n);
    await field('param_path_plantId').fill('p1');
    await sendAndWait(page);
    const r = last(h.received);
    expect(r.url).toBe('/api/echo/plants/p1/song');
    expect(r.headers['x-request-id']).toBeUndefined();
    expect(r.headers.cookie).toBeUndefined();
    expect(JSON.parse(r.body.toString())).toEqual({ name: 'fern', mood: 'calm' });
  });

  it('through the real proxy: basic, API key in header+query (both required), cookie key, OAuth client credentials', async () => {
    const page = await open({ operation: 'echo', options: { prefill: true } });
    const sec = id(ECHO, 'security');

    await page.selectOption(sec, { label: 'basicAuth' });
    await page.fill(`${id(ECHO, 'auth-basicAuth')}-user`, 'ada');
    await page.fill(`${id(ECHO, 'auth-basicAuth')}-password`, 'pä:ss');
    await sendAndWait(page);
    let r = last(h.received);
    expect(r.headers.authorization).toBe('Basic ' + Buffer.from('ada:pä:ss').toString('base64'));
    expect(r.headers.cookie).toBe('theme=light'); // cookie parameters travel through the proxy
    await expect(page.locator('.lp-status').innerText()).resolves.toMatch(/^200/);

    await page.selectOption(sec, { label: 'headerKey & queryKey' });
    await page.fill(id(ECHO, 'auth-headerKey'), 'hk-1');
    await page.fill(id(ECHO, 'auth-queryKey'), 'qk/2');
    await sendAndWait(page);
    r = last(h.received);
    expect(r.headers['x-api-key']).toBe('hk-1');
    expect(r.url).toContain('&api_key=qk%2F2');
    expect(r.headers.authorization).toBeUndefined();

    await page.selectOption(sec, { label: 'cookieKey' });
    await page.fill(id(ECHO, 'auth-cookieKey'), 'ck');
    await sendAndWait(page);
    r = last(h.received);
    expect(r.headers.cookie).toBe('theme=light; session_key=ck');

    // OpenID Connect: a pasted token is sent as a bearer token.
    await page.selectOption(sec, { label: 'oidc' });
    await page.fill(id(ECHO, 'auth-oidc'), 'oidc-token');
    await sendAndWait(page);
    expect(last(h.received).headers.authorization).toBe('Bearer oidc-token');

    await page.selectOption(sec, { label: 'oauth' });
    await page.fill(`${id(ECHO, 'auth-oauth')}-cid`, 'client-1');
    await page.fill(`${id(ECHO, 'auth-oauth')}-secret`, 's3cret');
    await page.getByRole('button', { name: 'Get token (client credentials)' }).click();
    await page.getByText('Token received.').waitFor();
    expect(await page.inputValue(id(ECHO, 'auth-oauth'))).toBe('cc-token');
    const t = last(h.tokens);
    expect(t.body.toString()).toBe('grant_type=client_credentials&scope=read');
    expect(t.headers.authorization).toBe('Basic ' + Buffer.from('client-1:s3cret').toString('base64'));
    await sendAndWait(page);
    expect(last(h.received).headers.authorization).toBe('Bearer cc-token');

    // Authorization code + PKCE in a popup; the redirect lands on the docs page, whose head stub posts the code back.
    await page.selectOption(sec, { label: 'oauthCode' });
    await page.fill(`${id(ECHO, 'auth-oauthCode')}-cid`, 'public-client');
    await page.getByRole('button', { name: 'Sign in (authorization code + PKCE)' }).click();
    await page.getByText('Token received.').waitFor();
    expect(await page.inputValue(id(ECHO, 'auth-oauthCode'))).toBe('pkce-token');
    const exchange = new URLSearchParams(last(h.tokens).body.toString());
    expect(exchange.get('grant_type')).toBe('authorization_code');
    expect(exchange.get('client_id')).toBe('public-client');
    expect(exchange.get('redirect_uri')).toBe(`${h.origin}/page`);
    await sendAndWait(page);
    expect(last(h.received).headers.authorization).toBe('Bearer pkce-token');
  });

  it('through the proxy, a redirect to another origin carries no credential: header, query and cookie API keys stay behind', async () => {
    const page = await open({ operation: 'echo', options: { prefill: true, proxy: true } });
    const sec = id(ECHO, 'security');
    await page.selectOption(sec, { label: 'headerKey & queryKey' });
    await page.fill(id(ECHO, 'auth-headerKey'), 'hk-secret');
    await page.fill(id(ECHO, 'auth-queryKey'), 'qk-secret');
    await page.fill(id(ECHO, 'param:path:id'), '307');
    await sendAndWait(page);
    let r = last(h.received);
    // The API answered 307 to the second origin; the proxy followed it without the reader's keys.
    expect(r.headers.host).toBe(new URL(h.other).host);
    expect(r.url.startsWith('/api/echo/307/')).toBe(true);
    expect(r.headers['x-api-key']).toBeUndefined();
    expect(r.url).not.toContain('qk-secret');
    expect(r.headers.cookie).toBeUndefined();
    expect(r.headers.authorization).toBeUndefined();
    await expect(page.locator('.lp-status').innerText()).resolves.toMatch(/^200/);
    await expect(page.locator('.lectern-playground').innerText()).resolves.toContain('landed');

    await page.selectOption(sec, { label: 'cookieKey' });
    await page.fill(id(ECHO, 'auth-cookieKey'), 'ck-secret');
    await sendAndWait(page);
    r = last(h.received);
    expect(r.headers.host).toBe(new URL(h.other).host);
    expect(r.headers.cookie).toBeUndefined();
  });

  it('OAuth implicit flow (token read from the redirect fragment) and password grant, scopes selectable', async () => {
    const page = await open({ operation: 'echo', options: { prefill: true } });
    const sec = id(ECHO, 'security');
    const scope = (name: string) => page.getByRole('checkbox', { name, exact: true });

    // Implicit: a popup to the authorization endpoint with response_type=token; the redirect back to the docs page
    // carries the token in its fragment, which the page's stub posts to the opener.
    await page.selectOption(sec, { label: 'oauthImplicit' });
    const im = id(ECHO, 'auth-oauthImplicit');
    expect(await scope('read').isChecked()).toBe(true); // the requirement's scope starts selected
    expect(await scope('write').isChecked()).toBe(false);
    await scope('write').check();
    expect(await page.locator(`${im}-secret`).count()).toBe(0); // no client secret in a browser-only flow
    await page.fill(`${im}-cid`, 'spa-client');
    const tokensBefore = h.tokens.length;
    await page.getByRole('button', { name: 'Sign in (implicit)' }).click();
    await page.getByText('Token received.').waitFor();
    expect(await page.inputValue(im)).toBe('implicit-token');
    const a = last(h.authorizations);
    expect(a).toMatchObject({ response_type: 'token', client_id: 'spa-client', redirect_uri: `${h.origin}/page`, scope: 'read write' });
    expect(a.state).toMatch(/^lectern-/);
    expect(a.code_challenge).toBeUndefined();
    expect(h.tokens.length).toBe(tokensBefore); // no token endpoint in the implicit flow
    await sendAndWait(page);
    expect(last(h.received).headers.authorization).toBe('Bearer implicit-token');

    // Password grant (through the proxy): wrong password -> the server's message, nothing filled in.
    await page.selectOption(sec, { label: 'oauthPassword' });
    const pw = id(ECHO, 'auth-oauthPassword');
    expect(await page.locator('.lp-scopes input').count()).toBe(2);
    await scope('read').uncheck();
    await scope('admin').check();
    await page.fill(`${pw}-cid`, 'cli');
    await page.fill(`${pw}-username`, 'ada');
    await page.fill(`${pw}-userpass`, 'wrong');
    await page.getByRole('button', { name: 'Get token (password)' }).click();
    await page.getByText('Wrong username or password.').waitFor();
    expect(await page.inputValue(pw)).toBe('');
    await page.fill(`${pw}-userpass`, 'pa ss&word');
    await page.getByRole('button', { name: 'Get token (password)' }).click();
    await page.getByText('Token received.').waitFor();
    expect(await page.inputValue(pw)).toBe('password-token');
    let t = last(h.tokens);
    expect(Object.fromEntries(new URLSearchParams(t.body.toString()))).toEqual({
      grant_type: 'password',
      username: 'ada',
      password: 'pa ss&word',
      scope: 'admin',
      client_id: 'cli',
    });
    expect(t.headers.authorization).toBeUndefined();
    // With a client secret: HTTP Basic client authentication instead of client_id in the body.
    await page.fill(`${pw}-secret`, 'sec');
    const n = h.tokens.length;
    await page.getByRole('button', { name: 'Get token (password)' }).click();
    await expect.poll(() => h.tokens.length).toBe(n + 1);
    t = last(h.tokens);
    expect(t.headers.authorization).toBe('Basic ' + Buffer.from('cli:sec').toString('base64'));
    expect(new URLSearchParams(t.body.toString()).get('client_id')).toBeNull();
    await page.getByText('Token received.').waitFor();
    await sendAndWait(page);
    expect(last(h.received).headers.authorization).toBe('Bearer password-token');
    await page.screenshot({ path: path.join(tmpdir(), 'playground-oauth-password.png'), fullPage: true });
  });

  it('multipart upload through the proxy (file input) and directly (drag and drop); raw binary body', async () => {
    const page = await open({ operation: 'echo', options: { prefill: true } });
    await page.selectOption(id(ECHO, 'media'), 'multipart/form-data');
    await page.fill(`${id(ECHO, 'body')}-title`, 'A picture');
    await page.setInputFiles(`${id(ECHO, 'body')}-upload`, { name: 'pic.png', mimeType: 'image/png', buffer: PNG });
    await sendAndWait(page);
    let r = last(h.received);
    expect(r.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const text = r.body.toString('latin1');
    expect(text).toContain('name="title"\r\n\r\nA picture');
    expect(text).toContain('name="upload"; filename="pic.png"');
    expect(r.body.includes(PNG)).toBe(true);

    const direct = await open({ operation: 'echo', options: { prefill: true, proxy: false } });
    await direct.selectOption(id(ECHO, 'media'), 'multipart/form-data');
    await direct.evaluate(
      ({ sel, bytes }) => {
        const dt = new DataTransfer();
        dt.items.add(new File([new Uint8Array(bytes)], 'dropped.bin', { type: 'application/octet-stream' }));
        const zone = document.querySelector(sel)!.closest('.lp-drop')!;
        zone.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
      },
      { sel: `${id(ECHO, 'body')}-upload`, bytes: [...MP3] },
    );
    await expect(direct.locator('.lp-drop').innerText()).resolves.toContain('dropped.bin');
    await sendAndWait(direct);
    r = last(h.received);
    expect(r.body.toString('latin1')).toContain('filename="dropped.bin"');
    expect(r.body.includes(MP3)).toBe(true);

    await direct.selectOption(id(ECHO, 'media'), 'application/octet-stream');
    await direct.setInputFiles(id(ECHO, 'body'), { name: 'raw.mp4', mimeType: 'video/mp4', buffer: MP4 });
    await sendAndWait(direct);
    r = last(h.received);
    expect(r.headers['content-type']).toBe('application/octet-stream');
    expect(Buffer.compare(r.body, MP4)).toBe(0);
  });
});

describe('live request samples', () => {
  const LANGS = ['curl', 'py', 'javascript', 'go', 'ruby', 'php'];
  const LABELS = ['cURL', 'Python', 'JavaScript', 'Go', 'Ruby', 'PHP'];

  /** Every tab's label and source, read back from the DOM one tab at a time. */
  async function readSamples(page: Page): Promise<Array<{ label: string; source: string }>> {
    const tabs = page.locator('.lp-samples [role="tab"]');
    const out: Array<{ label: string; source: string }> = [];
    for (let i = 0; i < (await tabs.count()); i++) {
      await tabs.nth(i).click();
      const label = await tabs.nth(i).innerText();
      await page.waitForSelector(`.lp-samples pre[data-sample-lang="${label}"]`);
      out.push({ label, source: await page.locator('.lp-samples pre').innerText() });
    }
    return out;
  }

  it('show the request in the site languages, follow a path parameter, a header and a body field, and mask secrets', async () => {
    const page = await open({ operation: 'echo', options: { prefill: true, proxy: false, languages: [...LANGS, 'python', 'nope'] } });
    await page.locator('.lp-samples summary').click();
    // The generators load when the panel opens; until then the island's own cURL shows alone.
    await page.waitForSelector('.lp-samples [role="tab"]');
    const before = await readSamples(page);
    expect(before.map((s) => s.label)).toEqual(LABELS);
    for (const s of before) {
      expect(s.source, s.label).toContain('/api/echo/42/');
      expect(s.source, s.label).toContain('trace-1');
      expect(s.source, s.label).toContain('root');
      expect(s.source, s.label).not.toContain('default-token');
      expect(s.source, s.label).toContain('<token>');
    }
    expect(before[1]!.source).toContain('import requests');
    expect(before[3]!.source).toContain('http.NewRequest');

    await page.fill(id(ECHO, 'param:path:id'), '7');
    await page.fill(id(ECHO, 'param:header:X-Trace'), 'trace-99');
    await page.fill(`${id(ECHO, 'body')}-name`, 'renamed-node');
    const after = await readSamples(page);
    for (const [i, s] of after.entries()) {
      expect(s.source, s.label).not.toBe(before[i]!.source);
      expect(s.source, s.label).toContain('/api/echo/7/');
      expect(s.source, s.label).not.toContain('/api/echo/42/');
      expect(s.source, s.label).toContain('trace-99');
      expect(s.source, s.label).toContain('renamed-node');
    }

    // Revealing shows the token the form holds (and only then).
    await page.getByLabel('Show credentials').check();
    await expect(page.locator('.lp-samples pre').innerText()).resolves.toContain('default-token');
    await page.getByLabel('Show credentials').uncheck();
    await expect(page.locator('.lp-samples pre').innerText()).resolves.not.toContain('default-token');

    // Copy takes the sample as shown.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.locator('.lp-samples').getByRole('button', { name: 'Copy' }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await page.locator('.lp-samples pre').innerText());
  });
});

describe('body editors', () => {
  it('oneOf variant picker (titles as labels), booleans false kept, raw JSON and fields stay in sync', async () => {
    const page = await open({ operation: 'createPet', options: { proxy: false } });
    const body = id('post-pets', 'body');
    expect(await page.locator(`${body}-variant option`).allInnerTexts()).toEqual(['Cat', 'Dog']);
    await page.selectOption(`${body}-meow`, 'false');
    await page.fill(`${body}-lives`, '0');
    await sendAndWait(page);
    expect(JSON.parse(last(h.received).body.toString())).toEqual({ meow: false, lives: 0 });

    await page.selectOption(`${body}-variant`, { label: 'Dog' });
    await page.fill(`${body}-bark`, 'woof');
    await page.getByRole('button', { name: 'Raw JSON' }).click();
    expect(JSON.parse(await page.inputValue(body))).toEqual({ bark: 'woof' });
    await page.fill(body, '{"bark": "grr", "extra": null}');
    await page.getByRole('button', { name: 'Fields' }).click();
    expect(await page.inputValue(`${body}-bark`)).toBe('grr');
    await sendAndWait(page);
    expect(JSON.parse(last(h.received).body.toString())).toEqual({ bark: 'grr', extra: null });
    await page.screenshot({ path: path.join(tmpdir(), 'playground-variants.png'), fullPage: true });

    // application/x-www-form-urlencoded
    await page.selectOption(id('post-pets', 'media'), 'application/x-www-form-urlencoded');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.locator(`${body}-name`).locator('xpath=ancestor::div[contains(@class,"lp-field")]').innerText()).resolves.toContain(
      'Required',
    );
    await page.fill(`${body}-name`, 'Rex Jr & co');
    await page.fill(`${body}-age`, '0');
    await page.getByRole('button', { name: 'Add item to tags' }).click();
    await page.getByRole('button', { name: 'Add item to tags' }).click();
    await page.fill(`${body}-tags-0`, 'a');
    await page.fill(`${body}-tags-1`, 'b=c');
    await page.getByRole('button', { name: 'Remove tags[0]' }).click();
    await sendAndWait(page);
    const r = last(h.received);
    expect(r.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(r.body.toString()).toBe('name=Rex+Jr+%26+co&age=0&tags=b%3Dc');
  });
});

describe('bad input', () => {
  it('required fields and invalid JSON are marked inline and nothing is sent; defaults still apply without prefill', async () => {
    const page = await open({ operation: 'echo', options: { prefill: false } });
    const n = h.received.length;
    expect(await page.inputValue(id(ECHO, 'param:path:id'))).toBe('');
    expect(await page.inputValue(id(ECHO, 'param:query:verbose'))).toBe('false'); // schema default without prefill
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.waitForSelector('.lp-alert');
    expect(
      await page
        .locator(`${id(ECHO, 'param:path:id')} >> xpath=ancestor::div[contains(@class,"lp-field")]//p[contains(@class,"lp-error")]`)
        .innerText(),
    ).toBe('Required');
    expect(await page.locator('[aria-invalid="true"]').count()).toBeGreaterThanOrEqual(1);
    await expect(page.locator('.lectern-playground').innerText()).resolves.toContain('A request body is required');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(`${ECHO}-param_path_id`);
    await page.screenshot({ path: path.join(tmpdir(), 'playground-errors.png'), fullPage: true });

    await page.fill(id(ECHO, 'param:path:id'), '0');
    await page.getByRole('button', { name: 'Add item to coords' }).click();
    await page.fill(`${id(ECHO, 'param:path:coords')}-0`, 'c');
    await page.getByRole('button', { name: 'Raw JSON' }).click();
    await page.fill(id(ECHO, 'body'), '{"name": ');
    await expect(page.locator(`${id(ECHO, 'body')}-err`).innerText()).resolves.toMatch(/^Invalid JSON/);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.waitForTimeout(300);
    expect(h.received.length).toBe(n);

    await page.fill(id(ECHO, 'body'), '{"note": null}');
    await page.getByRole('button', { name: 'Fields' }).click();
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(
      page
        .locator(`${id(ECHO, 'body')}-name`)
        .locator('xpath=ancestor::div[contains(@class,"lp-field")]')
        .innerText(),
    ).resolves.toContain('Required');
    expect(h.received.length).toBe(n);

    await page.fill(`${id(ECHO, 'body')}-name`, 'n');
    await page.selectOption(`${id(ECHO, 'body')}-size`, { label: 'm' });
    // Optional nested objects start collapsed.
    const meta = page.locator('details.lp-nested', { has: page.locator(`${id(ECHO, 'body')}-meta`) });
    expect(await meta.getAttribute('open')).toBeNull();
    await meta.locator('summary').click();
    await page.fill(`${id(ECHO, 'body')}-meta-color`, 'red');
    await sendAndWait(page);
    expect(h.received.length).toBe(n + 1);
    const r = last(h.received);
    expect(r.url).toBe('/api/echo/0/;coords=c?verbose=false');
    expect(JSON.parse(r.body.toString())).toEqual({ note: null, name: 'n', size: 'm', meta: { color: 'red' } });
  });
});

describe('responses', () => {
  async function fetchKind(page: Page, kind: string) {
    await page.selectOption(id(MEDIA, 'param:path:kind'), { label: kind });
    await sendAndWait(page);
  }
  const blobBytes = (page: Page, sel: string) =>
    page.evaluate(async (s) => {
      const src = (document.querySelector(s) as HTMLMediaElement | HTMLImageElement).src;
      return { src, bytes: [...new Uint8Array(await (await fetch(src)).arrayBuffer())] };
    }, sel);

  for (const proxy of [false, true]) {
    it(`render by Content-Type (proxy ${proxy ? 'on' : 'off'}): image, audio, video as blobs; JSON pretty; HTML as inert text`, async () => {
      const page = await open({ operation: 'media', options: { proxy } });
      await fetchKind(page, 'png');
      await page.waitForFunction(() => (document.querySelector('img.lp-media') as HTMLImageElement | null)?.naturalWidth === 2);
      const img = await blobBytes(page, 'img.lp-media');
      expect(img.src.startsWith('blob:')).toBe(true);
      expect(Buffer.from(img.bytes).equals(PNG)).toBe(true);

      await fetchKind(page, 'mp3');
      const audio = await blobBytes(page, 'audio.lp-media');
      expect(audio.src.startsWith('blob:')).toBe(true);
      expect(Buffer.from(audio.bytes).equals(MP3)).toBe(true); // never UTF-8 decoded
      expect(await page.locator('audio.lp-media').getAttribute('controls')).not.toBeNull();

      if (!proxy) await page.screenshot({ path: path.join(tmpdir(), 'playground-audio.png'), fullPage: true });
      await fetchKind(page, 'mp4');
      const video = await blobBytes(page, 'video.lp-media');
      expect(Buffer.from(video.bytes).equals(MP4)).toBe(true);

      await fetchKind(page, 'json');
      const code = page.locator('.lp-json');
      expect(await code.innerText()).toBe('{\n  "ok": true,\n  "n": 1.5,\n  "none": null,\n  "list": [\n    "a"\n  ]\n}');
      expect(await page.locator('.lp-json .lp-b').first().innerText()).toBe('true');
      expect(await page.locator('.lp-json .lp-z').first().innerText()).toBe('null');

      if (!proxy) await page.screenshot({ path: path.join(tmpdir(), 'playground-json.png'), fullPage: true });
      await fetchKind(page, 'html');
      expect(await page.locator('.lp-response pre').innerText()).toBe(HTML);
      expect(await page.locator('#injected').count()).toBe(0);
      expect(await page.locator('#xssimg').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    });
  }

  it('5xx, proxy refusal, network failure, CORS refusal and cancel show clear messages and keep the form', async () => {
    const page = await open({ operation: 'media', options: { proxy: true } });
    await fetchKind(page, 'fail');
    await expect(page.locator('.lp-status').innerText()).resolves.toMatch(/^503/);
    await expect(page.locator('.lp-response').innerText()).resolves.toContain('server error (503)');
    await expect(page.locator('.lp-response pre').innerText()).resolves.toBe('upstream is down');

    // Proxy refuses an origin outside its allowlist: shown as the proxy's error, not the API's.
    const refused = await open({ operation: 'media', options: { proxy: true }, port: 9 });
    await refused.selectOption(id(MEDIA, 'param:path:kind'), { label: 'json' });
    await sendAndWait(refused);
    await expect(refused.locator('.lp-alert').innerText()).resolves.toMatch(/^Proxy error \(\w[\w-]*\)/);
    expect(await refused.locator('.lp-status').count()).toBe(0);

    // Direct to a closed port: network failure.
    const down = await open({ operation: 'media', options: { proxy: false }, port: 9 });
    await down.selectOption(id(MEDIA, 'param:path:kind'), { label: 'json' });
    await sendAndWait(down);
    await expect(down.locator('.lp-alert').innerText()).resolves.toContain('Network error or CORS refusal');
    expect(await down.inputValue(id(MEDIA, 'param:path:kind'))).not.toBe('');

    // Direct to another origin without CORS headers (localhost vs 127.0.0.1): refused by the browser.
    const cors = await open({ operation: 'media', options: { proxy: false } });
    await cors.selectOption(id(MEDIA, 'server'), { index: 1 });
    await cors.selectOption(id(MEDIA, 'param:path:kind'), { label: 'json' });
    await sendAndWait(cors);
    await expect(cors.locator('.lp-alert').innerText()).resolves.toContain('CORS');

    // Timeout (a short one configured for this page).
    const slow = await open({ operation: 'media', options: { proxy: false, timeoutMs: 300 } });
    await slow.selectOption(id(MEDIA, 'param:path:kind'), { label: 'slow' });
    await sendAndWait(slow);
    await expect(slow.locator('.lp-alert').innerText()).resolves.toContain('Timed out');

    // Cancel a request in flight.
    await fetchKind(page, 'json');
    await page.selectOption(id(MEDIA, 'param:path:kind'), { label: 'slow' });
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForSelector('.lp-alert');
    await expect(page.locator('.lp-alert').innerText()).resolves.toContain('Cancelled');
    await down.screenshot({ path: path.join(tmpdir(), 'playground-network-error.png'), fullPage: true });
    expect(await page.locator(id(MEDIA, 'param:path:kind')).locator('option:checked').innerText()).toBe('slow');
  });
});

describe('display modes, hooks and persistence', () => {
  it('auth mode renders only for a signed-in reader, and only in the page groups', async () => {
    const anon = await open({ operation: 'media', options: { display: 'auth' } });
    expect(await anon.locator('.lectern-playground').count()).toBe(0);
    await anon.evaluate(() => (window as unknown as { __setAuthUser(u: object): void }).__setAuthUser({ email: 'a@b.c' }));
    await anon.waitForSelector('.lectern-playground');

    const outsider = await open({
      operation: 'media',
      options: { display: 'auth', groups: ['admin'] },
      head: `window.lectern.auth = { user: { groups: ['viewer'] } };`,
    });
    expect(await outsider.locator('.lectern-playground').count()).toBe(0);
    const member = await open({
      operation: 'media',
      options: { display: 'auth', groups: ['admin'] },
      head: `window.lectern.auth = { user: { groups: ['viewer', 'admin'] } };`,
    });
    await member.waitForSelector('.lectern-playground');
    await member.evaluate(() => (window as unknown as { __setAuthUser(u: null): void }).__setAuthUser(null));
    await member.waitForSelector('.lectern-playground', { state: 'detached' });

    const open1 = await open({ operation: 'media', options: { display: 'interactive' } });
    expect(await open1.locator('.lectern-playground').count()).toBe(1);
  });

  it('credentials: true sends the browser cookie cross-origin; false does not; server vars from the queued runtime hook', async () => {
    for (const credentials of [true, false]) {
      const ctx = await browser.newContext();
      contexts.push(ctx);
      await ctx.addCookies([{ name: 'sid', value: 'cookie-1', domain: '127.0.0.1', path: '/' }]);
      const head = `window.lectern.playground.setServerVariables({ port: '${new URL(h.other).port}' });`;
      const page = await open({ operation: 'whoami', options: { proxy: false, credentials }, port: 'keep', head }, undefined, ctx);
      expect(await page.inputValue(id('get-whoami', 'var-port'))).toBe(new URL(h.other).port);
      const n = h.whoami.length;
      await sendAndWait(page);
      expect(h.whoami.length).toBe(n + 1);
      expect(last(h.whoami).headers.cookie).toBe(credentials ? 'sid=cookie-1' : undefined);
      await expect(page.locator('.lp-status').innerText()).resolves.toMatch(/^200/);
    }
  });

  it('runtime hooks after load: setInputs prefills, setServerVariables > saved > default, clearServerVariables', async () => {
    const page = await open({ operation: 'echo', options: { prefill: false }, port: 'keep' });
    const port = id(ECHO, 'var-port');
    expect(await page.inputValue(port)).toBe('1');
    await page.evaluate(() =>
      window.lectern!.playground!.setInputs({ header: { 'X-Trace': 'from-hook', Authorization: 'Bearer hook-token' }, path: { id: '7' } }),
    );
    await page.waitForFunction(
      (sel) => (document.querySelector(sel) as HTMLInputElement).value === 'from-hook',
      id(ECHO, 'param:header:X-Trace'),
    );
    expect(await page.inputValue(id(ECHO, 'param:path:id'))).toBe('7');
    expect(await page.inputValue(id(ECHO, 'auth-bearerAuth'))).toBe('hook-token');
    await page.evaluate(() => window.lectern!.playground!.setServerVariables({ port: '4444' }));
    await page.waitForFunction((sel) => (document.querySelector(sel) as HTMLInputElement).value === '4444', port);
    await page.evaluate(() => window.lectern!.playground!.clearServerVariables());
    await page.waitForFunction((sel) => (document.querySelector(sel) as HTMLInputElement).value === '1', port);

    // A value the reader types is saved; a new page load shows it; a runtime value still wins over it.
    await page.fill(port, '5555');
    await page.fill(id(ECHO, 'auth-bearerAuth'), 'typed-token');
    await page.reload();
    await page.waitForSelector('html[data-ready="1"]');
    expect(await page.inputValue(port)).toBe('5555');
    expect(await page.inputValue(id(ECHO, 'auth-bearerAuth'))).toBe('typed-token');
    await page.evaluate(() => window.lectern!.playground!.setServerVariables({ port: '6666' }));
    await page.waitForFunction((sel) => (document.querySelector(sel) as HTMLInputElement).value === '6666', port);
    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(JSON.parse(stored['lectern:auth:bearerAuth']!)).toEqual({ token: 'typed-token' });
  });
});

describe('accessibility and looks', () => {
  it('every control is labelled; Enter submits; screenshots light/dark, desktop and phone', async () => {
    for (const theme of ['light', 'dark'] as const) {
      for (const viewport of [
        { width: 1000, height: 1600 },
        { width: 375, height: 1600 },
      ]) {
        const page = await open({ operation: 'echo', options: { prefill: true, proxy: false }, theme }, viewport);
        const unlabelled = await page.evaluate(() =>
          [...document.querySelectorAll('input, select, textarea')]
            .filter((el) => !((el as HTMLInputElement).labels?.length || el.getAttribute('aria-label') || el.closest('label')))
            .map((el) => el.outerHTML),
        );
        expect(unlabelled).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.focus(id(ECHO, 'param:path:id'));
        await page.keyboard.press('Enter');
        await page.waitForSelector('.lp-status');
        await page.focus(id(ECHO, 'param:header:X-Trace'));
        await page.screenshot({ path: path.join(tmpdir(), `playground-${theme}-${viewport.width}.png`), fullPage: true });
      }
    }
  });
});
