/**
 * `lectern check`'s icon check: every icon the build would draw as a dot (its name in no icon set, often a Font
 * Awesome Pro name such as `book-open-cover`) is reported with its file and line, as the build warns at render: in a
 * built-in component's `icon` (the MDX analysis records them, passes/icons.ts), in a page's frontmatter `icon:` (drawn
 * beside it in the sidebar), and in docs.json's navigation, navbar links and contextual menu. The icon set is the
 * build's own (shared/render/icons.ts), looked up the same way, with docs.json `icons.library`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ConfigLocator, Diagnostic, DocsConfig, NavEntry, SitePlan } from '@lectern/core';
import { setIconLibrary, unknownIcon, unknownIconText } from '../shared/render/icons.ts';
import type { PreparedSite } from '../mdx/prepare.ts';

export interface IconCheckInput {
  plan: SitePlan;
  config: DocsConfig;
  locator?: ConfigLocator;
  /** The icons of MDX files, from prepareSite. */
  icons: PreparedSite['icons'];
}

export function checkIcons({ plan, config, locator, icons }: IconCheckInput): Diagnostic[] {
  setIconLibrary(config.icons?.library);
  const out: Diagnostic[] = [];
  for (const use of icons) {
    const unknown = unknownIcon(use.icon, use.iconType ? { iconType: use.iconType } : {});
    if (unknown)
      out.push(diagnostic('mdx/unknown-icon', unknown, `on <${use.component}>`, { file: use.file, line: use.line, column: use.column }));
  }
  for (const page of plan.pages) {
    const icon = page.frontmatter.icon;
    const unknown = page.file && icon !== undefined ? unknownIcon(icon) : undefined;
    if (unknown)
      out.push(
        diagnostic('mdx/unknown-icon', unknown, 'in the frontmatter (drawn beside the page in the sidebar)', {
          file: page.file!,
          ...frontmatterLine(plan.root, page.file!, 'icon'),
        }),
      );
  }
  for (const { pointer, icon, where } of configIcons(config)) {
    const unknown = unknownIcon(icon);
    if (!unknown) continue;
    const at = locator?.locate(pointer) ?? { file: 'docs.json', pointer };
    out.push(diagnostic('config/unknown-icon', unknown, `in the ${where}`, at));
  }
  return out;
}

function diagnostic(
  code: 'mdx/unknown-icon' | 'config/unknown-icon',
  icon: { name: string; library: Parameters<typeof unknownIconText>[0] },
  where: string,
  at: Pick<Diagnostic, 'file' | 'pointer' | 'line' | 'column'>,
): Diagnostic {
  const { notIn, use } = unknownIconText(icon.library);
  const pro =
    icon.library === 'fontawesome'
      ? ' Font Awesome Pro names (book-open-cover, square-1, chart-mixed…) are not in the free set Lectern draws.'
      : '';
  return {
    severity: 'warning',
    code,
    ...at,
    target: icon.name,
    message: `Unknown icon "${icon.name}" ${where}: ${notIn}.`,
    hint: `${use}${pro}`,
  };
}

/** The line of a frontmatter key in a page's file (1-based), when it is written on a line of its own. */
function frontmatterLine(root: string, file: string, key: string): { line?: number } {
  const abs = path.join(root, file);
  if (!existsSync(abs)) return {};
  const lines = readFileSync(abs, 'utf8').split('\n');
  if (lines[0]?.trim() !== '---') return {};
  for (let i = 1; i < lines.length && lines[i]!.trim() !== '---'; i++)
    if (new RegExp(`^${key}\\s*:`).test(lines[i]!)) return { line: i + 1 };
  return {};
}

/** The icons docs.json draws, with their JSON pointers: navigation nodes (tabs, anchors, groups…), navbar links, contextual links. */
function configIcons(config: DocsConfig): Array<{ pointer: string; icon: unknown; where: string }> {
  const out: Array<{ pointer: string; icon: unknown; where: string }> = [];
  const walk = (node: NavEntry) => {
    if (node.kind === 'page') return;
    if (node.icon !== undefined) out.push({ pointer: `${node.pointer}/icon`, icon: node.icon, where: 'navigation' });
    for (const child of node.children) walk(child);
  };
  walk(config.navigation.root);
  for (const node of config.navigation.global) walk(node);
  config.navbar?.links?.forEach((link, i) => {
    if (!link.type && link.icon !== undefined) out.push({ pointer: `/navbar/links/${i}/icon`, icon: link.icon, where: 'navbar' });
  });
  config.contextual?.options.forEach((option, i) => {
    const icon = option && typeof option === 'object' ? (option as { icon?: unknown }).icon : undefined;
    if (icon !== undefined) out.push({ pointer: `/contextual/options/${i}/icon`, icon, where: 'contextual menu' });
  });
  return out;
}
