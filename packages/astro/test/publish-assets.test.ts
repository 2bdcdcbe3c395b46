/**
 * What a build publishes from the repo: static assets at their paths, never dotfiles or dot-folders, never a
 * symlink that leads out of the repo, JSON/YAML only when it is a spec of the site or something names it, and specs
 * without the operations the author kept out of the docs (`x-excluded`, `x-hidden`).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { copyAssets } from '../src/build/after-build.ts';

const base = mkdtempSync(path.join(tmpdir(), 'lectern-publish-'));
const root = path.join(base, 'repo');
const dist = path.join(root, 'dist');
const skipped: string[] = [];

function put(file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

beforeAll(async () => {
  put('images/logo.png', 'png');
  put('.env.yaml', 'SECRET: 1');
  put('.hidden/photo.png', 'png');
  put('.well-known/security.txt', 'Contact: mailto:security@example.com');
  put('config/secrets.json', '{"token":"s3cr3t"}');
  put('data/linked.json', '{"ok":true}');
  put(
    'openapi.yaml',
    [
      'openapi: 3.1.0',
      'info: { title: T, version: "1" }',
      'paths:',
      '  /public: { get: { summary: Public, responses: { "200": { description: OK } } } }',
      '  /internal: { get: { summary: Internal, x-excluded: true, responses: { "200": { description: OK } } } }',
      '  /mixed:',
      '    get: { summary: Shown, responses: { "200": { description: OK } } }',
      '    delete: { summary: Hidden, x-hidden: true, responses: { "200": { description: OK } } }',
    ].join('\n'),
  );
  writeFileSync(path.join(base, 'outside.png'), 'outside the repo');
  symlinkSync(path.join(base, 'outside.png'), path.join(root, 'images', 'leak.png'));
  symlinkSync(path.join(root, 'images', 'logo.png'), path.join(root, 'images', 'alias.png'));
  await copyAssets(root, dist, {
    specs: ['openapi.yaml'],
    references: ['See [the data](/data/linked.json).'],
    onSkipped: (f) => skipped.push(f),
  });
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('copyAssets', () => {
  it('publishes assets, and a symlink only when it stays inside the repo', () => {
    expect(existsSync(path.join(dist, 'images/logo.png'))).toBe(true);
    expect(readFileSync(path.join(dist, 'images/alias.png'), 'utf8')).toBe('png');
    expect(existsSync(path.join(dist, 'images/leak.png'))).toBe(false);
    expect(skipped).toEqual(['images/leak.png']);
  });

  it('never publishes dotfiles or dot-folders, but /.well-known/', () => {
    expect(existsSync(path.join(dist, '.env.yaml'))).toBe(false);
    expect(existsSync(path.join(dist, '.hidden'))).toBe(false);
    expect(existsSync(path.join(dist, '.well-known/security.txt'))).toBe(true);
  });

  it('publishes JSON/YAML only when it is a spec or named by a page or docs.json', () => {
    expect(existsSync(path.join(dist, 'config/secrets.json'))).toBe(false);
    expect(existsSync(path.join(dist, 'data/linked.json'))).toBe(true);
  });

  it('strips x-excluded and x-hidden operations from the published spec', () => {
    const published = parse(readFileSync(path.join(dist, 'openapi.yaml'), 'utf8'));
    expect(Object.keys(published.paths)).toEqual(['/public', '/mixed']);
    expect(Object.keys(published.paths['/mixed'])).toEqual(['get']);
  });
});
