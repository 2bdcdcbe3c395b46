/** `createProxyHandler` for Node: the web-standard handler with the Node transport (connect-time checks) by default. */
import { createProxyHandler as createWith, type ProxyHandler, type ProxyOptions } from './handler.ts';
import { nodeTransport } from './node-transport.ts';

export function createProxyHandler(options: ProxyOptions): ProxyHandler {
  return createWith({ ...options, transport: options.transport ?? nodeTransport });
}
