/**
 * Icon names resolve at build time: docs.json `icons.library` (Font Awesome by default, Lucide, Tabler), Font Awesome
 * styles via `iconType`, brand logos as fallback, Lectern's hand-drawn set, and only then a placeholder with a warning.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jsx } from 'astro/jsx-runtime';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { iconSvg, setIconLibrary, setIconSource, unknownIcons } from '../src/shared/render/icons.ts';
import { FIXTURES, readPage } from './helpers.ts';

const PLACEHOLDER = '<circle cx="12" cy="12" r="3.5"/>';
/** The drawing inside the <svg> (what differs between icons). */
const body = (svg: string) => svg.replace(/^<svg[^>]*>/, '').replace(/<\/svg>$/, '');
const viewBox = (svg: string) => /viewBox="([^"]+)"/.exec(svg)?.[1];

describe('iconSvg name resolution', () => {
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    setIconLibrary(undefined);
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => warn.mockRestore());

  it('draws Font Awesome solid icons by default, in the markup shape callers expect', () => {
    const svg = iconSvg('rocket', 20);
    expect(svg).toMatch(
      /^<svg class="icon " viewBox="0 0 512 512" width="20" height="20" aria-hidden="true"><path fill="currentColor" d="M[^"]{200,}"\/><\/svg>$/,
    );
    expect(iconSvg('square-caret-down', 16)).not.toContain(PLACEHOLDER);
    expect(iconSvg('book-open', 16, 'extra')).toContain('class="icon extra"');
    expect(warn).not.toHaveBeenCalled();
  });

  it('picks the Font Awesome style from iconType, mapping Pro-only styles to the closest Free one', () => {
    const solid = body(iconSvg('flag', 16));
    const regular = body(iconSvg('flag', 16, { iconType: 'regular' }));
    expect(regular).not.toBe(solid);
    expect(body(iconSvg('flag', 16, { iconType: 'light' }))).toBe(regular);
    expect(body(iconSvg('flag', 16, { iconType: 'thin' }))).toBe(regular);
    expect(body(iconSvg('flag', 16, { iconType: 'sharp-solid' }))).toBe(solid);
    expect(body(iconSvg('flag', 16, { iconType: 'duotone' }))).toBe(solid);
    // Free "regular" has no rocket: the solid one is drawn rather than a placeholder.
    expect(body(iconSvg('rocket', 16, { iconType: 'regular' }))).toBe(body(iconSvg('rocket', 16)));
    // docs.json object form: { name, style }.
    expect(body(iconSvg({ name: 'flag', style: 'regular' }, 16))).toBe(regular);
  });

  it('falls back to Font Awesome brands for platform and language names', () => {
    for (const name of ['linkedin', 'github', 'youtube', 'slack', 'discord', 'bluesky', 'reddit', 'hacker-news', 'python', 'js']) {
      const svg = iconSvg(name, 18);
      expect(svg, name).not.toContain(PLACEHOLDER);
      expect(svg, name).toContain('fill="currentColor"');
    }
    expect(body(iconSvg('github', 16, { iconType: 'brands' }))).toBe(body(iconSvg('github', 16)));
    expect(warn).not.toHaveBeenCalled();
  });

  it('treats footer socials as brand logos first: `x` is the X logo, `website` a globe', () => {
    expect(body(iconSvg('x', 18, { social: true }))).toBe(body(iconSvg('x-twitter', 18)));
    expect(body(iconSvg('x', 18))).not.toBe(body(iconSvg('x-twitter', 18))); // <Icon icon="x"> is Font Awesome's letter
    expect(body(iconSvg('website', 18, { social: true }))).toBe(body(iconSvg('earth-americas', 18)));
    expect(body(iconSvg('linkedin', 18, { social: true }))).toBe(body(iconSvg('linkedin', 18)));
  });

  it('accepts Font Awesome 5 names that version 6 renamed', () => {
    expect(body(iconSvg('home', 16))).toBe(body(iconSvg('house', 16)));
    expect(body(iconSvg('info-circle', 16))).toBe(body(iconSvg('circle-info', 16)));
    expect(viewBox(iconSvg('home', 16))).not.toBe('0 0 24 24');
  });

  it('uses the library set in docs.json, and a per-icon { library } override', () => {
    const fa = body(iconSvg('rocket', 16));
    setIconLibrary('lucide');
    const lucide = iconSvg('rocket', 16);
    expect(viewBox(lucide)).toBe('0 0 24 24');
    expect(lucide).toContain('stroke="currentColor"');
    expect(body(lucide)).not.toBe(fa);
    // iconType only applies to Font Awesome.
    expect(iconSvg('rocket', 16, { iconType: 'regular' })).toBe(lucide);
    // Not in Lucide: brands, then Lectern's own set.
    expect(iconSvg('python', 16)).toContain('fill="currentColor"');
    setIconLibrary('tabler');
    const tabler = iconSvg('rocket', 16);
    expect(body(tabler)).not.toBe(body(lucide));
    expect(iconSvg('brand-python', 16)).not.toContain(PLACEHOLDER);
    expect(body(iconSvg({ name: 'rocket', library: 'lucide' }, 16))).toBe(body(lucide));
    expect(body(iconSvg({ name: 'rocket', library: 'fontawesome' }, 16))).toBe(fa);
    expect(warn).not.toHaveBeenCalled();
  });

  it("falls back to Lectern's hand-drawn icons, which `builtin` UI icons prefer", () => {
    // Font Awesome Pro names that Free lacks still draw something sensible.
    expect(iconSvg('message-bot', 16)).toContain('stroke="currentColor"');
    expect(iconSvg('brackets-curly', 16)).not.toContain(PLACEHOLDER);
    expect(iconSvg('menu', 20, { builtin: true })).toBe(
      '<svg class="icon " viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="M4 6h16M4 12h16M4 18h16"/></svg>',
    );
    expect(viewBox(iconSvg('copy', 16, { builtin: true }))).toBe('0 0 24 24');
    expect(viewBox(iconSvg('copy', 16))).not.toBe('0 0 24 24');
    expect(warn).not.toHaveBeenCalled();
  });

  it('draws an unknown name as a placeholder and warns once for each place it is written, naming it', () => {
    const svg = iconSvg('no-such-icon-anywhere', 16, { where: 'docs.json (navigation)' });
    expect(svg).toContain(PLACEHOLDER);
    iconSvg('no-such-icon-anywhere', 16, { where: 'docs.json (navigation)' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/unknown icon "no-such-icon-anywhere" in docs\.json \(navigation\).*Font Awesome/);
    // Without a place of its own, an icon is the page's that renders now.
    setIconSource('guides/b.mdx');
    iconSvg('no-such-icon-anywhere', 16);
    iconSvg('no-such-icon-anywhere', 16);
    setIconSource(undefined);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(String(warn.mock.calls[1]![0])).toMatch(/unknown icon "no-such-icon-anywhere" in guides\/b\.mdx:/);
    expect([...unknownIcons().get('no-such-icon-anywhere')!]).toEqual(['docs.json (navigation)', 'guides/b.mdx']);
    setIconLibrary('lucide');
    expect(unknownIcons().size).toBe(0);
    iconSvg('no-such-icon-anywhere', 16);
    expect(String(warn.mock.calls[2]![0])).toMatch(/Lucide/);
  });

  it('renders URLs and repo paths as images, escaping them', () => {
    expect(iconSvg('https://example.com/i.png?a=1&b="x"', 16)).toBe(
      '<img class="icon " src="https://example.com/i.png?a=1&amp;b=&quot;x&quot;" width="16" height="16" alt="" loading="lazy">',
    );
    expect(iconSvg('images/logo.svg', 24)).toContain('src="/images/logo.svg"');
    expect(iconSvg('/images/logo.svg', 24)).toContain('src="/images/logo.svg"');
    expect(iconSvg('javascript:alert(1).png', 24)).toContain('src="/javascript:alert(1).png"');
    expect(warn).not.toHaveBeenCalled();
  });

  it('re-serialises an inline <svg> JSX icon through an allow-list', () => {
    const el = jsx('svg', {
      viewBox: '0 0 10 10',
      onload: 'alert(1)',
      width: 999,
      children: [
        jsx('path', { d: 'M1 1h8v8z', strokeWidth: 2, onClick: 'alert(2)', fill: 'url(javascript:alert(3))' }),
        jsx('script', { children: 'alert(4)' }),
        jsx('use', { href: 'https://evil.example/x.svg#a' }),
        jsx('linearGradient', { id: 'g', gradientUnits: 'userSpaceOnUse' }),
      ],
    });
    expect(iconSvg(el, 16)).toBe(
      '<svg class="icon " viewBox="0 0 10 10" width="16" height="16" aria-hidden="true"><path d="M1 1h8v8z" stroke-width="2"></path><use></use><linearGradient id="g" gradientUnits="userSpaceOnUse"></linearGradient></svg>',
    );
    expect(iconSvg(jsx('img', { src: 'x' }), 16)).toBe('');
  });
});

