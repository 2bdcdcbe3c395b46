/**
 * Every code a Lectern diagnostic can carry, one line each: `lectern check --codes` prints this table and the docs
 * list it (docs/cli.mdx). `Diagnostic.code` is typed by it, so a new code is added here or fails `tsc`.
 */
export const DIAGNOSTIC_CODES = {
  'config/missing': 'no docs.json (or legacy mint.json) in the folder',
  'config/syntax': 'docs.json is not valid JSON',
  'config/invalid': 'a docs.json value does not match the schema (the pointer names it; the hint says what is allowed)',
  'config/unknown-key': 'a top-level docs.json key Lectern does not know',
  'config/not-supported': 'a docs.json setting Mintlify has that Lectern does not draw yet',
  'config/navigation': 'a navigation entry that is not valid (a group without a name, a node of the wrong shape)',
  'config/language': 'an `api.examples.languages` entry that is not one of the 18 sample languages or their aliases',
  'config/fonts': 'a `fonts` entry whose source cannot be used',
  'config/ref': 'a `$ref` in docs.json that cannot be followed (missing file, a cycle, outside the repo)',
  'config/legacy': 'the repo has only a legacy mint.json, read as Lectern upgrades it',
  'config/legacy-key': 'a mint.json key that docs.json spells differently',
  'config/unknown-icon': 'a docs.json navigation, navbar or contextual icon that is in no icon set (drawn as a dot)',
  'nav/page-not-found': 'a navigation page with no .mdx/.md file',
  'nav/spec-not-found': 'a navigation `openapi`/`asyncapi` entry whose spec cannot be found',
  'nav/spec-kind': 'a spec used where the other kind is expected (AsyncAPI under `openapi`, or the reverse)',
  'nav/operation-not-found': 'a `"METHOD /path"` navigation entry that names no operation of the spec',
  'nav/slug-conflict': 'two pages would be written at the same URL',
  'page/frontmatter': 'YAML frontmatter that does not parse, or a key of the wrong type',
  'page/mdx': 'a page that is not valid MDX',
  'page/refused-file':
    'a page file that is a symlink to a file that never reaches the site (under `.git/`, a dotfile or dot-folder, out of the repo): left out',
  'page/no-title': 'a page without a `title` (the fallback title is named)',
  'page/no-description': 'a page without a `description`',
  'page/assistant-mode': 'a `mode: "assistant"` page on a site without the assistant (shows its text and a note, no chat)',
  'page/openapi': 'an `openapi:` frontmatter value that names no spec or operation',
  'page/api': 'an `api:` frontmatter value that is not `"METHOD URL"`',
  'page/operation-not-found': 'an `openapi:` page whose operation is not in the spec',
  'page/channel-not-found': 'an `asyncapi:` page whose channel is not in the spec',
  'page/schema-not-found': 'an `openapi-schema:` page whose schema is not in the spec',
  'page/compile': 'a page the bundler could not compile (left out of the build)',
  'page/render': 'a page whose rendering threw (left out of the build)',
  'mdx/parse-error': 'MDX in an API block that does not parse',
  'mdx/syntax': 'a JSX/JS module a page imports that does not parse',
  'mdx/unknown-component': 'a component that is neither built in, imported nor defined (drawn as its children)',
  'mdx/undefined-name': 'an `{expression}` naming something not defined at build time (shown as written)',
  'mdx/unknown-variable': 'a `{{name}}` placeholder with no docs.json `variables` entry',
  'mdx/unresolved-import':
    'an import of a package that is not installed (in MDX: cut, as Mintlify does; in a JSX module: its pages left out)',
  'mdx/missing-import': 'an import of a repo file that does not exist',
  'mdx/refused-import':
    "an import of a file that never reaches the site (a symlink into `.git/`, to a dotfile or dot-folder, a restricted page's source, out of the repo): left out",
  'mdx/snippet-file': 'a snippet reference to a file that does not exist',
  'mdx/snippet-prop': 'a snippet used with a prop it does not read, or without one it needs',
  'mdx/code-meta': 'a code block option (title, lines, highlight…) that does not parse',
  'mdx/latex': 'LaTeX that KaTeX cannot render',
  'mdx/mermaid-placement': 'a Mermaid diagram where it cannot be drawn',
  'mdx/param-field-location': 'a `<ParamField>` whose location (path, query, header, body…) is not known',
  'mdx/unknown-icon': 'a component `icon` or frontmatter `icon:` that is in no icon set, often a Font Awesome Pro name (drawn as a dot)',
  'mdx/visibility-for': 'a `<Visibility for>` value other than "humans" or "agents"',
  'mdx/compile': 'MDX the build compiler refuses (file and line of the construct)',
  'link/broken': 'an internal link to a page or file that does not exist',
  'spec/not-found': 'a spec file that does not exist',
  'spec/unreadable': 'a spec file that cannot be read',
  'spec/too-large': 'a spec over the size limit',
  'spec/outside-root': 'a spec path that leaves the repo',
  'spec/ref-outside-root': 'a `$ref` that leaves the repo',
  'spec/refused-file':
    'a spec or `$ref` file that never reaches the site (under `.git/` or another dot-folder, a dotfile), named or through a symlink',
  'spec/insecure-url': 'a remote spec over plain http',
  'spec/invalid-source': 'a spec source that is neither a repo path nor an http(s) URL',
  'spec/fetch-failed': 'a remote spec that could not be fetched',
  'spec/timeout': 'a remote spec or reference that took too long',
  'spec/stale-copy': 'a remote spec that could not be fetched, built from the last good copy in the cache',
  'spec/invalid-syntax': 'a spec that is not valid JSON or YAML',
  'spec/not-an-object': 'a spec whose top level is not an object',
  'spec/unknown-kind': 'a file that is neither OpenAPI, Swagger nor AsyncAPI',
  'spec/wrong-kind': 'a spec of the other kind than the entry expects',
  'spec/unsupported-version': 'an OpenAPI/AsyncAPI version Lectern does not read',
  'spec/swagger2-conversion': 'a Swagger 2 spec that could not be converted to OpenAPI 3',
  'spec/invalid': 'a spec that does not validate',
  'spec/broken-ref': 'a `$ref` that points nowhere',
  'spec/invalid-parameter': 'a parameter without a name or location',
  'spec/invalid-server': 'a server URL that cannot be used',
  'spec/invalid-tag': 'a tag that is not a string',
  'spec/invalid-security-scheme': 'a security scheme of the wrong shape',
  'spec/unknown-security-scheme': 'an operation requiring a security scheme the spec does not define',
  'spec/unsupported-security-scheme': 'a security scheme kind the playground cannot send',
  'spec/invalid-code-sample': 'an `x-codeSamples` entry without a language or source',
  'spec/invalid-x-mint': 'an `x-mint` extension value of the wrong shape',
  'spec/unsafe-href': 'an `x-mint.href` that is not a safe site path',
  'spec/asyncapi/<rule>': "an AsyncAPI document the AsyncAPI parser refuses, by the parser's own rule name",
  'spec/content-refused': 'spec-provided page content (`x-mint.content`) that would run code, cut from the page',
} as const satisfies Record<string, string>;

/** A catalogued code, or a rule of the AsyncAPI parser's own (`spec/asyncapi/<rule>`) passed on as it names it. */
export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES | `spec/asyncapi/${string}`;

/** The catalogue as aligned text lines, for `lectern check --codes`. */
export function diagnosticCodeTable(): string {
  const width = Math.max(...Object.keys(DIAGNOSTIC_CODES).map((c) => c.length));
  return Object.entries(DIAGNOSTIC_CODES)
    .map(([code, what]) => `  ${code.padEnd(width)}  ${what}\n`)
    .join('');
}
