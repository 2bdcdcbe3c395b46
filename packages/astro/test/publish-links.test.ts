/**
 * The build's copy of static files follows a symlink only as far as its target's own rules allow (issue 38, finding
 * 3): never into `.git/`, a dotfile or dot-folder, a restricted page's source or out of the repo, and only to a file
 * the copy would publish at its own path — not a data file no page names, not a spec under another name (published
 * unstripped) — while a spec of the site that is itself a link is published as the spec, stripped.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@lectern/core';
import { copyAssets } from '../src/build/after-build.ts';

const base = mkdtempSync(path.join(tmpdir(), 'lectern-publish-links-'));
const root = path.join(base, 'repo');
const dist = path.join(base, 'dist');
const skipped = new Map<string, string>();

const put = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
const link = (target: string, at: string) => {
  mkdirSync(path.dirname(path.join(root, at)), { recursive: true });
  symlinkSync(target, path.join(root, at));
};

const SPEC = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'T', version: '1' },
  paths: {
    '/public': { get: { summary: 'Public', responses: { '200': { description: 'OK' } } } },
    '/internal': {
      get: { summary: 'Internal', 'x-excluded': true, description: 'TOKEN-EXCLUDED', responses: { '200': { description: 'OK' } } },
    },
  },
});

beforeAll(async () => {
  put('images/logo.png', 'png');
  put('config/secrets.json', '{"token":"TOKEN-DATA"}');
  put('specs/v2.json', SPEC);
  put('internal/secret.mdx', 'TOKEN-RESTRICTED');
  link('specs/v2.json', 'openapi.json');
  link('../specs/v2.json', 'downloads/api.json');
  link('../config/secrets.json', 'data/linked.json');
  link('../internal/secret.mdx', 'images/secret.png');
  link('..', 'images/loop');
  link('../images', 'gallery/pictures');
  const pages = [
    { kind: 'guide', slug: 'internal/secret', file: 'internal/secret.mdx', title: 'Secret', groups: ['staff'] },
  ] as unknown as Page[];
  // `api.json` and `linked.json` are named by a page: as names, they would be published.
  await copyAssets(root, dist, {
    specs: ['openapi.json', 'specs/v2.json'],
    pages,
    references: ['Get [the spec](/downloads/api.json) and [data](/data/linked.json).'],
    onSkipped: (f, why) => skipped.set(f, why),
  });
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('copyAssets and symlinks', () => {
  it('publishes a spec of the site that is a link as the spec, stripped', () => {
    const published = readFileSync(path.join(dist, 'openapi.json'), 'utf8');
    expect(published).toContain('/public');
    expect(published).not.toContain('TOKEN-EXCLUDED');
  });

  it('does not publish a link to a spec under another name, nor to a data file no page names', () => {
    expect(existsSync(path.join(dist, 'downloads/api.json'))).toBe(false);
    expect(skipped.get('downloads/api.json')).toMatch(/specs\/v2\.json \(a spec: published at its own path only\)/);
    expect(existsSync(path.join(dist, 'data/linked.json'))).toBe(false);
    expect(skipped.get('data/linked.json')).toMatch(/config\/secrets\.json \(not published\)/);
  });

  it('does not publish a link to a restricted page source, nor follow a folder link that holds itself', () => {
    expect(existsSync(path.join(dist, 'images/secret.png'))).toBe(false);
    expect(skipped.get('images/secret.png')).toMatch(/some readers only/);
    expect(existsSync(path.join(dist, 'images/loop'))).toBe(false);
    expect(skipped.get('images/loop')).toMatch(/holds the link/);
  });

  it('follows a folder link to what is published anyway', () => {
    expect(readFileSync(path.join(dist, 'gallery/pictures/logo.png'), 'utf8')).toBe('png');
  });
});
