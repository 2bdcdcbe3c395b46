/**
 * GFM's autolink literals (`www.example.com`, `https://…`, `a@b.co` in text become links) are found after the parse,
 * by a transform of remark-gfm's (mdast-util-gfm-autolink-literal) that walks the whole tree and tries four regular
 * expressions on every text node: about a tenth of the analysis of a page. Each of them needs `http://`, `https://`,
 * `www.` or `@` in one text node's value, so a tree with no such text node is left as it is, without that walk.
 * `guardAutolinkLiterals` is a unified plugin, used after remark-gfm.
 */
import type { Processor } from 'unified';
import type { AnyNode } from './passes/context.ts';
import { walk } from './passes/tree.ts';

type Transform = (tree: AnyNode) => AnyNode | undefined | void;
type Extension = { transforms?: Transform[] };
type Extensions = Array<Extension | Extensions>;

/** The name of remark-gfm's transform (mdast-util-gfm-autolink-literal `transformGfmAutolinkLiterals`). */
const GFM_TRANSFORM = 'transformGfmAutolinkLiterals';
/** What every autolink literal needs in a text node (the URL expression is case-insensitive). */
const POSSIBLE = /@|https?:\/\/|www\./i;
const GUARDED = Symbol('lectern.autolink-guard');

/** Whether some text node of `tree` could hold an autolink literal. */
export function mayHoldAutolinkLiteral(tree: AnyNode): boolean {
  let found = false;
  walk(tree, (node) => {
    if (!found && node.type === 'text' && typeof node.value === 'string' && POSSIBLE.test(node.value)) found = true;
  });
  return found;
}

function guarded(transform: Transform): Transform {
  const run: Transform = (tree) => (mayHoldAutolinkLiteral(tree) ? transform(tree) : undefined);
  return Object.assign(run, { [GUARDED]: true });
}

function guardAll(extensions: Extensions): Extensions {
  return extensions.map((ext) => {
    if (Array.isArray(ext)) return guardAll(ext);
    if (!ext.transforms?.some((t) => t.name === GFM_TRANSFORM)) return ext;
    return { ...ext, transforms: ext.transforms.map((t) => (t.name === GFM_TRANSFORM ? guarded(t) : t)) };
  });
}

/** unified plugin: remark-gfm's autolink literal transform runs only on a tree that could have one. */
export function guardAutolinkLiterals(this: Processor): void {
  const data = this.data() as { fromMarkdownExtensions?: Extensions };
  if (data.fromMarkdownExtensions) data.fromMarkdownExtensions = guardAll(data.fromMarkdownExtensions);
}

/** Whether `processor` (frozen) runs the guarded transform: a test checks remark-gfm's transform was found by name. */
export function autolinkGuardInstalled(processor: Processor): boolean {
  const data = processor.data() as { fromMarkdownExtensions?: Extensions };
  const has = (extensions: Extensions): boolean =>
    extensions.some((ext) => (Array.isArray(ext) ? has(ext) : !!ext.transforms?.some((t) => GUARDED in t)));
  return has(data.fromMarkdownExtensions ?? []);
}
