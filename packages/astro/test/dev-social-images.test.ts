/**
 * Social images under `lectern dev` (issue 34): the dev server (the CLI in a child process, on 127.0.0.1) answers the
 * `og:image` its page's head names with a 1200×630 PNG drawn on demand, and puts it in the build cache, so the next
 * `lectern build` copies it instead of drawing it again. A restricted page has no image, in dev as in a build.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomUtils, parseDocument } from 'htmlparser2';
import { socialImageStats } from '../src/build/og-images.ts';
import { startDev, writeTestSite } from './helpers.ts';

let root = '';
let dev: Awaited<ReturnType<typeof startDev>> | undefined;

const page = (title: string, extra = '') => `---\ntitle: ${JSON.stringify(title)}\n${extra}---\n\nWords.\n`;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'lectern-dev-og-'));
  await writeTestSite(
    root,
    { colors: { primary: '#7C3AED' }, navigation: { groups: [{ group: 'Start', pages: ['index', 'guide', 'staff'] }] } },
    {
      'index.mdx': page('Welcome'),
      'guide.mdx': page('Quickstart: your first request'),
      'staff.mdx': page('Staff salary plans', 'groups: ["staff"]\n'),
    },
  );
  dev = await startDev(root);
}, 120_000);

afterAll(async () => {
  await dev?.stop();
  if (root) await rm(root, { recursive: true, force: true });
});

/** The `og:image` of a dev page's head. */
async function ogImage(pathname: string): Promise<string | undefined> {
  const html = await (await fetch(dev!.url + pathname)).text();
  const meta = DomUtils.findOne((e) => e.name === 'meta' && e.attribs.property === 'og:image', parseDocument(html).children);
  return meta?.attribs.content;
}

describe('lectern dev social images', () => {
  it("answers a page's og:image with a 1200×630 PNG, drawn on demand and kept in the build cache", async () => {
    const image = await ogImage('/guide');
    expect(image).toBe('/_lectern/og/guide.png');
    const response = await fetch(new URL(image!, dev!.url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const data = Buffer.from(await response.arrayBuffer());
    expect(data.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(data.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect([data.readUInt32BE(16), data.readUInt32BE(20)]).toEqual([1200, 630]);
    // Asked again: the same bytes (from the cache).
    expect(Buffer.from(await (await fetch(new URL(image!, dev!.url))).arrayBuffer())).toEqual(data);

    // A build of the same site draws the other pages and copies this one from the cache dev filled.
    const { buildSite } = await import('../src/cli/run.ts');
    await buildSite(root, { logLevel: 'error' });
    expect(socialImageStats).toMatchObject({ pages: 2, cached: 1, drawn: 1, failed: 0 });
  }, 120_000);

  it('has no image for a restricted page, nor for a page that does not exist', async () => {
    expect(await ogImage('/staff')).toBeUndefined();
    for (const url of ['/_lectern/og/staff.png', '/_lectern/og/nowhere.png']) {
      const response = await fetch(dev!.url + url);
      expect(response.headers.get('content-type')).not.toBe('image/png');
    }
  }, 60_000);
});
