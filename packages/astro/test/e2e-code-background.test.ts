/**
 * docs.json `styling.codeblocks` and `background` (issue 36), built for real (fixtures/code-background): code blocks and
 * an endpoint page's samples in min-light / nord with a custom TextMate grammar, the `grid` decoration and a light/dark
 * `background.image`, read in Chromium in both modes; an unknown theme is a warning at its pointer from the build and
 * from `lectern check`.
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { FIXTURES, buildFixture, launchChromium, serveDist } from './helpers.ts';

const BIN = fileURLToPath(new URL('../bin/lectern.js', import.meta.url));
const SHOTS = process.env.LECTERN_SHOTS;

let root = '';
let dist = '';
let url = '';
let browser: Browser;
const cleanups: Array<() => Promise<void>> = [];
beforeAll(async () => {
  const built = await buildFixture(path.join(FIXTURES, 'code-background'));
  cleanups.push(built.cleanup);
  root = built.root;
  dist = built.dist;
  const served = await serveDist(dist);
  cleanups.push(served.close);
  url = served.url;
  browser = await launchChromium();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  for (const c of cleanups) await c();
});

const codeCss = () => readFile(path.join(dist, '_lectern', 'code.css'), 'utf8');

/** The HTML page of the one API operation. */
async function endpointHtml(out = dist): Promise<string> {
  const pages: string[] = [];
  const walk = async (dir: string) => {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      const abs = path.join(dir, e.name);
      if (e.isDirectory() && e.name !== '_astro' && e.name !== '_lectern') await walk(abs);
      else if (e.name.endsWith('.html')) pages.push(abs);
    }
  };
  await walk(out);
  for (const p of pages) {
    const html = await readFile(p, 'utf8');
    if (html.includes('id="request-example"')) return html;
  }
  throw new Error(`no endpoint page among ${pages.join(', ')}`);
}

