/** The feedback widget's repository links: GitHub and GitLab paths, the docs folder, files outside the repo. */
import { describe, expect, it } from 'vitest';
import { editUrl, issueUrl } from '../src/layout/feedback-links.ts';

describe('feedback links', () => {
  it('edits the page source on GitHub or GitLab, under the docs folder and branch, encoded', () => {
    expect(editUrl({ repo: 'https://github.com/acme/docs/' }, 'guides/web hooks.mdx')).toBe(
      'https://github.com/acme/docs/edit/main/guides/web%20hooks.mdx',
    );
    expect(editUrl({ repo: 'https://gitlab.example.com/acme/docs.git', branch: 'trunk', directory: '/docs/' }, 'a.mdx')).toBe(
      'https://gitlab.example.com/acme/docs/-/edit/trunk/docs/a.mdx',
    );
    expect(editUrl({ repo: 'https://github.com/acme/docs' }, 'https://specs.acme.dev/openapi.yaml')).toBeUndefined();
    expect(editUrl({ repo: 'https://github.com/acme/docs' }, undefined)).toBeUndefined();
  });

  it('opens a new issue named after the page, GitLab with its own parameters', () => {
    const gh = new URL(issueUrl({ repo: 'https://github.com/acme/docs' }, 'Q&A', 'https://docs.acme.dev/qa'));
    expect([gh.pathname, gh.searchParams.get('title'), gh.searchParams.get('body')]).toEqual([
      '/acme/docs/issues/new',
      'Issue on docs: Q&A',
      'Page: https://docs.acme.dev/qa',
    ]);
    const gl = new URL(issueUrl({ repo: 'https://gitlab.com/acme/docs' }, 'Guide', '/guide'));
    expect([gl.pathname, gl.searchParams.get('issue[title]'), gl.searchParams.get('issue[description]')]).toEqual([
      '/acme/docs/-/issues/new',
      'Issue on docs: Guide',
      'Page: /guide',
    ]);
  });
});
