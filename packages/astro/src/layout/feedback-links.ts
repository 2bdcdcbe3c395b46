/**
 * The page feedback widget's links to the docs repository (docs.json `feedback.suggestEdit` / `raiseIssue`, repo from
 * `lectern.feedback.repo`): "Suggest edits" opens the page's source file in the repo's web editor, "Raise issue" a new
 * issue naming the page. GitLab repositories (a host with "gitlab" in its name) get GitLab's paths, others GitHub's.
 */

export interface FeedbackRepo {
  /** `https://github.com/acme/docs`. */
  repo: string;
  /** Default `main`. */
  branch?: string | undefined;
  /** The docs root inside the repository (where docs.json is), default the top. */
  directory?: string | undefined;
}

const isGitLab = (repo: string) => /gitlab/i.test(URL.parse(repo)?.hostname ?? '');
const encodePath = (p: string) => p.split('/').filter(Boolean).map(encodeURIComponent).join('/');

/** The web editor of `file` (relative to the docs root); `undefined` without one, or for a file not in the repo (a URL). */
export function editUrl(r: FeedbackRepo, file: string | undefined): string | undefined {
  if (!file || /^[a-z][a-z0-9+.-]*:/i.test(file)) return undefined;
  const repo = r.repo.replace(/\/+$/, '').replace(/\.git$/, '');
  const where = encodePath(`${r.directory ?? ''}/${file}`);
  const branch = encodeURIComponent(r.branch ?? 'main');
  return isGitLab(repo) ? `${repo}/-/edit/${branch}/${where}` : `${repo}/edit/${branch}/${where}`;
}

/** A new issue titled after the page, its body naming the page's address (`pageUrl`, absolute when the site's URL is known). */
export function issueUrl(r: FeedbackRepo, pageTitle: string, pageUrl: string): string {
  const repo = r.repo.replace(/\/+$/, '').replace(/\.git$/, '');
  const title = `Issue on docs: ${pageTitle}`;
  const body = `Page: ${pageUrl}`;
  if (isGitLab(repo))
    return `${repo}/-/issues/new?${new URLSearchParams({ 'issue[title]': title, 'issue[description]': body }).toString()}`;
  return `${repo}/issues/new?${new URLSearchParams({ title, body }).toString()}`;
}
