/** Reading the vendor extensions Lectern understands: `x-codeSamples`, `x-mint`, `x-*` collection. */
import type { CodeSample, Diagnostic, XMint } from '../model.ts';
import { normalizeLanguage } from '../languages.ts';
import { childPointer } from './pointer.ts';

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Every `x-*` key of an object. */
export function extensionsOf(obj: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(obj)) if (key.startsWith('x-')) out[key] = obj[key];
  return out;
}

/** Valid `x-codeSamples` (or `x-code-samples`) entries; each invalid entry is reported and skipped. */
export function readCodeSamples(op: Record<string, unknown>, file: string, pointer: string, diagnostics: Diagnostic[]): CodeSample[] {
  const key = op['x-codeSamples'] !== undefined ? 'x-codeSamples' : op['x-code-samples'] !== undefined ? 'x-code-samples' : undefined;
  if (!key) return [];
  const list = op[key];
  const listPointer = childPointer(pointer, key);
  if (!Array.isArray(list)) {
    diagnostics.push({
      severity: 'warning',
      code: 'spec/invalid-code-sample',
      file,
      pointer: listPointer,
      message: `${key} must be a list of code samples; it was ignored.`,
      hint: 'Write `- lang: python\n  source: "..."` entries (lang and source are required, label is optional).',
    });
    return [];
  }
  const out: CodeSample[] = [];
  list.forEach((entry, index) => {
    const at = childPointer(listPointer, index);
    const problems: string[] = [];
    if (!isRecord(entry)) problems.push('it is not an object');
    else {
      if (typeof entry.lang !== 'string' || !entry.lang.trim()) problems.push('`lang` (a non-empty string) is missing');
      if (typeof entry.source !== 'string') problems.push('`source` (a string) is missing');
      if (entry.label !== undefined && typeof entry.label !== 'string') problems.push('`label` must be a string');
    }
    if (problems.length || !isRecord(entry)) {
      const readmeStyle = isRecord(entry) && ('language' in entry || 'code' in entry);
      const hint = readmeStyle
        ? 'This looks like a ReadMe-style sample: rename `language` to `lang`, `code` to `source` and `name` to `label`.'
        : 'Each entry needs `lang` and `source`; `label` is optional.';
      diagnostics.push({
        severity: 'warning',
        code: 'spec/invalid-code-sample',
        file,
        pointer: at,
        message: `Code sample ${index} of ${key} was skipped: ${problems.join(', ')}.`,
        hint,
      });
      return;
    }
    const rawLang = (entry.lang as string).trim();
    out.push({
      lang: normalizeLanguage(rawLang) ?? rawLang,
      ...(typeof entry.label === 'string' ? { label: entry.label } : {}),
      source: entry.source as string,
    });
  });
  return out;
}

function stringList(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/**
 * Why an `x-mint.href` cannot be a page path of the site, or undefined when it can. Its slug becomes a folder of the
 * output and a route of the build, so: no `.` or `..` segment and no NUL (it would leave the site), and no `%`, `?`
 * or `#` (a path is written as its characters: Astro decodes a route's `%`, and fails the build on one that is no
 * escape; `?` and `#` start a query or fragment, never part of a page's path).
 */
export function hrefProblem(href: string): string | undefined {
  const segments = href.split(/[\\/]+/).filter(Boolean);
  if (!segments.length) return 'names no page';
  if (segments.some((s) => s === '.' || s === '..' || s.includes('\0'))) return 'leaves the site';
  const bad = /[%?#]/.exec(href);
  if (bad) return `has "${bad[0]}", which a page path cannot hold`;
  return undefined;
}

/** `x-mint` of an operation merged with its path item's `x-mint.groups`. */
export function readXMint(
  op: Record<string, unknown>,
  pathItem: Record<string, unknown> | undefined,
  file: string,
  pointer: string,
  diagnostics: Diagnostic[],
): XMint {
  const raw = op['x-mint'];
  const pathRaw = pathItem?.['x-mint'];
  const result: XMint = { metadata: {}, groups: [] };
  if (raw !== undefined && !isRecord(raw)) {
    diagnostics.push({
      severity: 'warning',
      code: 'spec/invalid-x-mint',
      file,
      pointer: childPointer(pointer, 'x-mint'),
      message: 'x-mint must be an object; it was ignored.',
      hint: 'Allowed keys: metadata, content, href, groups, mcp, playground.',
    });
  }
  const xm = isRecord(raw) ? raw : {};
  if (isRecord(xm.metadata)) {
    for (const [k, v] of Object.entries(xm.metadata)) if (k !== 'openapi') result.metadata[k] = v;
  }
  if (typeof xm.content === 'string') result.content = xm.content;
  if (typeof xm.href === 'string' && xm.href.trim()) result.href = xm.href.trim().replace(/^\/+/, '');
  const groups = [...(isRecord(pathRaw) ? stringList(pathRaw.groups) : []), ...stringList(xm.groups)];
  result.groups = [...new Set(groups)];
  const mcp = isRecord(xm.mcp) ? xm.mcp : isRecord(op['x-mcp']) ? op['x-mcp'] : undefined;
  if (mcp) {
    result.mcp = {
      ...(typeof mcp.enabled === 'boolean' ? { enabled: mcp.enabled } : {}),
      ...(typeof mcp.name === 'string' ? { name: mcp.name } : {}),
      ...(typeof mcp.description === 'string' ? { description: mcp.description } : {}),
    };
  }
  if (isRecord(xm.playground)) {
    result.playground = typeof xm.playground.expand === 'boolean' ? { expand: xm.playground.expand } : {};
  }
  return result;
}
