/**
 * OAuth endpoints come from the spec. Only `https:` (and `http:` on the reader's own machine) may be opened or
 * posted to: a `javascript:` authorization URL would run in the docs origin, where the playground keeps credentials.
 */
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** The URL to open for `raw` (relative to the page), or an Error saying why it is refused. */
export function oauthEndpoint(raw: string, base: string): URL | Error {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return new Error(`The sign-in URL "${raw.slice(0, 80)}" is not a valid URL.`);
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.test(url.hostname))) return url;
  return new Error(`Sign-in refused: the spec's OAuth URL must use https (http only on localhost), not "${url.protocol}".`);
}
