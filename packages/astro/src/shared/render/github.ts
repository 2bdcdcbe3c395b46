/** `owner/name` from `<GitHub.Repo repo>`: a slug or a github.com URL; undefined for anything else. */
export function repoSlug(repo: string): string | undefined {
  const m = /^(?:https?:\/\/(?:www\.)?github\.com\/)?([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))\/([A-Za-z0-9._-]{1,100}?)(?:\.git)?\/?$/.exec(
    repo.trim(),
  );
  return m ? `${m[1]}/${m[2]}` : undefined;
}
