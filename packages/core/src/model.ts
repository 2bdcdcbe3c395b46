/**
 * The one typed model every other part of Lectern works from.
 *
 * Data flows one way: docs.json + MDX files + specs -> `SitePlan` (this file's types) -> renderers.
 * Spec documents of every version (Swagger 2.0, OpenAPI 3.0/3.1/3.2, AsyncAPI 2.x/3.x) are upgraded
 * into `ApiDocument` / `AsyncDocument` at load, so nothing downstream branches on versions.
 *
 * Schemas are kept as dereferenced JSON Schema objects (OpenAPI 3.1 flavour: `nullable` is folded into
 * `type`). A schema graph MAY CONTAIN CYCLES (object identity): every walker must track what it has
 * visited. Use `jsonSafeSchema()` from `schema.ts` before serialising one.
 */

// ---------------------------------------------------------------------------------------------
// Diagnostics
// ---------------------------------------------------------------------------------------------

import type { DiagnosticCode } from './diagnostic-codes.ts';

export type Severity = 'error' | 'warning';

/** A problem found in the user's repo. Never thrown at the user as a stack trace. */
export interface Diagnostic {
  severity: Severity;
  /** Stable machine-readable code, e.g. `config/invalid`, `spec/broken-ref` (the catalogue: diagnostic-codes.ts). */
  code: DiagnosticCode;
  /** Repo-relative posix path of the file at fault (or a URL for remote specs). */
  file: string;
  /** JSON pointer inside `file` (RFC 6901), when the file is JSON/YAML. */
  pointer?: string;
  /** 1-based line (and column) when known. */
  line?: number;
  column?: number;
  /** What is wrong, in one sentence. */
  message: string;
  /**
   * What the problem is about when many can share it (the missing page or file of a broken link, an unknown
   * component, a missing import): summaries group repeated ones by it.
   */
  target?: string;
  /** What is allowed / how to fix it. */
  hint?: string;
}

// ---------------------------------------------------------------------------------------------
// Specs
// ---------------------------------------------------------------------------------------------

