/**
 * The parts of the validated docs.json (`DocsConfig` from @lectern/core) the renderer reads.
 * Kept structural and loose so the renderer does not depend on the zod schema's exact inferred type.
 */
export type LightDark<T> = { light?: T; dark?: T };

export interface SiteConfig {
  theme?: string;
  name: string;
  description?: string;
  colors: { primary: string; light?: string; dark?: string };
  logo?: string | { light: string; dark: string; href?: string };
  favicon?: string | { light: string; dark: string };
  appearance?: { default?: 'system' | 'light' | 'dark'; strict?: boolean };
  navbar?: {
    links?: Array<{ type?: string; label?: string; href: string; icon?: unknown }>;
    primary?: { type: string; label?: string; href: string };
  };
  footer?: {
    socials?: Record<string, string | undefined>;
    links?: Array<{ header?: string; items: Array<{ label: string; href: string }> }>;
  };
  banner?: { content: string; dismissible?: boolean; type?: string; color?: string | LightDark<string> };
  search?: { prompt?: string };
  seo?: { indexing?: string; metatags?: Record<string, string> };
  contextual?: { options?: unknown[]; display?: string };
  integrations?: Record<string, unknown>;
  metadata?: { timestamp?: boolean };
  redirects?: Array<{ source: string; destination: string; permanent?: boolean }>;
  errors?: { '404'?: { redirect?: boolean; title?: string; description?: string } };
  variables?: Record<string, string>;
  styling?: { eyebrows?: 'section' | 'breadcrumbs'; latex?: boolean; codeblocks?: unknown };
  api?: {
    params?: { expanded?: 'all' | 'closed'; post?: string[] };
    playground?: { display?: string; proxy?: boolean; credentials?: boolean };
    examples?: { languages?: string[]; defaults?: 'required' | 'all'; prefill?: boolean; autogenerate?: boolean };
    url?: 'full';
    mdx?: { auth?: { method?: string; name?: string }; server?: string | string[] };
  };
  lectern?: { site?: string; proxy?: { allow?: string[] }; assistant?: { enabled?: boolean; domain?: string; database?: string; limits?: { organizationPerHour?: number; ipPerDay?: number } } };
  [key: string]: unknown;
}
