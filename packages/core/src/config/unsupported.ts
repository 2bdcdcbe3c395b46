/**
 * docs.json settings Lectern accepts (Mintlify documents them) but does not honour yet: each present one is a warning
 * at its JSON pointer, so a repo is never refused over them and the team knows what differs.
 */
export interface Unsupported {
  pointer: string;
  message: string;
  hint?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function unsupportedSettings(config: Record<string, unknown>): Unsupported[] {
  const out: Unsupported[] = [];
  // `theme`: all nine of Mintlify's themes are drawn (packages/astro/src/styles/themes/), so no warning.
  // `background.decoration`/`image` are drawn (styles/background.css) and `styling.codeblocks` themes applied (highlight.ts).
  // `interaction.drilldown` (layout/SidebarItems.astro) and `contextual.display: "toc"` (layout/Toc.astro) are honoured.
  // `seo.organization` is emitted as every page's JSON-LD (layout/seo-meta.ts); keys Mintlify does not define are ignored.
  if (isObject(config.seo) && isObject(config.seo.organization))
    for (const key of Object.keys(config.seo.organization))
      if (!ORGANIZATION_KEYS.includes(key))
        out.push({
          pointer: `/seo/organization/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`,
          message: `unknown key "${key}" in seo.organization is left out of the page's structured data`,
          hint: `allowed: ${ORGANIZATION_KEYS.join(', ')}`,
        });
  // `seo.paths` is honoured (layout/seo-meta.ts, model/metatags.ts), and `seo.trailingSlash` (model/nav.ts `pageHref`).
  const options = isObject(config.contextual) && Array.isArray(config.contextual.options) ? config.contextual.options : [];
  options.forEach((option, i) => {
    if (typeof option !== 'string' || CONTEXTUAL_DRAWN.has(option)) return;
    const message = CONTEXTUAL_NOT_DRAWN[option]
      ? `contextual option "${option}" is left out of the page menu: ${CONTEXTUAL_NOT_DRAWN[option]}`
      : `unknown contextual option "${option}" is left out of the page menu (known: ${[...CONTEXTUAL_DRAWN, ...Object.keys(CONTEXTUAL_NOT_DRAWN)].join(', ')}, or a custom option object)`;
    out.push({ pointer: `/contextual/options/${i}`, message });
  });
  return out;
}

/** docs.json `seo.organization` keys (Mintlify's schema), written to the JSON-LD. */
const ORGANIZATION_KEYS = ['id', 'name', 'legalName', 'url', 'logo', 'sameAs'];

/** docs.json `contextual.options` Lectern draws (packages/astro/src/layout/Contextual.astro). */
const CONTEXTUAL_DRAWN = new Set(
  'copy view assistant chatgpt claude perplexity grok aistudio devin mcp add-mcp cursor vscode download-spec'.split(' '),
);
/** Documented options Lectern does not draw, and why. */
const CONTEXTUAL_NOT_DRAWN: Record<string, string> = {
  'download-pdf': 'Lectern does not make PDFs of pages yet',
  'devin-desktop': "Devin Desktop's deep link is not documented, so Lectern cannot open it",
  windsurf: 'renamed "devin-desktop" by Mintlify, whose deep link Lectern cannot open',
  'devin-mcp': 'Devin\'s MCP install link is not documented, so Lectern cannot make it (use "mcp" to copy the server URL)',
};
