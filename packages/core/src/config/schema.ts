/**
 * The docs.json schema (Mintlify-compatible), as zod schemas.
 *
 * Navigation nodes are validated by `navigation.ts` (a walker that dispatches on the node's label key and
 * gives precise messages); here they are described so the emitted JSON Schema lets editors autocomplete them.
 */
import { z } from 'zod';

export const THEMES = ['mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen', 'sequoia', 'luma'] as const;

const hexColor = z.string().regex(/^#([a-fA-F0-9]{6}|[a-fA-F0-9]{3})$/, 'must be a hex color like #0D9373 or #0D9');

const lightDark = <T extends z.ZodType>(inner: T) => z.object({ light: inner.optional(), dark: inner.optional() });

export const iconSchema = z.union([
  z.string().refine((s) => !s.startsWith('fa-'), 'icon names must not start with "fa-" (write "house", not "fa-house")'),
  z.object({
    name: z.string(),
    style: z
      .enum([
        'brands',
        'duotone',
        'light',
        'regular',
        'sharp-duotone-solid',
        'sharp-light',
        'sharp-regular',
        'sharp-solid',
        'sharp-thin',
        'solid',
        'thin',
      ])
      .optional(),
    library: z.enum(['fontawesome', 'lucide', 'tabler']).optional(),
  }),
]);

/** `openapi` value on a navigation node or in `api.openapi`. */
export const openApiRefSchema = z.union([
  z.string().min(1),
  z.array(z.union([z.string().min(1), z.object({ source: z.string().min(1), directory: z.string().optional() })])),
  z.object({ source: z.string().min(1), directory: z.string().optional(), overlays: z.array(z.string()).optional() }),
]);

export const asyncApiRefSchema = z.union([
  z.string().min(1),
  z.array(z.string().min(1)),
  z.object({ source: z.string().min(1), directory: z.string().optional() }),
]);

export const playgroundSchema = z.object({
  display: z.enum(['interactive', 'simple', 'none', 'auth']).default('interactive'),
  proxy: z.boolean().default(true),
  credentials: z.boolean().default(false),
});

export const examplesSchema = z.object({
  /** Canonical keys after normalisation (aliases accepted on input). */
  languages: z.array(z.string()).optional(),
  defaults: z.enum(['required', 'all']).default('all'),
  prefill: z.boolean().default(false),
  autogenerate: z.boolean().default(true),
});

export const apiSchema = z.object({
  openapi: openApiRefSchema.optional(),
  asyncapi: asyncApiRefSchema.optional(),
  params: z
    .object({
      expanded: z.enum(['all', 'closed']).default('closed'),
      post: z.array(z.string()).optional(),
    })
    .optional(),
  playground: playgroundSchema.default({ display: 'interactive', proxy: true, credentials: false }),
  examples: examplesSchema.default({ defaults: 'all', prefill: false, autogenerate: true }),
  url: z.literal('full').optional(),
  mdx: z
    .object({
      auth: z.object({ method: z.enum(['bearer', 'basic', 'key', 'cobo']).optional(), name: z.string().optional() }).optional(),
      server: z.union([z.string().url(), z.array(z.string().url())]).optional(),
    })
    .optional(),
});

const navbarLink = z.object({
  type: z.enum(['github', 'discord']).optional(),
  label: z.string().optional(),
  href: z.string(),
  icon: iconSchema.optional(),
});

export const navbarSchema = z.object({
  links: z.array(navbarLink).optional(),
  primary: z.object({ type: z.enum(['button', 'github', 'discord']), label: z.string().optional(), href: z.string() }).optional(),
});

export const SOCIAL_PLATFORMS = [
  'x',
  'website',
  'facebook',
  'youtube',
  'discord',
  'slack',
  'github',
  'linkedin',
  'instagram',
  'hacker-news',
  'medium',
  'telegram',
  'twitter',
  'x-twitter',
  'earth-americas',
  'bluesky',
  'threads',
  'reddit',
  'podcast',
] as const;

export const footerSchema = z.object({
  socials: z.partialRecord(z.enum(SOCIAL_PLATFORMS), z.string()).optional(),
  links: z
    .array(z.object({ header: z.string().optional(), items: z.array(z.object({ label: z.string(), href: z.string() })) }))
    .max(4)
    .optional(),
});

export const bannerSchema = z.object({
  content: z.string(),
  dismissible: z.boolean().default(false),
  type: z.enum(['info', 'warning', 'critical']).default('info'),
  color: z.union([hexColor, lightDark(hexColor)]).optional(),
});

/** One font: a family (a Google Font by name, or a font file `source`), weight, format. */
const fontSchema = z.looseObject({
  family: z.string().optional(),
  weight: z.number().optional(),
  source: z.string().optional(),
  format: z.enum(['woff', 'woff2']).optional(),
});
/** `fonts`: one font for everything, or separate `heading` and `body` fonts (each optional). */
export const fontsSchema = fontSchema.extend({ heading: fontSchema.optional(), body: fontSchema.optional() });

/** Lectern's own settings (a namespaced extension; Mintlify ignores it). */
export const lecternSchema = z.object({
  /** Public URL of the site (canonical links, sitemap). */
  site: z.string().url().optional(),
  /**
   * `false`: draw no social image per page (`og:image`). They are drawn by default (about 30 ms of CPU a page on a
   * first build, then from the build cache); a site-wide `seo.metatags["og:image"]` also turns them off.
   */
  socialImages: z.boolean().optional(),
  proxy: z
    .object({
      /** Extra origins the playground proxy may reach, e.g. `http://127.0.0.1:8080` for a local API. */
      allow: z.array(z.string()).default([]),
    })
    .optional(),
  assistant: z
    .object({
      enabled: z.boolean().default(false),
      domain: z.string().optional(),
      /**
       * Where the pages' Ask AI panel asks when the site itself is not served by `lectern serve` (static hosting):
       * the address of a `lectern serve` with the assistant, base path included. Unset: the site's own server.
       */
      url: z
        .string()
        .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, {
          error: 'expected the http(s) address of a lectern serve, such as https://docs.example.com/',
        })
        .optional(),
      /** Questions the Ask AI panel offers while its conversation is empty; a click asks one. */
      sampleQuestions: z
        .array(z.string().trim().min(1, { error: 'expected a non-empty question' }).max(200, { error: 'expected at most 200 characters' }))
        .max(10, { error: 'expected at most 10 sample questions' })
        .optional(),
      /**
       * Deflection (Mintlify's "Deflect to a support link"): where the Ask AI panel sends readers it could not help, as a
       * "Contact support" link (the conversation's thread id added as `threadId`). Full http(s) URL without credentials.
       */
      supportUrl: z
        .string()
        .regex(/^https?:\/\/[^\s/?#@]+([/?#]\S*)?$/, { error: 'expected the http(s) address of your support page, without credentials' })
        .optional(),
      /** Deflection by email (Mintlify's support email): a mailto: "Contact support" link when no supportUrl is set. */
      supportEmail: z
        .string()
        .regex(/^[^\s@<>()]+@[^\s@<>()]+\.[^\s@<>()]+$/, { error: 'expected an email address such as support@example.com' })
        .optional(),
      /** Days a conversation is kept after its last message (default 30). */
      retentionDays: z.number().int().min(0).optional(),
      /**
       * PostgreSQL connection string shared by every instance (keys, threads, rate limits); `$DATABASE_URL` wins
       * over it. Unset: SQLite files in `.lectern/`. Keep passwords out of docs.json (use `PGPASSWORD`).
       */
      database: z
        .string()
        .regex(/^postgres(ql)?:\/\/\S+$/, { error: 'expected a PostgreSQL connection string: postgres://user@host:5432/database' })
        .optional(),
      /** Requests allowed per organization per hour and per client IP per day (default 10,000 each). */
      limits: z
        .strictObject({
          organizationPerHour: z.number().int().min(1, { error: 'expected at least 1 request per hour' }).optional(),
          ipPerDay: z.number().int().min(1, { error: 'expected at least 1 request per day' }).optional(),
        })
        .optional(),
    })
    .optional(),
  /**
   * The page feedback widget (docs.json `feedback`). `url`: where the thumbs post on a static host (no `lectern serve`):
   * an http(s) address receiving `{path, helpful, comment?, id}` as JSON; unset, the thumbs show only under
   * `lectern serve`. `repo`: the docs' GitHub or GitLab repository (`https://github.com/acme/docs`), for "Suggest
   * edits" and "Raise issue"; `branch` (default `main`) and `directory` (the docs root inside it, default the top).
   * `retentionDays`: how long ratings are kept.
   */
  feedback: z
    .strictObject({
      url: z
        .string()
        .regex(/^https?:\/\/[^\s/?#@]+([/?#]\S*)?$/, { error: 'expected the http(s) address that receives ratings, without credentials' })
        .optional(),
      repo: z
        .string()
        .regex(/^https:\/\/[^\s/?#@]+\/[^\s?#]+[^\s?#/]$/, {
          error: 'expected the https address of the docs repository, such as https://github.com/acme/docs',
        })
        .optional(),
      branch: z
        .string()
        .regex(/^[^\s?#]+$/, { error: 'expected a branch name such as main' })
        .optional(),
      directory: z
        .string()
        .regex(/^[^\s?#]*$/, { error: 'expected the docs folder inside the repository, such as docs' })
        .optional(),
      /** Days `lectern serve` keeps a rating (deleted on start, then at most hourly as ratings come in). Unset: kept. */
      retentionDays: z
        .number({ error: 'expected a whole number of days, such as 365' })
        .int({ error: 'expected a whole number of days, such as 365' })
        .min(1, { error: 'expected at least 1 day (leave it out to keep ratings)' })
        .optional(),
    })
    .optional(),
  /**
   * Compile `x-mint.content` of LOCAL spec files as full MDX (ESM, expressions, any JSX). Default false: spec content
   * is Markdown plus built-in components with literal props. Content of remote specs is never trusted.
   */
  trustSpecContent: z.boolean().default(false),
});

/** An absolute http(s) address (no spaces, no credentials), with what it should be in the error. */
const httpUrl = (what: string) => z.string().regex(/^https?:\/\/[^\s/?#@]+([/?#]\S*)?$/, { error: `expected ${what}` });

/** A folder of the docs (`guides/v2`): segments without whitespace, `\\`, `?`, `#`, `.` or `..`, no slash at either end. */
const SEO_PATH = /^(?!\.\.?(?:\/|$))(?:[^\s/\\?#]+)(?:\/(?!\.\.?(?:\/|$))[^\s/\\?#]+)*$/;

/**
 * docs.json `seo.paths` (Mintlify's): meta tags for every page under a folder. A longer path's tags override a shorter
 * one's, which override `seo.metatags`; the page's frontmatter overrides them all (layout/seo-meta.ts). Each path once.
 */
export const seoPathsSchema = z
  .array(
    z.object({
      path: z.string().regex(SEO_PATH, {
        error: 'expected a folder of the docs such as "guides/v2": no slash at either end, no ".", "..", whitespace, "\\", "?" or "#"',
      }),
      metatags: z.record(z.string(), z.string().min(1, { error: 'expected a non-empty meta tag value' })),
    }),
  )
  .superRefine((paths, ctx) => {
    const seen = new Set<string>();
    paths.forEach((entry, i) => {
      if (seen.has(entry.path))
        ctx.addIssue({ code: 'custom', path: [i, 'path'], message: `"${entry.path}" is listed twice: each path can only be used once` });
      seen.add(entry.path);
    });
  });

/**
 * docs.json `seo.organization` (Mintlify's keys): the Organization that every page's JSON-LD
 * (`<script type="application/ld+json">`) names. `name` defaults to the site's name, `logo` to the docs logo and `id`
 * to `<site origin>/#organization` (when the site's address is known). Unknown keys are warned about (unsupported.ts).
 */
export const seoOrganizationSchema = z.object({
  id: httpUrl('a stable http(s) URL naming the organization, such as https://example.com/#organization').optional(),
  name: z.string().trim().min(1, { error: "expected the organization's name (leave it out to use the site's name)" }).optional(),
  legalName: z.string().trim().min(1, { error: "expected the organization's registered legal name" }).optional(),
  url: httpUrl("the organization's homepage as an http(s) address, such as https://example.com").optional(),
  logo: httpUrl("the logo's absolute http(s) address, such as https://example.com/logo.png (leave it out to use the docs logo)").optional(),
  sameAs: z
    .array(httpUrl('the http(s) address of an official profile, such as https://github.com/acme'))
    .max(50, { error: 'expected at most 50 profile addresses' })
    .optional(),
});

/** Navigation is described loosely here (validated by navigation.ts); recursive JSON-Schema friendly. */
const navAny: z.ZodType<unknown> = z.lazy(() => z.union([z.string(), navNodeDoc]));
const navNodeDoc = z.looseObject({
  tab: z.string().optional(),
  anchor: z.string().optional(),
  dropdown: z.string().optional(),
  product: z.string().optional(),
  version: z.string().optional(),
  language: z.string().optional(),
  item: z.string().optional(),
  group: z.string().optional(),
  icon: iconSchema.optional(),
  href: z.string().optional(),
  hidden: z.boolean().optional(),
  openapi: openApiRefSchema.optional(),
  asyncapi: asyncApiRefSchema.optional(),
  get pages() {
    return z.array(navAny).optional();
  },
  get groups() {
    return z.array(navAny).optional();
  },
  get tabs() {
    return z.array(navAny).optional();
  },
  get anchors() {
    return z.array(navAny).optional();
  },
  get dropdowns() {
    return z.array(navAny).optional();
  },
  get products() {
    return z.array(navAny).optional();
  },
  get versions() {
    return z.array(navAny).optional();
  },
  get languages() {
    return z.array(navAny).optional();
  },
  get menu() {
    return z.array(navAny).optional();
  },
});

export const docsConfigSchema = z.object({
  $schema: z.string().optional(),
  theme: z.enum(THEMES),
  name: z.string().trim().min(1, 'must not be empty'),
  colors: z.looseObject({ primary: hexColor, light: hexColor.optional(), dark: hexColor.optional() }),
  navigation: navNodeDoc,
  description: z.string().optional(),
  public: z.boolean().optional(),
  logo: z.union([z.string().min(3), z.object({ light: z.string(), dark: z.string(), href: z.string().optional() })]).optional(),
  favicon: z.union([z.string(), z.object({ light: z.string(), dark: z.string() })]).optional(),
  api: apiSchema.default({
    playground: { display: 'interactive', proxy: true, credentials: false },
    examples: { defaults: 'all', prefill: false, autogenerate: true },
  }),
  appearance: z.object({ default: z.enum(['system', 'light', 'dark']).default('system'), strict: z.boolean().default(false) }).optional(),
  background: z
    .object({
      decoration: z.enum(['gradient', 'grid', 'windows']).optional(),
      color: lightDark(hexColor).optional(),
      image: z.union([z.string(), z.object({ light: z.string(), dark: z.string() })]).optional(),
    })
    .optional(),
  navbar: navbarSchema.optional(),
  footer: footerSchema.optional(),
  banner: bannerSchema.optional(),
  search: z.object({ prompt: z.string().optional() }).optional(),
  seo: z
    .object({
      indexing: z.enum(['navigable', 'all']).default('navigable'),
      metatags: z.record(z.string(), z.string()).optional(),
      paths: seoPathsSchema.optional(),
      organization: seoOrganizationSchema.optional(),
      /** Accepted (Mintlify's schema); `true` is warned about by unsupported.ts: URLs are written without the slash. */
      trailingSlash: z.boolean().optional(),
    })
    .optional(),
  fonts: fontsSchema.optional(),
  icons: z.object({ library: z.enum(['fontawesome', 'lucide', 'tabler']) }).optional(),
  styling: z
    .object({
      eyebrows: z.enum(['section', 'breadcrumbs']).optional(),
      latex: z.boolean().optional(),
      // "system" | "dark" | a Shiki theme name, or a theme per mode and custom TextMate grammars (names checked by the build).
      codeblocks: z
        .union([
          z.string(),
          z.object({
            theme: z.union([z.string(), z.object({ light: z.string(), dark: z.string() })]).optional(),
            languages: z.object({ custom: z.array(z.string()) }).optional(),
          }),
        ])
        .optional(),
    })
    .optional(),
  redirects: z.array(z.object({ source: z.string(), destination: z.string(), permanent: z.boolean().default(true) })).optional(),
  integrations: z.record(z.string(), z.unknown()).optional(),
  errors: z
    .object({
      '404': z.object({ redirect: z.boolean().default(true), title: z.string().optional(), description: z.string().optional() }).optional(),
    })
    .optional(),
  contextual: z.looseObject({ options: z.array(z.unknown()), display: z.enum(['header', 'toc']).optional() }).optional(),
  thumbnails: z
    .looseObject({
      appearance: z.enum(['light', 'dark']).optional(),
      background: z.string().min(1).optional(),
      fonts: z.looseObject({ family: z.string().min(1).optional() }).optional(),
    })
    .optional(),
  interaction: z.object({ drilldown: z.boolean().optional() }).optional(),
  metadata: z.object({ timestamp: z.boolean().default(false) }).optional(),
  /** Page feedback (Mintlify's `mint.json` keys, set in its dashboard today): thumbs, and links to the repo (`lectern.feedback.repo`). */
  feedback: z
    .object({ thumbsRating: z.boolean().optional(), suggestEdit: z.boolean().optional(), raiseIssue: z.boolean().optional() })
    .optional(),
  variables: z.record(z.string().regex(/^[A-Za-z0-9-]+$/, 'variable names may hold letters, digits and hyphens'), z.string()).optional(),
  markdown: z.object({ schema: z.boolean().default(true), instructions: z.union([z.string(), z.array(z.string())]).optional() }).optional(),
  lectern: lecternSchema.optional(),
});

export type RawDocsConfig = z.infer<typeof docsConfigSchema>;
export const KNOWN_TOP_LEVEL_KEYS: ReadonlySet<string> = new Set(Object.keys(docsConfigSchema.shape));
