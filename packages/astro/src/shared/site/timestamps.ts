/**
 * "Last updated" dates for docs.json `metadata.timestamp` (and page `timestamp: true`): the date of the last commit
 * that touched each page file, from one `git log` over the repo. Not a git repository (or no git): no dates.
 */
import { execFileSync } from 'node:child_process';

/** Repo-relative page file (posix) -> ISO date of its last commit. */
export function lastCommitDates(root: string): Map<string, string> {
  const dates = new Map<string, string>();
  let out = '';
  try {
    out = execFileSync('git', ['-C', root, 'log', '--format=%x00%cI', '--name-only', '--relative', '--no-renames', '--', '.'], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return dates;
  }
  for (const block of out.split('\0')) {
    const [date, ...files] = block.split('\n').filter(Boolean);
    if (!date) continue;
    for (const f of files) if (!dates.has(f)) dates.set(f, date);
  }
  return dates;
}
