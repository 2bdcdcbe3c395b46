/**
 * The Ask AI panel's deflection link (supportHref in src/assistant/Panel.tsx): docs.json `lectern.assistant.supportUrl`
 * with the conversation's thread id, else `supportEmail` as mailto:, and nothing for addresses that could run script or
 * carry credentials.
 */
import { describe, expect, it } from 'vitest';
import { supportHref } from '../src/assistant/Panel.tsx';

const thread = { threadId: 'thr_abc', threadKey: 'thk_x' } as never;

describe('supportHref', () => {
  it('adds the thread id to the support page, keeping its own query', () => {
    expect(supportHref({ url: 'https://help.example.com/new?from=docs' }, thread)).toBe(
      'https://help.example.com/new?from=docs&threadId=thr_abc',
    );
    expect(supportHref({ url: 'https://help.example.com/' }, undefined)).toBe('https://help.example.com/');
  });
  it('falls back to a mailto: link, and prefers the page when both are set', () => {
    expect(supportHref({ email: 'support@example.com' }, thread)).toBe('mailto:support@example.com');
    expect(supportHref({ url: 'https://help.example.com/', email: 'support@example.com' }, undefined)).toBe('https://help.example.com/');
  });
  it('offers nothing for script, credentials or a malformed email', () => {
    expect(supportHref({ url: 'javascript:alert(1)' }, undefined)).toBeUndefined();
    expect(supportHref({ url: 'https://user:pw@help.example.com/' }, undefined)).toBeUndefined();
    expect(supportHref({ email: 'a@b.com?body=x' }, undefined)).toBeUndefined();
    expect(supportHref(undefined, undefined)).toBeUndefined();
  });
});
