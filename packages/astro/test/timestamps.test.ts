/** docs.json `metadata.timestamp`: "Last updated" from the page file's last commit; frontmatter overrides. */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSite } from '../src/cli/run.ts';

let root = '';
afterAll(() => rm(root, { recursive: true, force: true }));

describe('last updated dates', () => {
  it('shows the date of the last commit of each page, unless the page opts out or sets its own', async () => {
    root = await mkdtemp(path.join(tmpdir(), 'lectern-timestamps-'));
    const page = (title: string, extra = '') => `---\ntitle: ${title}\ndescription: ${title}.\n${extra}---\n\n${title} text.\n`;
    await writeFile(path.join(root, 'index.mdx'), page('Home'));
    await writeFile(path.join(root, 'off.mdx'), page('Off', 'timestamp: false\n'));
    await writeFile(path.join(root, 'own.mdx'), page('Own', 'lastUpdatedDate: "2024-02-29"\n'));
    await writeFile(
      path.join(root, 'docs.json'),
      JSON.stringify({
        theme: 'mint',
        name: 'Dates',
        colors: { primary: '#0D9373' },
        metadata: { timestamp: true },
        navigation: { groups: [{ group: 'Docs', pages: ['index', 'off', 'own'] }] },
      }),
    );
    const git = (...args: string[]) =>
      execFileSync('git', ['-C', root, ...args], {
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: 't',
          GIT_AUTHOR_EMAIL: 't@example.test',
          GIT_COMMITTER_NAME: 't',
          GIT_COMMITTER_EMAIL: 't@example.test',
          GIT_COMMITTER_DATE: '2025-03-14T12:00:00Z',
          GIT_AUTHOR_DATE: '2025-03-14T12:00:00Z',
        },
      });
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', 'docs');
    const { outDir } = await buildSite(root, { logLevel: 'error' });
    const home = await readFile(path.join(outDir, 'index.html'), 'utf8');
    expect(home).toContain('<p class="last-updated">Last updated <time datetime="2025-03-14T12:00:00.000Z">March 14, 2025</time></p>');
    expect(await readFile(path.join(outDir, 'off/index.html'), 'utf8')).not.toContain('last-updated');
    expect(await readFile(path.join(outDir, 'own/index.html'), 'utf8')).toContain(
      '<time datetime="2024-02-29T00:00:00.000Z">February 29, 2024</time>',
    );
  }, 120_000);
});
