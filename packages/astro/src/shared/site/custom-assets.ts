/**
 * The repo's own styles and scripts, as Mintlify includes them: every `.css` and `.js` file of the content directory
 * on every page (outside node_modules, dist/, dot-folders and what .mintignore excludes). Scripts run after the page
 * is interactive (`defer`), in no guaranteed order. A symlink counts only when the file it leads to may be published
 * (publishable.ts): `custom.css -> .git/config` is no style.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { loadIgnore } from '@lectern/core';
import { refusedFile } from '../modules/publishable.ts';

export interface CustomAssets {
  css: string[];
  js: string[];
}

const SKIP = new Set(['node_modules', 'dist', '.lectern', '.astro', '.git', '.cache']);
/** Tooling configuration, never page scripts. */
const CONFIG_FILE = /(^|\/)[\w.-]+\.config\.js$|(^|\/)(\.eslintrc|\.prettierrc)(\.js)?$/;

export function findCustomAssets(root: string): CustomAssets {
  const ignored = loadIgnore(root);
  const out: CustomAssets = { css: [], js: [] };
  const walk = (dir: string, rel: string): void => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.name.startsWith('.') || SKIP.has(e.name)) continue;
      const relPath = rel ? `${rel}/${e.name}` : e.name;
      if (ignored(relPath, e.isDirectory())) continue;
      if (e.isSymbolicLink() && refusedFile(root, path.join(dir, e.name))) continue;
      if (e.isDirectory()) walk(path.join(dir, e.name), relPath);
      else if (e.name.endsWith('.css')) out.css.push(relPath);
      else if (e.name.endsWith('.js') && !CONFIG_FILE.test(relPath)) out.js.push(relPath);
    }
  };
  walk(root, '');
  out.css.sort();
  out.js.sort();
  return out;
}