describe('styling.codeblocks in a real build', () => {
  it('colors MDX code blocks and endpoint samples with the chosen themes', async () => {
    const css = await codeCss();
    // min-light's and nord's backgrounds for code, their colors as classes.
    expect(css).toContain('html:root[data-theme]{--code-bg:#ffffff}');
    expect(css).toContain('html.dark:root[data-theme]{--code-bg:#2e3440');
    const index = await readFile(path.join(dist, 'index.html'), 'utf8');
    expect(index).toMatch(/<span class="kl[0-9a-z]+ kd[0-9a-z]+">/);
    // The custom grammar: its keywords colored.
    expect(index).toMatch(/<span class="kl[0-9a-z]+ kd[0-9a-z]+">when <\/span>/);
    const endpoint = await endpointHtml();
    expect(endpoint).toMatch(/<span class="kl[0-9a-z]+ kd[0-9a-z]+">/);
    // Only the site theme's classes (light `kl…`, dark `kd…`, font `kf…`), none of the default table's.
    const classes = [...endpoint.matchAll(/<pre class="shiki"[\s\S]*?<\/pre>/g)].flatMap((m) =>
      [...m[0].matchAll(/<span class="([^"]+)"/g)].flatMap((c) => c[1]!.split(' ')),
    );
    expect(classes.length).toBeGreaterThan(10);
    expect(classes.filter((c) => c !== 'line' && !/^k[ldf][0-9a-z]+$/.test(c))).toEqual([]);
  });

  it('draws those colors in Chromium, light and dark', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      await page.goto(`${url}/`);
      const light = await codeColors(page);
      await setDark(page);
      const dark = await codeColors(page);
      // nord's background (#2e3440) in dark mode, min-light's white in light mode.
      expect(dark.background).toBe('rgb(46, 52, 64)');
      expect(light.background).toBe('rgb(255, 255, 255)');
      // The string token in the color its classes give it in code.css, each mode its own.
      const css = await codeCss();
      const color = (cls: string, prop: string) => {
        const hex = new RegExp(`\\.${cls}\\{${prop}:#([0-9a-f]{6})`).exec(css)![1]!;
        return `rgb(${[0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
      };
      const [lightClass, darkClass] = light.stringClasses;
      expect(lightClass).toMatch(/^kl/);
      expect(darkClass).toMatch(/^kd/);
      expect(light.string).toBe(color(lightClass!, '--shiki-light'));
      expect(dark.string).toBe(color(darkClass!, '--shiki-dark'));
      expect(light.string).not.toBe(dark.string);
    } finally {
      await page.close();
    }
  });

  it('an unknown theme is a warning at /styling/codeblocks/theme/dark from the build and from lectern check', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'lectern-bad-theme-'));
    try {
      await cp(path.join(FIXTURES, 'code-background'), root, { recursive: true });
      const config = JSON.parse(await readFile(path.join(root, 'docs.json'), 'utf8')) as Record<string, unknown>;
      config.styling = { codeblocks: { theme: { light: 'min-light', dark: 'nord-ish' } } };
      config.background = { decoration: 'gradient' };
      await writeFile(path.join(root, 'docs.json'), JSON.stringify(config, null, 2));
      const build = await run(['build', root, '--out', path.join(root, 'out')]);
      expect(build.code).toBe(0);
      expect(build.output).toContain('unknown code block theme "nord-ish"');
      expect(build.output).toContain("one of Shiki's bundled themes");
      expect(build.output).toContain('/styling/codeblocks/theme/dark');
      // The dark mode keeps github-dark's background.
      expect(await readFile(path.join(root, 'out', '_lectern', 'code.css'), 'utf8')).toContain(
        'html.dark:root[data-theme]{--code-bg:#24292e',
      );
      const check = await run(['check', root, '--format', 'json']);
      const report = JSON.parse(check.stdout) as { diagnostics: Array<{ pointer?: string; message: string; line?: number }> };
      const found = report.diagnostics.find((d) => d.message.includes('nord-ish'));
      expect(found?.pointer).toBe('/styling/codeblocks/theme/dark');
      expect(found?.line).toBeGreaterThan(1);
      expect(await decorationIn(path.join(root, 'out'))).toMatchObject({
        decoration: 'gradient',
        background: expect.stringContaining('radial-gradient'),
      });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('background.decoration and background.image in Chromium', () => {
  it('draws the grid behind the page top and the image behind the page, in light and dark', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      await page.goto(`${url}/`);
      const light = await backgroundLook(page);
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'background-light.png') });
      await setDark(page);
      const dark = await backgroundLook(page);
      if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'background-dark.png') });
      for (const look of [light, dark]) {
        expect(look.decoration).toBe('grid');
        expect(look.position).toBe('absolute');
        expect(look.zIndex).toBe('-1');
        expect(look.backgroundImage).toContain('linear-gradient');
        expect(look.height).toBeGreaterThan(400);
        expect(look.top).toBe(0);
      }
      // The grid's lines follow the mode's text color.
      expect(light.backgroundImage).not.toBe(dark.backgroundImage);
      // One picture per mode, loaded, fixed behind the page.
      expect(light.image).toEqual({ src: expect.stringMatching(/\/images\/bg-light\.svg$/), loaded: true, position: 'fixed' });
      expect(dark.image).toEqual({ src: expect.stringMatching(/\/images\/bg-dark\.svg$/), loaded: true, position: 'fixed' });
    } finally {
      await page.close();
    }
  });
});

describe('a rebuild with the cache', () => {
  it('re-highlights when the theme or a grammar file changes, and draws the windows decoration', async () => {
    const { buildSite } = await import('../src/cli/run.ts');
    const outs = await mkdtemp(path.join(tmpdir(), 'lectern-rebuild-'));
    cleanups.push(() => rm(outs, { recursive: true, force: true }));
    const configFile = path.join(root, 'docs.json');
    const config = JSON.parse(await readFile(configFile, 'utf8')) as {
      styling: { codeblocks: { theme: { light: string; dark: string } } };
      background: { decoration: string };
    };
    const firstIndex = await readFile(path.join(dist, 'index.html'), 'utf8');
    const firstEndpoint = await endpointHtml(dist);

    // nord -> dracula for dark mode, and the windows decoration.
    config.styling.codeblocks.theme.dark = 'dracula';
    config.background.decoration = 'windows';
    await writeFile(configFile, JSON.stringify(config));
    const second = path.join(outs, 'second');
    await buildSite(root, { outDir: second, logLevel: 'warn' });
    const css = await readFile(path.join(second, '_lectern', 'code.css'), 'utf8');
    expect(css).toContain('html.dark:root[data-theme]{--code-bg:#282a36');
    const darkColorOf = (html: string, text: string) => {
      const m = new RegExp(`<span class="([^"]*)">${text}`).exec(html)!;
      const cls = m[1]!.split(' ').find((c) => c.startsWith('kd'))!;
      return new RegExp(`\\.${cls}\\{--shiki-dark:(#[0-9a-f]+)`).exec(css)![1];
    };
    const index = await readFile(path.join(second, 'index.html'), 'utf8');
    expect(index).not.toBe(firstIndex);
    expect(darkColorOf(index, 'hello')).toBe('#f1fa8c');
    // The endpoint page's samples (highlighted ahead by the pool, kept in the highlight cache) too.
    const endpoint = await endpointHtml(second);
    expect(endpoint).not.toBe(firstEndpoint);
    expect(darkColorOf(endpoint, 'import')).toBe('#ff79c6');
    expect(await decorationIn(second)).toMatchObject({ decoration: 'windows', mask: expect.stringContaining('data:image/svg+xml') });

    // The grammar file alone changes (docs.json stays as it was): `when` becomes a comment.
    const grammarFile = path.join(root, 'languages', 'lectish.json');
    await writeFile(grammarFile, (await readFile(grammarFile, 'utf8')).replace('keyword.control.lectish', 'comment.line.lectish'));
    const third = path.join(outs, 'third');
    await buildSite(root, { outDir: third, logLevel: 'warn' });
    const css3 = await readFile(path.join(third, '_lectern', 'code.css'), 'utf8');
    const comment = /<span class="([^"]*)">\/\/ say it/.exec(await readFile(path.join(third, 'index.html'), 'utf8'))![1];
    const when = /<span class="([^"]*)">when /.exec(await readFile(path.join(third, 'index.html'), 'utf8'))![1];
    expect(when).toBe(comment);
    expect(css3).toBe(css);
  }, 240_000);
});

