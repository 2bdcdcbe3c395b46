/**
 * The headers Mintlify adds to every page so AI tools find a site's agent files without knowing where they are
 * (`ai/llmstxt.mdx`): `Link` with `rel="llms-txt"`, `"llms-full-txt"`, `"mcp-server-card"` and `"agent-skills"`, and
 * `X-Llms-Txt`, each naming a file the build wrote (a file missing from `dist/` is not advertised), under the base.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

const ADVERTISED: Array<[file: string, rel: string]> = [
  ['llms.txt', 'llms-txt'],
  ['llms-full.txt', 'llms-full-txt'],
  ['.well-known/mcp/server-card.json', 'mcp-server-card'],
  ['.well-known/agent-skills/index.json', 'agent-skills'],
];

/** The headers for the pages of the site in `dist`, served under `base` (`/`, `/v2/`); empty when it has none. */
export function agentLinkHeaders(dist: string, base: string): Record<string, string> {
  const present = ADVERTISED.filter(([file]) => existsSync(path.join(dist, file)));
  if (present.length === 0) return {};
  const headers: Record<string, string> = { Link: present.map(([file, rel]) => `<${base}${file}>; rel="${rel}"`).join(', ') };
  if (present.some(([file]) => file === 'llms.txt')) headers['X-Llms-Txt'] = `${base}llms.txt`;
  return headers;
}
