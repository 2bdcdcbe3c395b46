/** The playground opens and posts to OAuth endpoints from the spec only over https (http on localhost). */
import { describe, expect, it } from 'vitest';
import { oauthEndpoint } from '../src/oauth-url.ts';

const page = 'https://docs.example.com/api/get-user';

describe('oauthEndpoint', () => {
  it('accepts https anywhere, http only on loopback, and resolves relative URLs against the page', () => {
    expect(String(oauthEndpoint('https://auth.example.com/authorize', page))).toBe('https://auth.example.com/authorize');
    expect(String(oauthEndpoint('http://127.0.0.1:9000/authorize', page))).toBe('http://127.0.0.1:9000/authorize');
    expect(String(oauthEndpoint('http://localhost/authorize', page))).toBe('http://localhost/authorize');
    expect(String(oauthEndpoint('/oauth/authorize', page))).toBe('https://docs.example.com/oauth/authorize');
  });

  it('refuses javascript:, data:, and plain http to other hosts', () => {
    for (const raw of [
      'javascript:alert(document.cookie)//',
      ' JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'http://auth.example.com/authorize',
      'vbscript:x',
    ]) {
      const result = oauthEndpoint(raw, page);
      expect(result, raw).toBeInstanceOf(Error);
      expect((result as Error).message, raw).toMatch(/must use https|not a valid URL/);
    }
  });
});
