/**
 * Icons of components that run as Preact (islands/builtins.ts) are CSS masks over SVG files: the server-side render
 * records each icon it drew, and the build writes `/_lectern/icons/<library>/<style>/<name>.svg` for them (`lectern
 * dev` answers those URLs on the fly). The same name resolution as inline icons (icons.ts).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { iconSvg } from '../render/icons.ts';

const ICON_KEYS = Symbol.for('lectern.island-icons');

/** The icons Preact components rendered on the server in this process (`library/style/name`). */
export function islandIconKeys(): Set<string> {
  const g = globalThis as unknown as Record<symbol, Set<string> | undefined>;
  return (g[ICON_KEYS] ??= new Set());
}

const ICON_URL = /\/_lectern\/icons\/([a-z]+\/[a-z-]+\/[a-z0-9][a-z0-9-]*)\.svg/g;

/**
 * Record the island icons a page references whose islands did not render in this build (a page reused from the
 * build cache), so their SVG files are written as a build that rendered it writes them.
 */
export function recordIslandIcons(html: string): void {
  if (!html.includes('/_lectern/icons/')) return;
  const keys = islandIconKeys();
  for (const m of html.matchAll(ICON_URL)) keys.add(m[1]!);
}

/** The SVG file for a key (`default|fontawesome|lucide|tabler|builtin` / style or `-` / name), or undefined. */
export function iconFile(key: string): string | undefined {
  const m = /^(default|fontawesome|lucide|tabler|builtin)\/([a-z-]+)\/([a-z0-9][a-z0-9-]*)$/.exec(key);
  if (!m) return undefined;
  const [, library, style, name] = m as unknown as [string, string, string, string];
  const svg = iconSvg(name, 24, {
    ...(style !== '-' ? { iconType: style } : {}),
    ...(library === 'builtin' ? { builtin: true } : library !== 'default' ? { library } : {}),
  });
  return svg.startsWith('<svg') ? svg.replace('<svg ', '<svg xmlns="http://www.w3.org/2000/svg" ') : undefined;
}

/** Write the SVG files of every icon the islands rendered; returns how many. */
export async function writeIslandIcons(dist: string): Promise<number> {
  let n = 0;
  for (const key of islandIconKeys()) {
    const svg = iconFile(key);
    if (!svg) continue;
    const file = path.join(dist, '_lectern', 'icons', `${key}.svg`);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, svg);
    n++;
  }
  return n;
}