/** A JSON Schema object (OpenAPI 3.1 dialect after normalisation). May be cyclic. */
export type Schema = { [key: string]: unknown };

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace' | 'query';
export const HTTP_METHODS: readonly HttpMethod[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'];

export interface ServerVariable {
  default: string;
  enum?: string[];
  description?: string;
}

export interface Server {
  /** URL template, e.g. `https://{region}.api.example.com/v1`. */
  url: string;
  description?: string;
  variables: Record<string, ServerVariable>;
}

export interface NamedExample {
  /** Key under `examples` (or `"example"` for a lone `example`). */
  key: string;
  summary?: string;
  description?: string;
  value?: unknown;
  externalValue?: string;
}

export interface MediaTypeObject {
  /** e.g. `application/json`, `multipart/form-data`. */
  mediaType: string;
  schema?: Schema;
  /** Named `examples` first, then a lone `example` as `{key: "example"}`. */
  examples: NamedExample[];
  /** OpenAPI `encoding` map for form/multipart bodies. */
  encoding?: Record<string, { contentType?: string; style?: string; explode?: boolean; headers?: Record<string, unknown> }>;
}

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

export interface Parameter {
  name: string;
  in: ParameterLocation;
  required: boolean;
  deprecated: boolean;
  description?: string;
  schema?: Schema;
  /** Defaults applied per OpenAPI: path/header `simple`, query/cookie `form`. */
  style: string;
  /** Default: true for `form`, false otherwise. */
  explode: boolean;
  allowReserved: boolean;
  allowEmptyValue: boolean;
  examples: NamedExample[];
  /** `content` form of a parameter (rare): the first media type. */
  content?: MediaTypeObject;
  extensions: Record<string, unknown>;
}

export interface RequestBody {
  required: boolean;
  description?: string;
  /** In document order. */
  content: MediaTypeObject[];
}

export interface ResponseHeader {
  name: string;
  description?: string;
  required: boolean;
  deprecated: boolean;
  schema?: Schema;
}

export interface ApiResponse {
  /** `200`, `4XX`, `default`, … */
  status: string;
  description?: string;
  headers: ResponseHeader[];
  content: MediaTypeObject[];
}

export interface OAuthFlow {
  authorizationUrl?: string;
  tokenUrl?: string;
  refreshUrl?: string;
  scopes: Record<string, string>;
}

export interface SecurityScheme {
  /** Key under `components.securitySchemes`. */
  key: string;
  type: 'http' | 'apiKey' | 'oauth2' | 'openIdConnect' | 'mutualTLS';
  description?: string;
  /** http: `bearer`, `basic`, … (lowercased). */
  scheme?: string;
  bearerFormat?: string;
  /** apiKey: header/query/cookie name. */
  name?: string;
  in?: 'header' | 'query' | 'cookie';
  flows?: {
    implicit?: OAuthFlow;
    password?: OAuthFlow;
    clientCredentials?: OAuthFlow;
    authorizationCode?: OAuthFlow;
  };
  openIdConnectUrl?: string;
  /** `x-default`: always prefills the auth input. */
  xDefault?: string;
}

/** One alternative of a `security` list: every scheme in it is required together (AND). */
export interface SecurityRequirement {
  schemes: Array<{ scheme: SecurityScheme; scopes: string[] }>;
}

export interface CodeSample {
  /** Canonical language key when the `lang` is a known key/alias (see `languages.ts`), else the raw `lang`. */
  lang: string;
  label?: string;
  source: string;
}

export interface XMint {
  /** Any frontmatter keys except `openapi`. */
  metadata: Record<string, unknown>;
  /** MDX shown before the generated reference. */
  content?: string;
  /** Custom page URL (leading `/` stripped). */
  href?: string;
  /** Path-item + operation `x-mint.groups`, merged. */
  groups: string[];
  mcp?: { enabled?: boolean; name?: string; description?: string };
  playground?: { expand?: boolean };
}

export interface Callback {
  /** Callback name (key under `callbacks`). */
  name: string;
  /** Runtime expression (key under the callback object). */
  expression: string;
  operations: Operation[];
}

export interface Operation {
  kind: 'operation' | 'webhook';
  /** Source id of the spec this came from (see `ApiDocument.source`). */
  source: string;
  /** Lowercase HTTP method (`webhook` operations keep their HTTP method here too). */
  method: HttpMethod | string;
  /** The path key (`/users/{id}`), or the webhook name for webhooks. */
  path: string;
  operationId?: string;
  summary?: string;
  /** Operation description, falling back to the path item's. */
  description?: string;
  tags: string[];
  deprecated: boolean;
  /** Effective servers: operation > path item > document. May be empty. */
  servers: Server[];
  /** Path-item and operation parameters merged (operation wins on name+in), in order. */
  parameters: Parameter[];
  requestBody?: RequestBody;
  responses: ApiResponse[];
  /** Effective alternatives (operation overrides root; `[]` means no auth). Webhooks: operation-level only. */
  security: SecurityRequirement[];
  callbacks: Callback[];
  /** Valid `x-codeSamples` / `x-code-samples` entries. */
  codeSamples: CodeSample[];
  xMint: XMint;
  /** `x-hidden`: built, not in navigation. */
  hidden: boolean;
  /** `x-excluded`: not built at all. */
  excluded: boolean;
  /** Every `x-*` key on the operation. */
  extensions: Record<string, unknown>;
  /** JSON pointer of the operation in its source, e.g. `/paths/~1users~1{id}/get`. */
  pointer: string;
}

export interface Tag {
  name: string;
  description?: string;
  /** `x-group`: display label of the navigation group. */
  xGroup?: string;
  /** OpenAPI 3.2 nested tags. */
  summary?: string;
  parent?: string;
  kind?: string;
}

export interface ApiDocument {
  kind: 'openapi';
  /** Repo-relative posix path without leading slash (`specs/api.yaml`), or an https URL. */
  source: string;
  /** Version of the document as written: `2.0`, `3.0.3`, `3.1.0`, … */
  originalVersion: string;
  title: string;
  description?: string;
  /** `info.version`. */
  apiVersion: string;
  servers: Server[];
  tags: Tag[];
  /** Paths then webhooks, in document order. Includes `excluded` ones (consumers filter). */
  operations: Operation[];
  securitySchemes: Record<string, SecurityScheme>;
  /** Root `x-*` keys. */
  extensions: Record<string, unknown>;
  /** Named schemas (`components.schemas`), dereferenced, for `openapi-schema:` pages. */
  schemas: Record<string, Schema>;
}

// AsyncAPI ------------------------------------------------------------------------------------

export interface AsyncServer {
  id: string;
  protocol: string;
  /** host (and port) without protocol. */
  host: string;
  pathname?: string;
  description?: string;
  variables: Record<string, ServerVariable>;
  security: SecurityRequirement[];
  bindings: Record<string, unknown>;
}

export interface AsyncMessage {
  id: string;
  name?: string;
  title?: string;
  summary?: string;
  description?: string;
  contentType?: string;
  payload?: Schema;
  headers?: Schema;
  examples: Array<{ name?: string; summary?: string; payload?: unknown; headers?: unknown }>;
  bindings: Record<string, unknown>;
}

export interface ChannelParameter {
  name: string;
  description?: string;
  default?: string;
  enum?: string[];
  examples?: string[];
  location?: string;
}

export interface Channel {
  /** Key under `channels`. */
  id: string;
  /** Channel address (AsyncAPI 3) or the channel key (2.x). */
  address?: string;
  title?: string;
  summary?: string;
  description?: string;
  tags: string[];
  servers: AsyncServer[];
  parameters: ChannelParameter[];
  bindings: Record<string, unknown>;
  /** Messages the READER sends (spec `action: receive` in 3.x, `publish` in 2.x). */
  send: AsyncMessage[];
  /** Messages the READER receives (spec `action: send` in 3.x, `subscribe` in 2.x). */
  receive: AsyncMessage[];
  security: SecurityRequirement[];
  extensions: Record<string, unknown>;
  pointer: string;
}

export interface AsyncDocument {
  kind: 'asyncapi';
  source: string;
  originalVersion: string;
  title: string;
  description?: string;
  apiVersion: string;
  servers: AsyncServer[];
  channels: Channel[];
  securitySchemes: Record<string, SecurityScheme>;
  extensions: Record<string, unknown>;
}

export type SpecDocument = ApiDocument | AsyncDocument;

// ---------------------------------------------------------------------------------------------
// Site plan
// ---------------------------------------------------------------------------------------------

export type PlaygroundDisplay = 'interactive' | 'simple' | 'none' | 'auth';

/** Manual endpoint from `api:` frontmatter (`"POST https://host/path"` or `"POST /path"`). */
export interface ManualEndpoint {
  method: string;
  path: string;
  servers: Server[];
  authMethod?: 'bearer' | 'basic' | 'key' | 'cobo' | 'none';
  authName?: string;
}

interface PageBase {
  /** URL path without leading or trailing slash, e.g. `api-reference/users/get-a-user`; `""` is never used, the home page is `index`. */
  slug: string;
  title: string;
  sidebarTitle?: string;
  description?: string;
  /** Full frontmatter (generated or read), unknown keys preserved. */
  frontmatter: Record<string, unknown>;
  /** MDX body (without frontmatter), from the file or `x-mint.content`. May be empty. */
  body: string;
  /** Repo-relative path of the MDX/MD file behind the page, if any. */
  file?: string;
  /** 1-based line of `file` where `body` starts (for error messages). */
  bodyLine?: number;
  /** Not shown in navigation (x-hidden, frontmatter hidden) but still built. */
  hidden: boolean;
  deprecated: boolean;
  tag?: string;
  version?: string;
  language?: string;
  groups?: string[];
  public?: boolean;
  /** Effective playground display for this page (frontmatter > x-mint > config > default; no server -> simple). */
  playground?: PlaygroundDisplay;
}

export interface GuidePage extends PageBase {
  kind: 'guide';
}

export interface OperationPage extends PageBase {
  kind: 'operation';
  /** Source id of the spec. */
  spec: string;
  /** Lowercase method, or `webhook`. */
  method: string;
  /** Path key, or webhook name. */
  path: string;
}

export interface ChannelPage extends PageBase {
  kind: 'channel';
  spec: string;
  channel: string;
}

export interface SchemaPage extends PageBase {
  kind: 'schema';
  spec: string;
  schema: string;
}

export interface ManualEndpointPage extends PageBase {
  kind: 'endpoint';
  endpoint: ManualEndpoint;
}

export type Page = GuidePage | OperationPage | ChannelPage | SchemaPage | ManualEndpointPage;

// Navigation ---------------------------------------------------------------------------------

export type DivisionType = 'product' | 'language' | 'version' | 'tab' | 'dropdown' | 'anchor' | 'menu';

export interface NavDivision {
  type: DivisionType;
  label: string;
  icon?: unknown;
  /** Link-only division. */
  href?: string;
  hidden?: boolean;
  /** version/language: `default: true`. */
  default?: boolean;
  /** version: docs.json `tag` ("Latest", "Beta"), a badge beside the version in its switcher. */
  tag?: string;
  /** The division's other docs.json fields (`description`, `color`, …), passed through. */
  extra: Record<string, unknown>;
  children: NavItem[];
}

export interface NavGroup {
  type: 'group';
  label: string;
  icon?: unknown;
  tag?: string;
  /** Slug of the group's root page. */
  root?: string;
  expanded?: boolean;
  hidden?: boolean;
  /** `searchable: true` on a hidden group: its pages stay in search and the assistant. */
  searchable?: boolean;
  directory?: 'none' | 'accordion' | 'card';
  children: NavItem[];
}

export interface NavPage {
  type: 'page';
  slug: string;
}

export interface NavLink {
  type: 'link';
  label: string;
  href: string;
  icon?: unknown;
}

export type NavItem = NavDivision | NavGroup | NavPage | NavLink;

export interface SitePlan {
  /** Absolute path of the docs repo. */
  root: string;
  /** Every page that is built, in navigation order, then pages outside navigation. */
  pages: Page[];
  /** Navigation tree; root children follow docs.json's root navigation key. */
  navigation: NavItem[];
  /** Global link-only divisions (`navigation.global`). */
  global: NavItem[];
  /** Loaded specs by source id. */
  specs: Record<string, SpecDocument>;
  diagnostics: Diagnostic[];
}

// ---------------------------------------------------------------------------------------------
// What a build emits for the runtime (proxy, assistant, serve): `dist/_lectern/manifest.json`
// ---------------------------------------------------------------------------------------------

export interface SiteManifest {
  version: 1;
  /** docs.json `name`. */
  name: string;
  /** Every server of every spec (and `api.mdx.server`), templates with their variables: the proxy's allowlist. */
  servers: Server[];
  /** Extra origins the proxy may reach (docs.json `lectern.proxy.allow`), e.g. `http://127.0.0.1:8080`. */
  proxyAllow: string[];
  /** docs.json `redirects`. */
  redirects: Array<{ source: string; destination: string; permanent: boolean }>;
  /** Pages that need a signed-in reader: slug -> groups (empty array = any signed-in reader). */
  restricted: Record<string, string[]>;
  /** The address the site is published at (docs.json `lectern.site`), when set. */
  site?: string;
  /** The path the site is served under (`/pr-42/`), when not `/`: `lectern serve` strips it from requests. */
  base?: string;
  /** docs.json `seo.trailingSlash: true`: page URLs end with '/', and `lectern serve` redirects `/a` to `/a/`. */
  trailingSlash?: true;
}

/** The playground proxy contract: see `contract.ts` (`@lectern/core/contract`, loadable without the rest of core). */
export { PROXY_PATH, PROXY_ERROR_HEADER, type ProxyRequest } from './contract.ts';
