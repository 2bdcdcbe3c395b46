/**
 * Which of Astro's and Lectern's dependencies a build must bundle: its page chunks run under the docs repo, where npm
 * may have hoisted another version of a package (the MCP SDK's express brings cookie 0.7, Astro needs cookie 2).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { shadowedDependencies } from '../src/shared/modules/install-tree.ts';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A package folder with its manifest. */
function pkg(at: string, name: string, version: string, dependencies: Record<string, string> = {}): string {
  mkdirSync(at, { recursive: true });
  writeFileSync(path.join(at, 'package.json'), JSON.stringify({ name, version, dependencies }));
  return at;
}

describe('shadowedDependencies', () => {
  it('names a dependency the repo would resolve to another version, not one of the same version in another folder', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'lectern-tree-'));
    const nm = path.join(dir, 'install', 'node_modules');
    const astro = pkg(path.join(nm, 'astro'), 'astro', '7.0.0', { cookie: '^2', 'html-escaper': '^3', kleur: '^4', missing: '^1' });
    // Astro's own cookie is nested; the hoisted one is another dependency's older version.
    pkg(path.join(astro, 'node_modules', 'cookie'), 'cookie', '2.0.2');
    pkg(path.join(nm, 'cookie'), 'cookie', '0.7.2');
    pkg(path.join(nm, 'html-escaper'), 'html-escaper', '3.0.3');
    pkg(path.join(nm, 'kleur'), 'kleur', '4.1.5');
    const repo = path.join(dir, 'install', 'docs');
    mkdirSync(repo, { recursive: true });
    expect(shadowedDependencies([astro], [repo])).toEqual(['cookie']);

    // A repo with an install of its own: the same versions elsewhere are fine, an older kleur is not.
    const own = path.join(dir, 'other', 'node_modules');
    pkg(path.join(own, 'cookie'), 'cookie', '2.0.2');
    pkg(path.join(own, 'html-escaper'), 'html-escaper', '3.0.3');
    pkg(path.join(own, 'kleur'), 'kleur', '3.0.0');
    expect(shadowedDependencies([astro], [path.join(dir, 'other')])).toEqual(['kleur']);

    // A repo that resolves none of them (outside the install tree) bundles nothing more than before.
    const away = path.join(dir, 'away');
    mkdirSync(away);
    expect(shadowedDependencies([astro], [away])).toEqual([]);
  });
});
