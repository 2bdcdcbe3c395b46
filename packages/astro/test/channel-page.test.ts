/** An AsyncAPI channel page on a built site: servers, parameters, messages to send and receive with payload trees. */
import { mkdtemp, readFile, rm, writeFile, copyFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../src/cli/run.ts';
import { REPO } from './helpers.ts';

let root = '';
let html = '';
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'lectern-channel-'));
  await copyFile(path.join(REPO, 'fixtures/specs/asyncapi/chat-v3.yaml'), path.join(root, 'chat.yaml'));
  await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\ndescription: Home.\n---\nHello.\n');
  await writeFile(
    path.join(root, 'docs.json'),
    JSON.stringify({
      theme: 'mint',
      name: 'Chat',
      colors: { primary: '#0D9373' },
      navigation: {
        tabs: [
          { tab: 'Home', groups: [{ group: 'Home', pages: ['index'] }] },
          { tab: 'Realtime', asyncapi: 'chat.yaml' },
        ],
      },
    }),
  );
  const { outDir } = await buildSite(root, { logLevel: 'error' });
  // Under the default directory, in the folder of the channel's first tag (Rooms), slugged from its title.
  html = await readFile(path.join(outDir, 'api-reference/rooms/chat-room/index.html'), 'utf8');
}, 120_000);
afterAll(() => rm(root, { recursive: true, force: true }));

describe('AsyncAPI channel page', () => {
  it('shows the address, the servers with their variables, and the channel parameters', () => {
    expect(html).toMatch(/<span class="method method-lg method-ws">WS<\/span><code class="endpoint-path">\/rooms\/\{roomId\}<\/code>/);
    expect(html).toMatch(/id="servers"[\s\S]*?\{region\}\.chat\.example\.com[\s\S]*?Production/);
    expect(html).toMatch(/id="parameter-room-id"|id="parameter-roomid"|id="parameter-roomId"/);
    expect(html).toContain('general');
  });

  it('lists messages to send and to receive, each with its payload tree and anchors', () => {
    expect(html).toMatch(/id="send"[\s\S]*?Send a message/);
    expect(html).toMatch(/id="receive"/);
    expect([...html.matchAll(/class="field" id="(send|receive)-[^"]+"/g)].length).toBeGreaterThan(1);
  });
});
