/**
 * The real `useChat` hook of AI SDK v4 (@ai-sdk/react 1.x), rendered in Node with react-test-renderer, configured
 * exactly as docs/assistant/use-chat.mdx documents it, talking to the handler over HTTP on 127.0.0.1.
 */
import { createRequire } from 'node:module';
import { expect, it } from 'vitest';
import { useChat } from '@ai-sdk/react';
import { withTestServer } from './assistant.helpers.ts';

const require = createRequire(import.meta.url);
// No type packages for React in this repo: load both untyped.
const React = require('react') as { createElement: (c: unknown, p: unknown) => unknown };
const TestRenderer = require('react-test-renderer') as {
  create: (el: unknown) => { unmount(): void };
  act: (fn: () => Promise<void> | void) => Promise<void>;
};
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const t = withTestServer();

it('useChat (streamProtocol data, sendExtraMessageFields) renders the answer, the search tool and the finish data', async () => {
  const seen: { threadId?: string; threadKey?: string; bodies: any[] } = { bodies: [] };
  // The documented custom fetch: remember X-Thread-Id / X-Thread-Key from the response.
  const customFetch: typeof fetch = async (input, init) => {
    seen.bodies.push(JSON.parse(String(init?.body)));
    const res = await fetch(input, init);
    seen.threadId = res.headers.get('X-Thread-Id') ?? seen.threadId;
    seen.threadKey = res.headers.get('X-Thread-Key') ?? seen.threadKey;
    return res;
  };
  let hook!: ReturnType<typeof useChat>;
  function Chat() {
    hook = useChat({
      api: t.server.endpoint(),
      headers: { Authorization: `Bearer ${t.site.acmeKey}` },
      body: {
        fp: 'anonymous',
        retrievalPageSize: 5,
        context: [{ type: 'code', value: 'const example = "code snippet";', elementId: 'code-block-1' }],
        currentPath: '/guides/webhooks',
      },
      streamProtocol: 'data',
      sendExtraMessageFields: true,
      fetch: customFetch,
    });
    return null;
  }
  let renderer!: { unmount(): void };
  await TestRenderer.act(async () => {
    renderer = TestRenderer.create(React.createElement(Chat, {}));
  });
  try {
    await TestRenderer.act(async () => {
      await hook.append({ role: 'user', content: 'How do I verify webhook signatures?' });
    });
    expect(hook.error).toBeUndefined();
    expect(hook.status).toBe('ready');
    expect(hook.messages).toHaveLength(2);
    const answer = hook.messages[1]!;
    expect(answer.role).toBe('assistant');
    expect(answer.content).toContain('(/guides/webhooks#verifying-signatures)');
    const tool = answer.parts!.find((p) => p.type === 'tool-invocation');
    expect(tool && tool.type === 'tool-invocation' && tool.toolInvocation).toMatchObject({
      state: 'result',
      toolName: 'search',
    });
    expect(seen.threadId).toMatch(/^thr_/);
    expect(seen.threadKey).toMatch(/^thk_/);
    expect(hook.data?.findLast((d: any) => d?.type === 'finish')).toEqual({ type: 'finish', threadId: seen.threadId });
    // What the hook sent: the documented body, full messages with ids.
    expect(seen.bodies[0]).toMatchObject({ fp: 'anonymous', retrievalPageSize: 5, currentPath: '/guides/webhooks' });
    expect(seen.bodies[0].messages[0]).toMatchObject({ id: expect.any(String), role: 'user', createdAt: expect.any(String) });

    // Follow-up in the same thread: the hook resends the whole conversation (with revisionId etc.).
    await TestRenderer.act(async () => {
      await hook.append(
        { role: 'user', content: 'And what if my endpoint is down, are deliveries retried?' },
        { body: { threadId: seen.threadId, threadKey: seen.threadKey } },
      );
    });
    expect(hook.error).toBeUndefined();
    expect(hook.messages).toHaveLength(4);
    expect(hook.messages[3]!.content).toContain('(/guides/webhooks#retries)');
    expect(seen.bodies[1].messages).toHaveLength(3);
    expect(seen.bodies[1].messages[1]).toHaveProperty('revisionId');
    const finishes = (hook.data ?? []).filter((d: any) => d?.type === 'finish');
    expect(finishes).toEqual([
      { type: 'finish', threadId: seen.threadId },
      { type: 'finish', threadId: seen.threadId },
    ]);

    // A wrong thread key: the hook goes into its error state with our JSON error.
    await TestRenderer.act(async () => {
      await hook.append({ role: 'user', content: 'webhooks?' }, { body: { threadId: seen.threadId, threadKey: 'thk_wrong' } });
    });
    expect(hook.status).toBe('error');
    expect(String(hook.error?.message)).toContain('thread_not_found');
  } finally {
    await TestRenderer.act(async () => renderer.unmount());
  }
});
