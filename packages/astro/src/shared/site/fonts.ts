/**
 * docs.json `fonts`: one font for the whole site, or separate `heading` and `body` fonts. A font with a `source` (a URL
 * or a repo path to a .woff/.woff2 file) gets an @font-face; one without is loaded from Google Fonts by its family
 * name, as on Mintlify. The result is CSS custom properties (`--font`, `--font-heading`) the site's styles use.
 */
export interface FontSpec {
  family?: string;
  weight?: number;
  source?: string;
  format?: string;
}
export interface FontsConfig extends FontSpec {
  heading?: FontSpec;
  body?: FontSpec;
}

const quote = (family: string) => `'${family.replace(/['\\<>]/g, '')}'`;
const safeSource = (src: string) =>
  /^(https:\/\/|\/|\.\/)?[\w\-./~%@+]+$/.test(src) ? (/^(https:|\/)/.test(src) ? src : '/' + src.replace(/^\.\//, '')) : undefined;

/** docs.json `background.color` (light/dark page backgrounds) as CSS. */
export function backgroundCss(background: { color?: { light?: string; dark?: string } } | undefined): string {
  const hex = (c: unknown) => (typeof c === 'string' && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(c) ? c : undefined);
  const light = hex(background?.color?.light);
  const dark = hex(background?.color?.dark);
  // More specific than site.css's own `:root` / `html.dark` rules, whatever the order they load in.
  return (light ? `:root:not(.dark){--bg:${light}}` : '') + (dark ? `html.dark:root{--bg:${dark}}` : '');
}

export interface FontAssets {
  /** Stylesheets to link (Google Fonts). */
  links: string[];
  /** CSS: @font-face rules and the custom properties. */
  css: string;
}

export function fontAssets(fonts: FontsConfig | undefined): FontAssets {
  const links: string[] = [];
  const faces: string[] = [];
  const vars: string[] = [];
  if (!fonts) return { links, css: '' };
  const body = { ...fonts, ...fonts.body };
  const heading = { ...fonts, ...fonts.heading };
  const load = (f: FontSpec): string | undefined => {
    const family = f.family?.trim();
    if (!family || !/^[\w\s-]+$/.test(family)) return undefined;
    const src = f.source ? safeSource(f.source) : undefined;
    if (src) {
      const format = f.format ?? (src.endsWith('.woff') ? 'woff' : 'woff2');
      faces.push(
        `@font-face{font-family:${quote(family)};src:url("${src}") format("${format}");font-display:swap;${f.weight ? `font-weight:${Math.round(f.weight)};` : ''}}`,
      );
    } else {
      const url = `https://fonts.googleapis.com/css2?family=${encodeURIComponent(family).replace(/%20/g, '+')}${f.weight ? `:wght@${Math.round(f.weight)}` : ''}&display=swap`;
      if (!links.includes(url)) links.push(url);
    }
    return quote(family);
  };
  const b = load(body);
  const h = load(heading);
  if (b) vars.push(`--font:${b},ui-sans-serif,system-ui,sans-serif`);
  if (h) vars.push(`--font-heading:${h},ui-sans-serif,system-ui,sans-serif`);
  const weight = fonts.heading?.weight
    ? `.page-title,.prose h1,.prose h2,.prose h3,.prose h4{font-weight:${Math.round(fonts.heading.weight)}}`
    : '';
  return { links, css: faces.join('') + (vars.length ? `html:root{${vars.join(';')}}` : '') + weight };
}
