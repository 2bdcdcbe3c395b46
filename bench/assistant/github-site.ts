/** The docs repo the assistant benchmarks answer from: the GitHub REST description (@octokit/openapi) as one group. */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** Write the repo into `root` (created if missing); returns `root`. */
export function writeGitHubRestRepo(root: string): string {
  mkdirSync(root, { recursive: true });
  copyFileSync(createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json'), join(root, 'api.github.com.json'));
  writeFileSync(
    join(root, 'docs.json'),
    JSON.stringify({
      theme: 'mint',
      name: 'GitHub REST',
      colors: { primary: '#0969da' },
      navigation: { groups: [{ group: 'REST API', openapi: 'api.github.com.json' }] },
    }),
  );
  return root;
}
