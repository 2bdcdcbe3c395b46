/**
 * Imports of packages in a docs repo's MDX and JSX files (`import { Card } from '@mintlify/components'`,
 * `import confetti from 'canvas-confetti'`): the ones Lectern provides itself, and whether another resolves at all.
 * The build's bundler (the Vite plugin in index.ts) resolves a package from the repo's node_modules, then from
 * Lectern's own; one that resolves nowhere keeps the pages importing it out of the build. `lectern check` reports it
 * the same way, before any bundling.
 */
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import type { EsNode } from './estree-scope.ts';

/** Mintlify's components as a package: Lectern's own (the Astro ones in MDX, the Preact ones in JSX modules). */
export const MINTLIFY_COMPONENTS = '@mintlify/components';

/** React in a repo's components is Preact (Mintlify's components are React; hooks and JSX behave alike). */
export const REACT_ALIAS: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
};

export interface PackageImport {
  /** The specifier as written: `canvas-confetti`, `@scope/name/sub`. */
  spec: string;
  /** 1-based line in the file (from the parser's positions, or counted in `source`). */
  line?: number;
}

/** A package name, not a file (`./x`, `/snippets/x`) nor a URL or `node:` module. */
export function isPackageSpecifier(spec: string): boolean {
  return /^[a-z@]/i.test(spec) && !spec.includes(':');
}

/** The package a specifier names: `@scope/name` or `name`. */
export function packageName(spec: string): string {
  const parts = spec.split('/');
  return spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/**
 * What a module's top-level statements import (and re-export from): packages, and local files (`./x`, `/snippets/x`).
 * `text`: the parsed source, for line numbers when the parser kept no positions.
 */
export function moduleImports(program: EsNode, text?: string): { packages: PackageImport[]; files: string[] } {
  const packages: PackageImport[] = [];
  const files: string[] = [];
  for (const stmt of program.body as EsNode[]) {
    if (!/^(ImportDeclaration|ExportNamedDeclaration|ExportAllDeclaration)$/.test(stmt.type)) continue;
    const source = stmt.source as EsNode | null | undefined;
    const spec = source && typeof source.value === 'string' ? source.value : undefined;
    if (!spec) continue;
    if (/^(\/|\.\.?\/)/.test(spec)) files.push(spec);
    if (!isPackageSpecifier(spec)) continue;
    const line =
      (stmt.loc as { start?: { line?: number } } | undefined)?.start?.line ??
      (text === undefined ? undefined : text.slice(0, stmt.start as number).split('\n').length);
    packages.push({ spec, ...(line ? { line } : {}) });
  }
  return { packages, files };
}

/**
 * Whether the build resolves a package import of a file in `fromDir`: Lectern provides it (React, Mintlify's
 * components, Node's built-ins), or the package is installed in a node_modules of `fromDir` or a folder above it, or
 * of Lectern's package (`packageDir`) or a folder above it.
 */
export function packageResolves(spec: string, fromDir: string, packageDir: string): boolean {
  const name = packageName(spec);
  if (spec === MINTLIFY_COMPONENTS || REACT_ALIAS[spec] || builtinModules.includes(name)) return true;
  return [fromDir, packageDir].some((start) => {
    for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
      if (existsSync(path.join(dir, 'node_modules', name, 'package.json'))) return true;
      if (path.dirname(dir) === dir) return false;
    }
  });
}

/**
 * The packages a docs repo's `package.json` adds for its pages and components (`canvas-confetti`, a chart library),
 * without Lectern, Astro, Preact or React. A build bundles them: its pages render from chunks staged outside the repo
 * when the repo is not in the working directory (run.ts), where Node would not find the repo's node_modules.
 */
export function repoPackages(root: string): string[] {
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<string, unknown>;
  } catch {
    return [];
  }
  const names = ['dependencies', 'devDependencies', 'optionalDependencies'].flatMap((k) =>
    Object.keys((pkg[k] as Record<string, string> | undefined) ?? {}),
  );
  return [...new Set(names)]
    .filter((n) => !/^(lectern|astro|mintlify|preact|react|react-dom)$|^@(astrojs|lectern|preact|mintlify|types)\//.test(n))
    .sort();
}
