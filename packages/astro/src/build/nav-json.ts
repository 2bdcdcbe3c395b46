/**
 * Large sidebars: only the active section is rendered into each page; the other sections are loaded on demand
 * from one shared JSON per sidebar scope (`/_lectern/nav/<scope>.json`).
 */
import type { Scope, SidebarEntry } from '../model/nav.ts';

/** Sidebars with more entries than this render their inactive sections lazily. */
export const LAZY_SIDEBAR_THRESHOLD = 150;

export function countEntries(items: readonly SidebarEntry[]): number {
  let n = 0;
  for (const e of items) n += 1 + (e.kind === 'group' ? countEntries(e.children) : 0);
  return n;
}

export function isLarge(scope: Scope): boolean {
  return countEntries(scope.sidebar) > LAZY_SIDEBAR_THRESHOLD;
}

type Compact =
  { s: string; l: string; m?: string; t?: string; d?: 1 } | { g: string; t?: string; c: Compact[]; r?: string } | { h: string; l: string };

function compact(e: SidebarEntry): Compact {
  if (e.kind === 'page')
    return {
      s: e.slug,
      l: e.label,
      ...(e.method ? { m: e.method } : {}),
      ...(e.tag ? { t: e.tag } : {}),
      ...(e.deprecated ? { d: 1 as const } : {}),
    };
  if (e.kind === 'link') return { h: e.href, l: e.label };
  return { g: e.label, ...(e.tag ? { t: e.tag } : {}), ...(e.root ? { r: e.root } : {}), c: e.children.map(compact) };
}

/** The JSON of one scope: one entry per top-level sidebar item. */
export function scopeJson(scope: Scope): string {
  return JSON.stringify(scope.sidebar.map(compact));
}
