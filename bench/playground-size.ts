/**
 * Bundle size of the playground islands: esbuild (minified, preact included, ESM) per island,
 * prints raw and gzip bytes. Run: node bench/playground-size.ts
 */
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { liveSampleShims } from '../packages/playground/test/e2e/live-sample-shims.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Bytes of an island: its entry chunk (what the first open loads) and the chunks it imports lazily. */
async function size(name: string, entry: string): Promise<{ name: string; raw: number; gzip: number; lazyRaw: number; lazyGzip: number }> {
  const result = await build({
    stdin: { contents: entry, resolveDir: root, loader: 'ts', sourcefile: 'island.ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    splitting: true,
    metafile: true,
    outdir: `${root}.cache/bench-island`,
    plugins: [liveSampleShims],
    jsx: 'automatic',
    jsxImportSource: 'preact',
    legalComments: 'none',
  });
  const gz = (b: Uint8Array) => gzipSync(b, { level: 9 }).byteLength;
  const bytes = new Map(result.outputFiles.map((f) => [path.relative(root, f.path), f.contents]));
  const outputs = result.metafile.outputs;
  const entryName = Object.keys(outputs).find((k) => outputs[k]!.entryPoint)!;
  // What the first open loads: the entry and the chunks it imports statically; the rest comes by dynamic import.
  const eager = new Set<string>();
  const visit = (name: string) => {
    if (eager.has(name)) return;
    eager.add(name);
    for (const i of outputs[name]!.imports) if (i.kind === 'import-statement') visit(i.path);
  };
  visit(entryName);
  let raw = 0,
    gzip = 0,
    lazyRaw = 0,
    lazyGzip = 0;
  for (const [name, b] of bytes) {
    if (!name.endsWith('.js')) continue;
    if (eager.has(name)) {
      raw += b.byteLength;
      gzip += gz(b);
    } else {
      lazyRaw += b.byteLength;
      lazyGzip += gz(b);
    }
  }
  return { name, raw, gzip, lazyRaw, lazyGzip };
}

const mount = (mod: string, name: string) =>
  `import { h, hydrate } from 'preact'; import { ${name} } from '${mod}'; export default (el: Element, props: any) => hydrate(h(${name}, props), el);`;

const rows = [
  await size('Playground (OpenAPI) + preact', mount('./packages/playground/src/Playground.tsx', 'Playground')),
  await size('ChannelPlayground (WebSocket) + preact', mount('./packages/playground/src/ChannelPlayground.tsx', 'ChannelPlayground')),
  await size(
    'Ask AI panel (assistant) + preact',
    `import { mountAssistant } from './packages/playground/src/assistant/index.tsx'; export default mountAssistant;`,
  ),
  await size(
    'preact + hooks alone',
    `import { h, hydrate } from 'preact'; import { useState } from 'preact/hooks'; export { h, hydrate, useState };`,
  ),
];
const css = (await import('node:fs')).readFileSync(`${root}packages/playground/src/styles.css`);
console.log('bundle'.padEnd(42), 'raw'.padStart(9), 'gzip'.padStart(9), 'lazy raw'.padStart(10), 'lazy gzip'.padStart(10));
for (const r of rows)
  console.log(
    r.name.padEnd(42),
    String(r.raw).padStart(9),
    String(r.gzip).padStart(9),
    String(r.lazyRaw).padStart(10),
    String(r.lazyGzip).padStart(10),
  );
console.log('styles.css'.padEnd(42), String(css.byteLength).padStart(9), String(gzipSync(css, { level: 9 }).byteLength).padStart(9));
const pg = rows[0]!;
console.log(
  `Playground first open (gzip budget 30720 B): ${pg.gzip <= 30720 ? 'OK' : 'OVER'} (${(pg.gzip / 1024).toFixed(1)} KB); live sample generators load on demand: ${(pg.lazyGzip / 1024).toFixed(1)} KB gzip`,
);

// Props per page: the slice each endpoint page embeds, over a large real spec (GitHub REST, @octokit/openapi).
const { loadSpec } = await import('@lectern/core');
const { playgroundProps } = await import('../packages/playground/src/props.ts');
const started = performance.now();
const loaded = await loadSpec({ root: `${root}node_modules/@octokit/openapi/generated`, source: 'api.github.com.json' });
const doc = loaded.document;
if (doc?.kind === 'openapi') {
  const loadMs = performance.now() - started;
  const t = performance.now();
  const sizes = doc.operations.map((op) => ({
    op: `${op.method.toUpperCase()} ${op.path}`,
    bytes: JSON.stringify(playgroundProps(op, { prefill: true })).length,
  }));
  const ms = performance.now() - t;
  sizes.sort((a, b) => a.bytes - b.bytes);
  const total = sizes.reduce((n, s) => n + s.bytes, 0);
  const pick = (q: number) => sizes[Math.min(sizes.length - 1, Math.floor(q * sizes.length))]!.bytes;
  console.log(`\nplaygroundProps over GitHub REST (${sizes.length} operations; spec load ${Math.round(loadMs)} ms):`);
  console.log(`  slicing all operations: ${Math.round(ms)} ms (${(ms / sizes.length).toFixed(2)} ms per operation)`);
  console.log(
    `  props JSON bytes: median ${pick(0.5)}, p95 ${pick(0.95)}, max ${sizes[sizes.length - 1]!.bytes} (${sizes[sizes.length - 1]!.op}), total ${total}`,
  );
}

// Peers: the browser bundles other API reference tools ship for their request consoles / references, fetched
// once from the npm registry with `npm pack` into .cache/peers (gzip -9, as above). Skipped when offline.
const { execFileSync } = await import('node:child_process');
const { existsSync, mkdirSync, readdirSync } = await import('node:fs');
const PEERS: Array<{ label: string; pkg: string; files: string[] }> = [
  { label: 'Scalar API reference (standalone, incl. client)', pkg: '@scalar/api-reference', files: ['dist/browser/standalone.js'] },
  {
    label: 'Swagger UI (bundle + standalone preset)',
    pkg: 'swagger-ui-dist',
    files: ['swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js'],
  },
  { label: 'Stoplight Elements (web components)', pkg: '@stoplight/elements', files: ['web-components.min.js'] },
  { label: 'RapiDoc', pkg: 'rapidoc', files: ['dist/rapidoc-min.js'] },
  { label: 'Redoc (standalone, no console)', pkg: 'redoc', files: ['bundles/redoc.standalone.js'] },
];
const peersDir = `${root}.cache/peers`;
mkdirSync(peersDir, { recursive: true });
console.log(`\nPeers' browser bundles (npm pack into .cache/peers):`);
console.log('bundle'.padEnd(52), 'version'.padStart(9), 'raw'.padStart(11), 'gzip'.padStart(10));
for (const peer of PEERS) {
  const dir = `${peersDir}/${peer.pkg.replace('/', '__')}`;
  try {
    if (!existsSync(`${dir}/package/package.json`)) {
      mkdirSync(dir, { recursive: true });
      execFileSync('npm', ['pack', peer.pkg, '--pack-destination', dir, '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
      const tgz = readdirSync(dir).find((f) => f.endsWith('.tgz'))!;
      execFileSync('tar', ['xzf', `${dir}/${tgz}`, '-C', dir]);
    }
    const version = JSON.parse((await import('node:fs')).readFileSync(`${dir}/package/package.json`, 'utf8')).version as string;
    let raw = 0;
    let gz = 0;
    for (const f of peer.files) {
      const bytes = (await import('node:fs')).readFileSync(`${dir}/package/${f}`);
      raw += bytes.byteLength;
      gz += gzipSync(bytes, { level: 9 }).byteLength;
    }
    console.log(
      peer.label.padEnd(52),
      version.padStart(9),
      `${(raw / 1024).toFixed(1)} KB`.padStart(11),
      `${(gz / 1024).toFixed(1)} KB`.padStart(10),
    );
  } catch (err) {
    console.log(peer.label.padEnd(52), `skipped: ${(err as Error).message.split('\n')[0]}`);
  }
}
console.log(
  `Lectern's OpenAPI playground island`.padEnd(52),
  ''.padStart(9),
  `${(pg.raw / 1024).toFixed(1)} KB`.padStart(11),
  `${(pg.gzip / 1024).toFixed(1)} KB`.padStart(10),
);
