/**
 * Files of this package wherever it runs from: `src/*.ts` in the workspace (Node strips the types), `dist/*.js` in an
 * installed package (compiled at `npm pack`). Modules handed to Vite by path (routes, the components index) are named
 * through here.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** `src/` or `dist/` of this package (this module is `shared/modules/own-files` in it). */
export const OWN_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** This package's folder (its package.json): the build resolves packages a docs repo lacks from here. */
export const PACKAGE_DIR = path.dirname(OWN_DIR);
const EXT = import.meta.url.endsWith('.ts') ? '.ts' : '.js';

/** A module of this package by its path without extension: `ownModule('components/index')`. */
export function ownModule(name: string): string {
  return path.join(OWN_DIR, `${name}${EXT}`);
}
