/**
 * docs.json `redirects` with Mintlify's patterns: `:name` matches one path segment, `:name*` zero or more
 * segments, `:name+` one or more, `:name?` an optional segment, and a bare `*` any characters (also inside a
 * segment, e.g. `/articles/concepts-*`). The destination reuses the same placeholders. First match wins;
 * a trailing slash on the request path is ignored; the query string is kept unless the destination has one.
 */
export interface RedirectRule {
  source: string;
  destination: string;
  permanent: boolean;
}

export interface RedirectMatch {
  location: string;
  /** 308 permanent, 307 otherwise. */
  status: 307 | 308;
}

interface Compiled {
  regex: RegExp;
  names: string[];
  rule: RedirectRule;
}

const TOKEN = /:([A-Za-z_][A-Za-z0-9_]*)([*+?]?)|\*/g;

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function compile(rule: RedirectRule): Compiled {
  const source = trimSlash(rule.source.startsWith('/') ? rule.source : `/${rule.source}`);
  const names: string[] = [];
  let pattern = '';
  let last = 0;
  let wildcards = 0;
  for (const match of source.matchAll(TOKEN)) {
    const index = match.index ?? 0;
    let literal = source.slice(last, index);
    last = index + match[0].length;
    if (match[0] === '*') {
      pattern += escapeRegex(literal) + '(.*)';
      names.push(wildcards++ === 0 ? '*' : `*${wildcards}`);
      continue;
    }
    const name = match[1] ?? '';
    const modifier = match[2] ?? '';
    names.push(name);
    if ((modifier === '*' || modifier === '?') && literal.endsWith('/')) {
      // "/a/:rest*" also matches "/a": the slash before an optional parameter is optional too.
      literal = literal.slice(0, -1);
      pattern += escapeRegex(literal) + (modifier === '*' ? '(?:/(.*))?' : '(?:/([^/]+))?');
    } else {
      pattern += escapeRegex(literal) + (modifier === '*' ? '(.*)' : modifier === '+' ? '(.+)' : modifier === '?' ? '([^/]*)' : '([^/]+)');
    }
  }
  pattern += escapeRegex(source.slice(last));
  return { regex: new RegExp(`^${pattern}$`), names, rule };
}

function trimSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

export function compileRedirects(rules: readonly RedirectRule[]): (pathname: string, search: string) => RedirectMatch | null {
  const compiled = rules.map(compile);
  return (pathname, search) => {
    const path = trimSlash(pathname);
    for (const { regex, names, rule } of compiled) {
      const match = regex.exec(path);
      if (!match) continue;
      const values = new Map<string, string>();
      names.forEach((name, i) => values.set(name, match[i + 1] ?? ''));
      let wildcard = 0;
      let location = rule.destination.replace(TOKEN, (token, name: string | undefined) => {
        if (token === '*') {
          const key = wildcard++ === 0 ? '*' : `*${wildcard}`;
          return values.get(key) ?? '';
        }
        return values.has(name ?? '') ? (values.get(name ?? '') ?? '') : token;
      });
      const external = /^[a-z][a-z0-9+.-]*:\/\//i.test(location);
      if (!external) {
        location = location.replace(/\/{2,}/g, '/');
        if (location.length > 1 && location.endsWith('/') && !rule.destination.endsWith('/')) location = location.slice(0, -1);
        if (!location.startsWith('/')) location = `/${location}`;
        if (trimSlash(location) === path) continue; // never redirect a page to itself
      }
      if (search && !location.includes('?')) location += search;
      return { location, status: rule.permanent ? 308 : 307 };
    }
    return null;
  };
}
