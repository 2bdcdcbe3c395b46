/**
 * Tailwind utility classes in MDX and components, as Mintlify styles them: the classes the repo's pages and JSX use are
 * collected when the site is planned and compiled with Tailwind into one stylesheet (`/_lectern/tailwind.css`), only
 * those. No preflight (the site keeps its own base styles); `dark:` follows the site's dark mode (`html.dark`);
 * `primary`, `primary-light` and `primary-dark` are docs.json's colors. Utilities are `!important`, so a class an
 * author writes wins over the site's prose styles (`hidden dark:block` image pairs, spacing, grids).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const INPUT = `@layer theme, base, components, utilities;
@import "tailwindcss/theme.css" layer(theme);
@import "tailwindcss/utilities.css" layer(utilities) important;
@custom-variant dark (&:where(.dark, .dark *));
@layer base {
  /* Tailwind 3 (what Mintlify documents) gives borders a light gray by default, not currentColor. */
  *, ::after, ::before { border-color: var(--border, #e5e7eb); }
}
@theme inline {
  --color-primary: var(--primary);
  --color-primary-light: var(--primary-light);
  --color-primary-dark: var(--primary-dark);
  --color-background-light: var(--bg);
  --color-background-dark: var(--bg);
}
`;

/** Class candidates in MDX/JSX source: every token of `class`/`className` values and of string literals in JSX. */
export function tailwindCandidates(sources: Iterable<string>, into: Set<string> = new Set()): Set<string> {
  for (const text of sources) {
    if (!text) continue;
    for (const m of text.matchAll(/\bclass(?:Name)?\s*=\s*\{?\s*(["'`])([^"'`]*)\1/g))
      for (const t of m[2]!.split(/\s+/)) if (t) into.add(t);
    // className={`a ${x ? 'b' : 'c'}`}, cn('a', 'b'): quoted strings inside className expressions.
    for (const m of text.matchAll(/\bclass(?:Name)?\s*=\s*\{([^}]{0,400})\}/g)) {
      for (const s of m[1]!.matchAll(/(["'`])([^"'`$]*)\1/g)) for (const t of s[2]!.split(/\s+/)) if (t) into.add(t);
    }
  }
  return into;
}

let compiler: Promise<{ build(candidates: string[]): string }> | undefined;

/** The CSS of the utilities among `candidates` (empty when none is one). */
export async function tailwindCss(candidates: Iterable<string>): Promise<string> {
  const list = [...candidates].filter((c) => /^[!-~]+$/.test(c) && c.length < 120);
  if (!list.length) return '';
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve('tailwindcss/package.json'));
  compiler ??= import('tailwindcss').then(({ compile }) =>
    compile(INPUT, {
      base: dir,
      loadStylesheet: async (id: string) => {
        const file = path.join(dir, id.replace(/^tailwindcss\//, ''));
        return { path: file, base: dir, content: readFileSync(file, 'utf8') };
      },
    }),
  );
  const css = (await compiler).build(list);
  return css.includes('@layer utilities') ? css : '';
}