describe('icons in a built site', () => {
  const roots: string[] = [];
  afterAll(() => Promise.all(roots.map((r) => rm(r, { recursive: true, force: true }))));

  async function build(library?: string): Promise<string> {
    const root = await mkdtemp(path.join(tmpdir(), 'lectern-icons-'));
    roots.push(root);
    await cp(path.join(FIXTURES, 'icons'), root, { recursive: true });
    if (library) {
      const file = path.join(root, 'docs.json');
      await writeFile(file, JSON.stringify({ ...JSON.parse(await readFile(file, 'utf8')), icons: { library } }));
    }
    const { buildSite } = await import('../src/cli/run.ts');
    return (await buildSite(root, { logLevel: 'error' })).outDir;
  }

  it('renders Font Awesome and brand icons as real paths, the footer linkedin social included', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const html = await readPage(await build(), 'index');
      setIconLibrary(undefined);
      const linkedin = /<a [^>]*aria-label="linkedin"[^>]*>(<svg.*?<\/svg>)<\/a>/.exec(html)?.[1];
      expect(linkedin).toBe(iconSvg('linkedin', 18));
      expect(linkedin).toMatch(/<path fill="currentColor" d="M[^"]{100,}"/);
      const inline = [...html.matchAll(/<span class="inline-icon">(.*?)<\/span>/g)].map((m) => m[1]);
      expect(inline[0]).toBe(iconSvg('rocket', 16));
      expect(inline[1]).toBe(iconSvg('flag', 16, { iconType: 'regular' }));
      expect(inline[2]).toBe(iconSvg('python', 16));
      expect(inline[3]).toContain(PLACEHOLDER);
      expect(inline[4]).toBe(
        '<svg class="icon " viewBox="0 0 10 10" width="16" height="16" aria-hidden="true"><path d="M1 1h8v8z" stroke-width="2"></path></svg>',
      );
      expect(html).toContain(body(iconSvg('square-caret-down', 20))); // <Card icon>
      expect(html).toContain(body(iconSvg('book-open', 14))); // docs.json group icon in the sidebar
      expect(html).not.toMatch(/alert\(/);
      const warned = warn.mock.calls.map((c) => String(c[0])).filter((m) => m.includes('unknown icon'));
      // Each named where it is written: the page's file, docs.json, a page's frontmatter; a sidebar icon drawn on every
      // page once.
      expect(warned.map((m) => /unknown icon ("[^"]+" in [^:]+):/.exec(m)?.[1]).sort()).toEqual([
        '"definitely-not-an-icon" in guide.mdx',
        '"definitely-not-an-icon" in index.mdx',
        '"not-a-frontmatter-icon" in the frontmatter of guide',
        '"not-a-nav-icon" in docs.json (navigation)',
      ]);
    } finally {
      warn.mockRestore();
    }
  }, 120_000);

  it('draws from the docs.json icons.library', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const html = await readPage(await build('lucide'), 'index');
      setIconLibrary('lucide');
      const rocket = /<span class="inline-icon">(.*?)<\/span>/.exec(html)?.[1];
      expect(rocket).toBe(iconSvg('rocket', 16));
      expect(rocket).toContain('stroke="currentColor"');
      expect(viewBox(rocket!)).toBe('0 0 24 24');
    } finally {
      warn.mockRestore();
    }
  }, 120_000);
});
