/**
 * Components as Preact islands (see ../islands.ts): the `export const` components of the file move to its island
 * module, imports of another MDX file's island components are pointed there, and every use of an interactive
 * component is hydrated (`client:load`, through a wrapper when its props cannot be serialised). An expression of the
 * page's text that calls hooks becomes a component of the island too, hydrated where it stood.
 */
import type { EsNode } from '../../shared/modules/estree-scope.ts';
import { Island } from '../islands.ts';
import type { AnyAttribute, AnyNode, Edit, MdxContext, MdxPass } from './context.ts';
import { componentUse } from './tree.ts';

export function islands(): MdxPass {
  /** Names whose uses are hydrated (`client:load`). */
  const hydrate = new Set<string>();
  const wrappersUsed: string[] = [];
  /** The edit that put the first expression moved to the island in its place. */
  let firstUse: Edit | undefined;
  return {
    name: 'islands',
    start(ctx) {
      if (!ctx.opts.islands) return;
      const island = (ctx.island = new Island(ctx.opts.islands));
      island.take(ctx.esmPrograms, ctx.text, ctx.file);
      ctx.diagnostics.push(...island.diagnostics);
      for (const [a, b] of island.moved) ctx.edits.push({ start: a, end: b, text: ctx.text.slice(a, b).replace(/[^\n]/g, ' ') });
      if (island.interactive) for (const n of island.names) hydrate.add(n);
      for (const program of ctx.esmPrograms) {
        for (const stmt of program.body as EsNode[]) if (stmt.type === 'ImportDeclaration') importFrom(stmt, island, hydrate, ctx);
      }
    },
    expression(expr, ctx) {
      const start = expr.node?.position?.start.offset;
      const end = expr.node?.position?.end.offset;
      if (!ctx.island || !expr.inContent || ctx.opts.snippet || start === undefined || end === undefined) return;
      const name = ctx.island.expression(expr.program, ctx.text.slice(start + 1, end - 1));
      if (!name) return;
      wrappersUsed.push(name);
      // The expression's lines kept inside the tag (line numbers stay).
      const lines = ctx.text.slice(start, end).replace(/[^\n]/g, '');
      const use = { start, end, text: `<${name} client:load${lines} />` };
      firstUse ??= use;
      ctx.edits.push(use);
      return true;
    },
    node(node, ctx) {
      if (componentUse(node, ctx)?.kind === 'declared' && hydrate.has(node.name!)) hydrateUse(node, node.name!, wrappersUsed, ctx);
    },
    end(ctx) {
      // The island's components are imported where the first moved declaration was (or after the first import): Astro
      // needs a hydrated component's import before its first use. On the same line: line numbers stay.
      const island = ctx.island;
      if (!island?.used) return;
      const text = `import { ${[...island.names, ...wrappersUsed].join(', ')} } from ${JSON.stringify(island.ctx.path)};${island.names.length ? ` export { ${island.names.join(', ')} };` : ''}`;
      const firstImport = ctx.esmPrograms.flatMap((p) => p.body as EsNode[]).find((st) => st.type === 'ImportDeclaration');
      const at = island.moved[0]?.[0] ?? firstImport?.end;
      if (at !== undefined) ctx.edits.push({ start: at, end: at, text: island.moved.length ? text : ` ${text}` });
      else {
        // A file with no ESM of its own: before its first block, then an empty line (Astro needs the import first);
        // the first moved expression gives up two of the lines it kept, so the lines after it stay where they were.
        const first = ctx.tree.children?.[0]?.position?.start.offset;
        if (first !== undefined) ctx.edits.push({ start: first, end: first, text: `${text}\n\n` });
        if (firstUse) firstUse.text = firstUse.text.replace(/\n\n?/, '');
      }
    },
  };
}

/** An import of the file: a JSX module's interactive components are hydrated; another MDX file's island ones too. */
function importFrom(stmt: EsNode, island: Island, hydrate: Set<string>, ctx: MdxContext): void {
  const islandCtx = island.ctx;
  const sourceNode = stmt.source as EsNode;
  const abs = islandCtx.resolveImport(String(sourceNode.value));
  if (!abs) return;
  const specifiers = stmt.specifiers as EsNode[];
  const locals = specifiers.map((sp) => (sp.local as EsNode).name as string);
  if (/\.(jsx|tsx)$/.test(abs)) {
    if (islandCtx.jsxInteractive(abs)) for (const l of locals) hydrate.add(l);
  } else if (/\.mdx$/.test(abs)) {
    // Named exports of another MDX file that live in its island: imported from there (the browser loads the
    // island, never the MDX module).
    const other = islandCtx.mdxIsland(abs);
    const named =
      specifiers.length > 0 &&
      specifiers.every(
        (sp) =>
          sp.type === 'ImportSpecifier' && other?.names.includes(String((sp.imported as EsNode).name ?? (sp.imported as EsNode).value)),
      );
    if (!other || !named) return;
    ctx.edits.push({ start: sourceNode.start, end: sourceNode.end, text: JSON.stringify(other.path) });
    island.addImport(`${ctx.text.slice(stmt.start, sourceNode.start)}${JSON.stringify(other.path)};`, locals);
    if (other.interactive) for (const l of locals) hydrate.add(l);
  }
}

/** The source of an attribute, for a wrapper in the island module. */
function attributeSource(a: AnyAttribute, text: string): { name?: string; expression?: EsNode; source: string; spread: boolean } {
  if (a.type === 'mdxJsxExpressionAttribute') {
    const obj = (a.data?.estree?.body as EsNode[] | undefined)?.[0]?.expression as EsNode | undefined;
    const spread = (obj?.properties as EsNode[] | undefined)?.[0];
    const arg = spread?.argument as EsNode | undefined;
    return { expression: arg, source: arg ? `{...${text.slice(arg.start, arg.end)}}` : '', spread: true };
  }
  if (a.value === null || a.value === undefined) return { name: a.name, source: a.name ?? '', spread: false };
  if (typeof a.value === 'string') return { name: a.name, source: `${a.name}=${JSON.stringify(a.value)}`, spread: false };
  const expr = ((a.value as AnyAttribute).data?.estree?.body as EsNode[] | undefined)?.[0]?.expression as EsNode | undefined;
  return { name: a.name, expression: expr, source: expr ? `${a.name}={${text.slice(expr.start, expr.end)}}` : '', spread: false };
}

/** Hydrate one use of an island component: `client:load`, through a wrapper when its props cannot be serialised. */
function hydrateUse(node: AnyNode, name: string, wrappersUsed: string[], ctx: MdxContext): void {
  const island = ctx.island;
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (!island || start === undefined || end === undefined || node.attributes?.some((a) => a.name?.startsWith('client:'))) return;
  const afterName = start + 1 + name.length;
  const wrapper = island.wrap(
    name,
    (node.attributes ?? []).map((a) => attributeSource(a, ctx.text)),
  );
  if (!wrapper) {
    ctx.edits.push({ start: afterName, end: afterName, text: ' client:load' });
    return;
  }
  wrappersUsed.push(wrapper);
  ctx.edits.push({ start: start + 1, end: afterName, text: `${wrapper} client:load` });
  const close = ctx.text.lastIndexOf(`</${name}`, end);
  if (close > start) ctx.edits.push({ start: close + 2, end: close + 2 + name.length, text: wrapper });
}
