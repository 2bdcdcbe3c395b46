import { describe, expect, it } from 'vitest';
import { channelAuth, channelUrl } from '../src/ChannelPlayground.tsx';
import { canSeePlayground } from '../src/auth.ts';

describe('channelUrl', () => {
  const server = {
    id: 's',
    protocol: 'wss',
    host: '{env}.chat.test:{port}',
    pathname: '/ws',
    variables: { env: { default: 'eu' }, port: { default: '443' } },
  };
  it('fills server variables and encodes address parameters', () => {
    expect(channelUrl(server, { env: 'us' }, '/rooms/{room}', { room: 'a b/c' })).toBe('wss://us.chat.test:443/ws/rooms/a%20b%2Fc');
  });
  it('joins a relative address and keeps unknown placeholders', () => {
    expect(channelUrl({ ...server, pathname: '' }, {}, 'rooms/{room}', {})).toBe('wss://eu.chat.test:443/rooms/{room}');
    expect(channelUrl({ ...server, pathname: undefined as never }, {}, '', {})).toBe('wss://eu.chat.test:443/');
  });
});

describe('channelAuth', () => {
  it('header-style credentials become subprotocols; query keys go in the URL; x-default applies', () => {
    const out = channelAuth(
      [
        { key: 'bearer', type: 'http', scheme: 'bearer', scopes: [] },
        { key: 'q', type: 'apiKey', in: 'query', name: 'token', scopes: [] },
        { key: 'h', type: 'apiKey', in: 'header', name: 'X-Key', scopes: [], xDefault: 'dflt' },
        { key: 'empty', type: 'http', scheme: 'bearer', scopes: [] },
      ],
      { bearer: { token: ' t1 ' }, q: { token: 'a&b' } },
    );
    expect(out).toEqual({ query: ['token=a%26b'], protocols: ['t1', 'dflt'] });
  });
});

describe('canSeePlayground', () => {
  it('needs a user, and one of the page groups when there are groups', () => {
    expect(canSeePlayground(undefined, null)).toBe(false);
    expect(canSeePlayground([], {})).toBe(true);
    expect(canSeePlayground(['admin'], { groups: ['viewer'] })).toBe(false);
    expect(canSeePlayground(['admin', 'ops'], { groups: ['ops'] })).toBe(true);
    expect(canSeePlayground(['admin'], {})).toBe(false);
  });
});
