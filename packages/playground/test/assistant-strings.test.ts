/**
 * The Ask AI panel's refusals in the page's language (src/assistant/stream.ts with strings.ts): a real HTTP server on
 * 127.0.0.1 answers 429 with Retry-After and 401, and the errors read in French, the wait written the French way, or
 * in English (strings-en.ts) on an English page, which hands the panel no strings.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, AskError } from '../src/assistant/stream.ts';
import { panelStrings, PANEL_STRINGS_EN } from '../src/assistant/strings.ts';
import { assistantUiJson, uiStrings } from '../../astro/src/shared/render/ui-strings.ts';

let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    if (req.url === '/limited') res.writeHead(429, { 'Retry-After': '30', 'Content-Type': 'application/json' });
    else if (req.url === '/limited-soon') res.writeHead(429, { 'Content-Type': 'application/json' });
    else res.writeHead(401, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: { code: 'invalid_key', message: 'no' } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const fr = panelStrings({
  aiRateLimited: 'Trop de questions pour le moment (limite atteinte). Réessayez {when}.',
  aiRateLimitedSoon: 'Trop de questions pour le moment (limite atteinte). Réessayez dans un instant.',
  aiKeyRefused: 'L’assistant a refusé la clé de ce site ({status}). Demandez au propriétaire du site de la vérifier.',
  onThisPage: 'ignored: not a panel string',
  send: 42,
});

/** What the panel reads on an English page, which hands it nothing (no `data-assistant-ui`). */
const en = panelStrings(undefined);

async function refusal(path: string, strings = fr, lang = 'fr'): Promise<AskError> {
  const settings = { domain: 'acme', key: 'k', endpoint: `${base}${path}` };
  const input = { settings, turns: [{ role: 'user' as const, text: 'hi' }], thread: undefined, regenerate: false, currentPath: '/' };
  const events = { onAccepted: () => {}, onText: () => {}, onSource: () => {} };
  try {
    await ask({ ...input, signal: new AbortController().signal, strings, lang }, events);
  } catch (error) {
    return error as AskError;
  }
  throw new Error('expected a refusal');
}

describe('the panel strings', () => {
  it('take only the panel strings a page gives, English for the rest', () => {
    expect(assistantUiJson(uiStrings('en'))).toBeUndefined();
    expect(fr.aiRateLimitedSoon).toBe('Trop de questions pour le moment (limite atteinte). Réessayez dans un instant.');
    expect(fr.send).toBe('Send');
    expect(fr.aiStop).toBe(PANEL_STRINGS_EN.aiStop);
    expect(fr).not.toHaveProperty('onThisPage');
    expect(en.aiStop).toBe('Stop');
    expect(en.aiContactSupport).toBe('Contact support');
  });

  it('word refusals in the page language, with the wait written that way', async () => {
    expect((await refusal('/limited')).message).toBe('Trop de questions pour le moment (limite atteinte). Réessayez dans 30 secondes.');
    expect((await refusal('/limited-soon')).message).toBe('Trop de questions pour le moment (limite atteinte). Réessayez dans un instant.');
    expect((await refusal('/key')).message).toBe(
      'L’assistant a refusé la clé de ce site (401 invalid_key). Demandez au propriétaire du site de la vérifier.',
    );
    expect((await refusal('/limited', en, 'en')).message).toBe('Too many questions right now (rate limited). Try again in 30 seconds.');
  });
});