/** Serves `out`, opens its home page and reads the decoration's computed style (a screenshot with LECTERN_SHOTS). */
async function decorationIn(out: string) {
  const served = await serveDist(out);
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await page.goto(`${served.url}/`);
    const look = await page.evaluate(() => {
      const el = document.querySelector<HTMLElement>('.page-decoration')!;
      const css = getComputedStyle(el);
      return { decoration: el.dataset.decoration, background: css.backgroundImage, mask: css.maskImage || css.webkitMaskImage };
    });
    if (SHOTS) {
      await page.screenshot({ path: path.join(SHOTS, `${look.decoration}-light.png`) });
      await setDark(page);
      await page.screenshot({ path: path.join(SHOTS, `${look.decoration}-dark.png`) });
    }
    return look;
  } finally {
    await page.close();
    await served.close();
  }
}

async function setDark(page: Page): Promise<void> {
  await page.evaluate(() => document.documentElement.classList.add('dark'));
}

/** Runs in the page: the first code block's background and its first string token's color. */
function codeColors(page: Page) {
  return page.evaluate(() => {
    const block = document.querySelector('.code-block')!;
    const spans = [...block.querySelectorAll('pre span span')];
    const string = spans.find((s) => s.textContent?.includes('hello'))!;
    return {
      background: getComputedStyle(block).backgroundColor,
      string: getComputedStyle(string).color,
      stringClasses: [...string.classList],
    };
  });
}

/** Runs in the page: the decoration's computed style and box, and the visible background picture. */
function backgroundLook(page: Page) {
  return page.evaluate(() => {
    const el = document.querySelector<HTMLElement>('.page-decoration')!;
    const css = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    const img = [...document.querySelectorAll<HTMLImageElement>('.page-background-image img')].find(
      (i) => getComputedStyle(i).display !== 'none',
    );
    return {
      decoration: el.dataset.decoration,
      position: css.position,
      zIndex: css.zIndex,
      backgroundImage: css.backgroundImage,
      height: box.height,
      top: box.top,
      image: img
        ? { src: img.src, loaded: img.complete && img.naturalWidth > 0, position: getComputedStyle(img.parentElement!).position }
        : undefined,
    };
  });
}

function run(args: string[]): Promise<{ code: number; stdout: string; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { timeout: 170_000, maxBuffer: 1 << 26 }, (err, stdout, stderr) => {
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, output: stdout + stderr });
    });
  });
}
