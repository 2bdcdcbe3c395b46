/** Test helper for the playground proxy: one request through it to an upstream on 127.0.0.1 that sets the headers given. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProxyHandler } from '../src/index.ts';

/**
 * A GET through the playground proxy (rate limit off, the upstream allowed) to an upstream on 127.0.0.1 answering
 * `ok` with `headers`: the proxy's response and its body. The proxy and the upstream are closed after.
 */
export async function proxiedGet(headers: Array<[string, string]>): Promise<{ response: Response; body: string }> {
  const upstream = http.createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end('ok');
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', () => r()));
  const origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const proxy = createProxyHandler({ manifest: { servers: [], proxyAllow: [origin] }, limits: { rateLimit: false } });
  try {
    const response = await proxy(
      new Request('http://docs.test/_lectern/api/request', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ method: 'GET', url: origin }),
      }),
    );
    return { response, body: await response.text() };
  } finally {
    await proxy.close();
    upstream.closeAllConnections();
    await new Promise((r) => upstream.close(r));
  }
}
