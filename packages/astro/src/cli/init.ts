/** `lectern init [dir]`: copy the starter template (shipped in packages/astro/template) into a new docs repo. */
import { existsSync, readFileSync } from 'node:fs';
import { cp, readdir, readFile, writeFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const TEMPLATE_DIR = fileURLToPath(new URL('../../template/', import.meta.url));
/** This package's version (`src/` and `dist/` both sit one folder below package.json). */
const OWN_VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

async function list(dir: string, base = dir): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const abs = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await list(abs, base)));
    else out.push(path.relative(base, abs));
  }
  return out;
}

export async function initRepo(dir: string, opts: { force?: boolean; name?: string } = {}): Promise<string[]> {
  if (existsSync(path.join(dir, 'docs.json')) && !opts.force) {
    throw new Error(`${dir} already has a docs.json (use --force to overwrite the starter files).`);
  }
  if (existsSync(dir) && !(await stat(dir)).isDirectory()) throw new Error(`${dir} is not a directory.`);
  const files = await list(TEMPLATE_DIR);
  await cp(TEMPLATE_DIR, dir, { recursive: true, force: true });
  // npm does not publish files named .gitignore; the template ships it as `gitignore`.
  if (existsSync(path.join(dir, 'gitignore'))) {
    await writeFile(path.join(dir, '.gitignore'), await readFile(path.join(dir, 'gitignore'), 'utf8'));
    const { rm } = await import('node:fs/promises');
    await rm(path.join(dir, 'gitignore'));
  }
  const name = opts.name ?? path.basename(path.resolve(dir));
  const pkgPath = path.join(dir, 'package.json');
  if (existsSync(pkgPath)) {
    const pkg = JSON.parse(await readFile(pkgPath, 'utf8')) as Record<string, unknown>;
    pkg.name =
      name
        .toLowerCase()
        .replace(/[^a-z0-9-]+/g, '-')
        .replace(/^-+|-+$/g, '') || 'docs';
    // Depend on the Lectern that wrote the repo: a version that exists wherever this one came from.
    pkg.devDependencies = { ...(pkg.devDependencies as Record<string, string> | undefined), lectern: `^${OWN_VERSION}` };
    await writeFile(pkgPath, JSON.stringify(pkg, null, 2) + '\n');
  }
  return files.map((f) => (f === 'gitignore' ? '.gitignore' : f));
}
