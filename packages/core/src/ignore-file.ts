/**
 * `.mintignore` / `.lecternignore` (gitignore syntax) at the docs root: files and folders that are not
 * pages and whose specs are not discovered. Lets a docs site live at the root of a code repository.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ignore from 'ignore';

export type IgnoreTest = (relPath: string, isDir?: boolean) => boolean;

export const IGNORE_FILES = ['.mintignore', '.lecternignore'] as const;

export function loadIgnore(root: string): IgnoreTest {
  const matcher = ignore();
  let any = false;
  for (const name of IGNORE_FILES) {
    const file = path.join(root, name);
    if (existsSync(file)) {
      matcher.add(readFileSync(file, 'utf8'));
      any = true;
    }
  }
  if (!any) return () => false;
  return (relPath, isDir = false) => matcher.ignores(isDir ? `${relPath.replace(/\/$/, '')}/` : relPath);
}
