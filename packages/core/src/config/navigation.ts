/**
 * Validates docs.json `navigation` into a typed tree with a JSON pointer on every node.
 * A walker, not a zod union: each node is recognised by its label key, so errors say exactly which
 * node is wrong and what it may contain.
 */

export type DivisionKind = 'product' | 'language' | 'version' | 'tab' | 'dropdown' | 'anchor' | 'menu';
export type ChildKey = 'products' | 'languages' | 'versions' | 'tabs' | 'dropdowns' | 'anchors' | 'groups' | 'pages' | 'menu';

export interface SpecRef {
  source: string;
  directory?: string;
}

export interface NavNodeConfig {
  kind: DivisionKind | 'group' | 'root';
  label: string;
  pointer: string;
  icon?: unknown;
  href?: string;
  hidden?: boolean;
  default?: boolean;
  /** undefined = not set on this node (inherit); [] never produced. */
  openapi?: SpecRef[];
  asyncapi?: SpecRef[];
  directory?: 'none' | 'accordion' | 'card';
  /** A group's or a version's badge (`"tag": "Beta"`): beside the group's title, or the version in the switcher. */
  tag?: string;
  /** Group fields. */
  root?: string;
  expanded?: boolean;
  public?: boolean;
  /** Everything else the node carries (description, color, align, …). */
  extra: Record<string, unknown>;
  /** Accepted but not shown (a tab generated from an SDK artifact): dropped from the tree. */
  skip?: boolean;
  childKey?: ChildKey;
  children: NavEntry[];
}

export interface NavPageEntry {
  kind: 'page';
  value: string;
  pointer: string;
}

export type NavEntry = NavNodeConfig | NavPageEntry;

export interface NavIssue {
  pointer: string;
  message: string;
  hint?: string;
  /** Default error. A warning: accepted (as Mintlify does) but not honoured by Lectern, or honoured differently. */
  severity?: 'warning';
}

const LABEL_OF: Record<ChildKey, DivisionKind | 'group' | undefined> = {
  products: 'product',
  languages: 'language',
  versions: 'version',
  tabs: 'tab',
  dropdowns: 'dropdown',
  anchors: 'anchor',
  groups: 'group',
  menu: 'menu',
  pages: undefined,
};

const LABEL_KEY: Record<DivisionKind | 'group', string> = {
  product: 'product',
  language: 'language',
  version: 'version',
  tab: 'tab',
  dropdown: 'dropdown',
  anchor: 'anchor',
  menu: 'item',
  group: 'group',
};

const ROOT_CHILD_KEYS: ChildKey[] = ['products', 'languages', 'versions', 'tabs', 'dropdowns', 'anchors', 'groups', 'pages'];
const DIVISION_CHILD_KEYS: ChildKey[] = [...ROOT_CHILD_KEYS, 'menu'];
const COMMON_KEYS = new Set(['icon', 'href', 'hidden', 'openapi', 'asyncapi', 'directory', 'global']);

