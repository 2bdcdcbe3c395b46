/**
 * Props of the playground islands. Everything here is JSON-safe: Astro serialises island props into the
 * page, so no cycles, no functions, no `undefined`-only semantics. Built on the Node side by `props.ts`.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A JSON Schema object with cycles broken (see `props.ts`). */
export type JsonSchema = { [key: string]: Json };

export interface PlaygroundServerVariable {
  default: string;
  enum?: string[];
  description?: string;
}

export interface PlaygroundServer {
  /** URL template, e.g. `https://{region}.api.example.com/v1`. */
  url: string;
  description?: string;
  variables: Record<string, PlaygroundServerVariable>;
}

export type PlaygroundLocation = 'path' | 'query' | 'header' | 'cookie';

export interface PlaygroundParameter {
  name: string;
  in: PlaygroundLocation;
  required: boolean;
  deprecated?: boolean;
  description?: string;
  schema?: JsonSchema;
  style: string;
  explode: boolean;
  allowReserved?: boolean;
  /** Schema `default`: always filled in, with or without prefill. */
  default?: Json;
  /** Value to prefill when the page prefills (`x-default` > example > generated). */
  example?: Json;
  /** `content` form of the parameter: the value is serialised as this media type (JSON), not by `style`. */
  contentType?: string;
}

export interface PlaygroundExample {
  key: string;
  summary?: string;
  value: Json;
}

export interface PlaygroundMediaType {
  mediaType: string;
  schema?: JsonSchema;
  /** Named examples with an inline value, in document order. */
  examples: PlaygroundExample[];
  /** Body to prefill (first named example, else generated) — only present when prefill is on. */
  example?: Json;
  encoding?: Record<string, { contentType?: string }>;
}

export interface PlaygroundBody {
  required: boolean;
  description?: string;
  content: PlaygroundMediaType[];
}

export interface PlaygroundOAuthFlow {
  authorizationUrl?: string;
  tokenUrl?: string;
  refreshUrl?: string;
  scopes: Record<string, string>;
}

export interface PlaygroundScheme {
  /** Key under `components.securitySchemes`; also the localStorage key of its value. */
  key: string;
  type: 'http' | 'apiKey' | 'oauth2' | 'openIdConnect' | 'mutualTLS';
  description?: string;
  /** http scheme, lowercased: `bearer`, `basic`, … */
  scheme?: string;
  bearerFormat?: string;
  name?: string;
  in?: 'header' | 'query' | 'cookie';
  flows?: {
    implicit?: PlaygroundOAuthFlow;
    password?: PlaygroundOAuthFlow;
    clientCredentials?: PlaygroundOAuthFlow;
    authorizationCode?: PlaygroundOAuthFlow;
  };
  openIdConnectUrl?: string;
  /** Scopes the requirement asks for. */
  scopes: string[];
  xDefault?: string;
}

/** One selectable alternative: every scheme in it is sent together. */
export interface PlaygroundSecurityAlternative {
  /** Scheme names joined by ` & ` with `_`/`-` as spaces. */
  title: string;
  schemes: PlaygroundScheme[];
}

export interface PlaygroundOptions {
  /** Route requests through the Lectern proxy (`api.playground.proxy`, default true). */
  proxy: boolean;
  /** With `proxy: false`, send cookies/credentials cross-origin (`api.playground.credentials`). */
  credentials: boolean;
  /** Fill inputs from examples (`api.examples.prefill`). */
  prefill: boolean;
  /** Proxy endpoint; default `/_lectern/api/request`. */
  proxyUrl: string;
  /** Code-sample languages of the site (keys, in order; site.api from docs.json): the island's live request samples. */
  languages: string[];
  /** `auth`: render only for a signed-in reader (see `auth.ts`); default `interactive`. */
  display?: 'interactive' | 'auth';
  /** Page `groups`: with `display: 'auth'`, the reader must be in one of them. */
  groups?: string[];
  /** Abort a request after this long (default 60 000 ms). */
  timeoutMs?: number;
}

export interface PlaygroundProps extends PlaygroundOptions {
  /** Stable id of the operation (used for DOM ids). */
  id: string;
  method: string;
  path: string;
  servers: PlaygroundServer[];
  parameters: PlaygroundParameter[];
  body?: PlaygroundBody;
  /** Alternatives; `[]` means no auth. */
  security: PlaygroundSecurityAlternative[];
}

// AsyncAPI -------------------------------------------------------------------------------------

export interface PlaygroundAsyncServer {
  id: string;
  protocol: string;
  host: string;
  pathname?: string;
  description?: string;
  variables: Record<string, PlaygroundServerVariable>;
}

export interface PlaygroundChannelParameter {
  name: string;
  description?: string;
  default?: string;
  enum?: string[];
}

export interface PlaygroundAsyncMessage {
  id: string;
  title?: string;
  contentType?: string;
  payload?: JsonSchema;
  /** Payload to compose with (first example, else generated when prefill is on). */
  example?: Json;
}

export interface ChannelPlaygroundProps {
  id: string;
  /** Channel address with `{param}` placeholders (may be empty). */
  address: string;
  servers: PlaygroundAsyncServer[];
  parameters: PlaygroundChannelParameter[];
  send: PlaygroundAsyncMessage[];
  receive: PlaygroundAsyncMessage[];
  security: PlaygroundSecurityAlternative[];
  prefill: boolean;
  display?: 'interactive' | 'auth';
  groups?: string[];
}
