/**
 * `lectern dev` lets Node load the files of Astro's runtime that need nothing of Vite (dev-native-runtime.ts). What
 * counts as plain decides whether the dev server still works: a file that needs Vite and is loaded by Node fails
 * (a virtual module it cannot resolve, `import.meta.env` undefined), and so does any file importing it.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initSync } from 'es-module-lexer';
import { NATIVE_ROOTS, plainModules } from '../src/dev/native-runtime.ts';

const ASTRO_DIST = path.join(path.dirname(createRequire(import.meta.url).resolve('astro/package.json')), 'dist');

let dir = '';
const file = (name: string) => path.join(dir, name);

beforeAll(async () => {
  initSync();
  dir = await mkdtemp(path.join(tmpdir(), 'lectern-native-'));
  const files: Record<string, string> = {
    'plain.js': `import fs from 'node:fs';\nimport { x } from './leaf.js';\nexport const y = () => fs.existsSync(import.meta.url) && x;\n`,
    'leaf.js': `export const x = "Use import.meta.env.SITE instead";\n`,
    'env.js': `export const dev = import.meta.env.DEV;\n`,
    'imports-env.js': `import { dev } from './env.js';\nexport default dev;\n`,
    'virtual.js': `import { routes } from 'virtual:astro:routes';\nexport default routes;\n`,
    'hash.js': `import { manifest } from '#internal/manifest';\nexport default manifest;\n`,
    'computed.js': `export const load = (name) => import(name);\n`,
    'literal.js': `export const load = () => import('./leaf.js');\n`,
    'hot.js': `if (import.meta.hot) import.meta.hot.accept();\n`,
    'cycle-a.js': `import { b } from './cycle-b.js';\nexport const a = () => b;\n`,
    'cycle-b.js': `import { a } from './cycle-a.js';\nexport const b = () => a;\n`,
    'cycle-bad.js': `import { a } from './cycle-a.js';\nimport './env.js';\nexport { a };\n`,
    'uses-inlined.js': `import { helper } from 'inlined-pkg';\nexport default helper;\n`,
    'uses-external.js': `import { helper } from 'external-pkg';\nexport default helper;\n`,
    'uses-other-inlined.js': `import { h } from 'other-inlined';\nexport default h;\n`,
    'styles.js': `import './theme.css';\n`,
    'node_modules/inlined-pkg/package.json': JSON.stringify({ name: 'inlined-pkg', main: 'index.js' }),
    'node_modules/inlined-pkg/index.js': `export const helper = import.meta.env.SSR;\n`,
    // Plain, but inlined for its other importers (preact under a global install): two copies would break hooks.
    'node_modules/other-inlined/package.json': JSON.stringify({ name: 'other-inlined', main: 'index.js' }),
    'node_modules/other-inlined/index.js': `export const h = () => null;\n`,
  };
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(file(name)), { recursive: true });
    await writeFile(file(name), text);
  }
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('plain modules (loaded by Node in lectern dev)', () => {
  it('tells plain files from those that need Vite, through everything they import', () => {
    // Every file of the folder is one this applies to, but the inlined package's.
    const isPlain = plainModules(
      (pkg) => pkg === 'inlined-pkg' || pkg === 'other-inlined',
      (f) => !f.includes('node_modules'),
    );
    const plain = (name: string) => isPlain(file(name));
    // Node built-ins, relative imports, `import.meta.url`, and the words "import.meta.env" in a string are fine.
    expect(plain('plain.js')).toBe(true);
    expect(plain('literal.js')).toBe(true);
    expect(plain('cycle-a.js')).toBe(true);
    expect(plain('uses-external.js')).toBe(true);
    // What only Vite provides, in the file or in anything it imports.
    expect(plain('env.js')).toBe(false);
    expect(plain('imports-env.js')).toBe(false);
    expect(plain('hot.js')).toBe(false);
    expect(plain('virtual.js')).toBe(false);
    expect(plain('hash.js')).toBe(false);
    expect(plain('computed.js')).toBe(false);
    expect(plain('cycle-bad.js')).toBe(false);
    expect(plain('styles.js')).toBe(false);
    // A package Vite inlines is loaded by Node only if it is one of those this applies to, and plain.
    expect(plain('uses-inlined.js')).toBe(false);
    expect(plain('uses-other-inlined.js')).toBe(false);
  });

  it('on Astro itself: the renderer runtime is plain, what reaches the virtual manifest is not', () => {
    const isPlain = plainModules((pkg) => pkg === 'astro' || pkg.startsWith('@astrojs/'));
    expect(NATIVE_ROOTS.test(ASTRO_DIST + path.sep)).toBe(true);
    expect(isPlain(path.join(ASTRO_DIST, 'runtime/server/index.js'))).toBe(true);
    expect(isPlain(path.join(ASTRO_DIST, 'jsx-runtime/index.js'))).toBe(true);
    // `#astro-internal/ambient-manifest` resolves to `virtual:astro:manifest` through a Vite plugin.
    expect(isPlain(path.join(ASTRO_DIST, 'core/manifest/ambient.js'))).toBe(false);
    expect(isPlain(path.join(ASTRO_DIST, 'vite-plugin-app/environment.js'))).toBe(false);
  });
});