export function escapePointer(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function specRefs(value: unknown, pointer: string, issues: NavIssue[], kind: 'openapi' | 'asyncapi'): SpecRef[] | undefined {
  if (value === undefined) return undefined;
  const list = Array.isArray(value) ? value : [value];
  const refs: SpecRef[] = [];
  list.forEach((entry, index) => {
    const at = Array.isArray(value) ? `${pointer}/${index}` : pointer;
    if (typeof entry === 'string' && entry.trim()) refs.push({ source: entry.trim() });
    else if (isObject(entry) && typeof entry.source === 'string' && entry.source.trim()) {
      refs.push({
        source: entry.source.trim(),
        ...(typeof entry.directory === 'string' ? { directory: entry.directory } : {}),
      });
    } else {
      issues.push({
        pointer: at,
        message: `invalid ${kind} value`,
        hint: `use a path or https URL, an array of them, or {"source": "...", "directory": "..."}`,
      });
    }
  });
  return refs.length ? refs : undefined;
}

function readCommon(node: NavNodeConfig, raw: Record<string, unknown>, issues: NavIssue[]): void {
  const p = node.pointer;
  if (raw.icon !== undefined) node.icon = raw.icon;
  if (raw.href !== undefined) {
    if (typeof raw.href === 'string') node.href = raw.href;
    else issues.push({ pointer: `${p}/href`, message: '"href" must be a string' });
  }
  if (raw.hidden !== undefined) {
    if (typeof raw.hidden === 'boolean') node.hidden = raw.hidden;
    else issues.push({ pointer: `${p}/hidden`, message: '"hidden" must be true or false' });
  }
  const openapi = specRefs(raw.openapi, `${p}/openapi`, issues, 'openapi');
  if (openapi) node.openapi = openapi;
  const asyncapi = specRefs(raw.asyncapi, `${p}/asyncapi`, issues, 'asyncapi');
  if (asyncapi) node.asyncapi = asyncapi;
  if (raw.directory !== undefined) {
    if (raw.directory === 'none' || raw.directory === 'accordion' || raw.directory === 'card') node.directory = raw.directory;
    else
      issues.push({
        pointer: `${p}/directory`,
        message: `invalid "directory" ${JSON.stringify(raw.directory)}`,
        hint: 'allowed: "none", "accordion", "card"',
      });
  }
}

function readChildren(node: NavNodeConfig, raw: Record<string, unknown>, allowed: ChildKey[], issues: NavIssue[]): void {
  const present = DIVISION_CHILD_KEYS.filter((key) => raw[key] !== undefined);
  const disallowed = present.filter((key) => !allowed.includes(key));
  for (const key of disallowed) {
    issues.push({
      pointer: `${node.pointer}/${key}`,
      message: `a ${node.kind === 'root' ? 'navigation root' : node.kind} cannot contain "${key}"`,
      hint: `allowed: ${allowed.map((k) => `"${k}"`).join(', ')}`,
    });
  }
  // Several kinds of children on one node (Mintlify's schema documents one; its build accepts more): all are kept,
  // in the order the keys are written.
  const usable = Object.keys(raw).filter((key): key is ChildKey => present.includes(key as ChildKey) && allowed.includes(key as ChildKey));
  const key = usable[0];
  if (!key) {
    // A tab that generates its pages from an SDK or GraphQL artifact: accepted, not generated (yet).
    const generator = (['sdk', 'graphql'] as const).find((k) => raw[k] !== undefined);
    if (generator) {
      issues.push({
        pointer: `${node.pointer}/${generator}`,
        severity: 'warning',
        message: `${node.kind} "${node.label}" generates its pages from ${generator === 'sdk' ? 'an SDK reference artifact' : 'a GraphQL schema'}, which Lectern does not do yet; it is left out of the navigation`,
        hint: 'list the pages in "pages" or "groups" to show them',
      });
      node.skip = true;
      return;
    }
    if (node.kind === 'root') {
      issues.push({
        pointer: node.pointer || '/navigation',
        message: 'navigation has no children',
        hint: `add exactly one of ${ROOT_CHILD_KEYS.map((k) => `"${k}"`).join(', ')}`,
      });
    } else if (node.kind !== 'group' && !node.href && !node.openapi && !node.asyncapi && !node.pointer.includes('/global/')) {
      issues.push({
        pointer: node.pointer,
        message: `${node.kind} "${node.label}" has neither children nor "href"`,
        hint: `add one of ${allowed.map((k) => `"${k}"`).join(', ')}, or an "href" to make it a link`,
      });
    }
    return;
  }
  node.childKey = key;
  for (const k of usable) {
    const list = raw[k];
    if (!Array.isArray(list)) {
      issues.push({ pointer: `${node.pointer}/${k}`, message: `"${k}" must be an array` });
      continue;
    }
    list.forEach((item, index) => {
      const pointer = `${node.pointer}/${k}/${index}`;
      const entry = readEntry(item, pointer, k, issues);
      if (entry) node.children.push(entry);
    });
  }
}

/** `{ "sourceRef": "owner/repo" }`: Mintlify's multi-repo deployments splice another repository's navigation in. */
function sourceRef(item: unknown, pointer: string, issues: NavIssue[]): boolean {
  if (!isObject(item) || typeof item.sourceRef !== 'string') return false;
  issues.push({
    pointer,
    severity: 'warning',
    message: `"sourceRef": ${JSON.stringify(item.sourceRef)} brings in the navigation of another repository (a Mintlify multi-repo deployment); Lectern builds this repository alone and leaves it out`,
    hint: 'build the other repository as a site of its own, or copy its pages here',
  });
  return true;
}

function readEntry(item: unknown, pointer: string, key: ChildKey, issues: NavIssue[]): NavEntry | undefined {
  if (item === undefined) return undefined; // an unresolved $ref, reported where it was resolved
  if (sourceRef(item, pointer, issues)) return undefined;
  if (key === 'pages') {
    if (typeof item === 'string') {
      if (!item.trim()) {
        issues.push({ pointer, message: 'empty page path' });
        return undefined;
      }
      return { kind: 'page', value: item.trim(), pointer };
    }
    if (isObject(item) && 'group' in item) return readNode(item, pointer, 'group', issues);
    issues.push({
      pointer,
      message: 'a "pages" entry must be a page path string or a group object',
      hint: 'e.g. "quickstart", "GET /users", or {"group": "Guides", "pages": [...]}',
    });
    return undefined;
  }
  const kind = LABEL_OF[key]!;
  if (!isObject(item)) {
    issues.push({ pointer, message: `a "${key}" entry must be an object with a "${LABEL_KEY[kind]}" label` });
    return undefined;
  }
  return readNode(item, pointer, kind, issues);
}

function readNode(
  raw: Record<string, unknown>,
  pointer: string,
  kind: DivisionKind | 'group',
  issues: NavIssue[],
): NavNodeConfig | undefined {
  const labelKey = LABEL_KEY[kind];
  raw = legacyDivision(raw, pointer, kind, issues);
  const label = raw[labelKey];
  // A blank group label is a group without a heading (Mintlify shows its pages under the previous one).
  if (typeof label !== 'string' || (!label.trim() && kind !== 'group')) {
    issues.push({
      pointer: label === undefined ? pointer : `${pointer}/${labelKey}`,
      message: `${kind} is missing its "${labelKey}" label`,
      hint: `every ${kind} needs a non-empty string "${labelKey}"`,
    });
    return undefined;
  }
  const node: NavNodeConfig = { kind, label: label.trim(), pointer, extra: {}, children: [] };
  readCommon(node, raw, issues);
  if (kind === 'group') {
    if (raw.tag !== undefined) node.tag = String(raw.tag);
    if (typeof raw.root === 'string') node.root = raw.root;
    if (typeof raw.expanded === 'boolean') node.expanded = raw.expanded;
    if (typeof raw.public === 'boolean') node.public = raw.public;
    // A group with both openapi and asyncapi: asyncapi is dropped (Mintlify schema behaviour).
    if (node.openapi && node.asyncapi) delete node.asyncapi;
    readChildren(node, raw, ['pages'], issues);
  } else {
    if (typeof raw.default === 'boolean') node.default = raw.default;
    if (kind === 'version') readVersionTag(node, raw.tag, issues);
    readChildren(node, raw, DIVISION_CHILD_KEYS, issues);
  }
  for (const [key, value] of Object.entries(raw)) {
    if (key === labelKey || COMMON_KEYS.has(key) || DIVISION_CHILD_KEYS.includes(key as ChildKey)) continue;
    if (['tag', 'root', 'expanded', 'public', 'default'].includes(key)) continue;
    node.extra[key] = value;
  }
  return node.skip ? undefined : node;
}

/**
 * A version's `tag` ("Latest", "Beta"): Mintlify's schema has it on versions (and groups) only, as a string; the other
 * divisions' `tag` is left out, as Mintlify does.
 */
function readVersionTag(node: NavNodeConfig, tag: unknown, issues: NavIssue[]): void {
  if (tag === undefined) return;
  if (typeof tag !== 'string') {
    issues.push({ pointer: `${node.pointer}/tag`, message: '"tag" must be a string', hint: 'e.g. "tag": "Latest"' });
    return;
  }
  if (tag.trim()) node.tag = tag.trim();
}

/**
 * An anchor or tab written in mint.json's words inside a docs.json (`{"name": "Blog", "url": "https://…"}`), as
 * repos half-way through the migration have them: Mintlify reads it, so Lectern does, with a warning naming the
 * docs.json words.
 */
function legacyDivision(raw: Record<string, unknown>, pointer: string, kind: DivisionKind | 'group', issues: NavIssue[]) {
  if ((kind !== 'anchor' && kind !== 'tab') || raw[kind] !== undefined || typeof raw.name !== 'string') return raw;
  const { name, url, ...rest } = raw;
  issues.push({
    pointer: `${pointer}/name`,
    severity: 'warning',
    message: `${kind} written as in mint.json ("name"${url !== undefined ? ', "url"' : ''}); read as "${kind}"${url !== undefined ? ' and "href"' : ''}`,
    hint: `docs.json names it {"${kind}": "…", "href": "…"}`,
  });
  return { ...rest, [kind]: name, ...(url !== undefined && rest.href === undefined ? { href: url } : {}) };
}

export interface NavigationConfig {
  root: NavNodeConfig;
  global: NavNodeConfig[];
}

/** Validate `navigation` (the value under docs.json `navigation`, found at `pointer`). */
export function readNavigation(raw: unknown, pointer = '/navigation'): { navigation?: NavigationConfig; issues: NavIssue[] } {
  const issues: NavIssue[] = [];
  if (!isObject(raw)) {
    issues.push({ pointer, message: '"navigation" must be an object', hint: 'e.g. {"groups": [{"group": "Home", "pages": ["index"]}]}' });
    return { issues };
  }
  const root: NavNodeConfig = { kind: 'root', label: '', pointer, extra: {}, children: [] };
  readCommon(root, raw, issues);
  readChildren(root, raw, ROOT_CHILD_KEYS, issues);
  const global: NavNodeConfig[] = [];
  if (raw.global !== undefined) {
    if (!isObject(raw.global)) issues.push({ pointer: `${pointer}/global`, message: '"global" must be an object' });
    else {
      for (const key of ['tabs', 'anchors', 'dropdowns', 'languages', 'versions', 'products'] as ChildKey[]) {
        const list = raw.global[key];
        if (list === undefined) continue;
        if (!Array.isArray(list)) {
          issues.push({ pointer: `${pointer}/global/${key}`, message: `"${key}" must be an array` });
          continue;
        }
        list.forEach((item, index) => {
          const at = `${pointer}/global/${key}/${index}`;
          const entry = readEntry(item, at, key, issues);
          if (entry && entry.kind !== 'page') {
            if (!entry.href)
              issues.push({
                pointer: at,
                severity: 'warning',
                message: `global ${entry.kind} "${entry.label}" has no "href", so it is not shown`,
                hint: 'global entries are links shown on every page',
              });
            else global.push(entry);
          }
        });
      }
    }
  }
  return { navigation: { root, global }, issues };
}
