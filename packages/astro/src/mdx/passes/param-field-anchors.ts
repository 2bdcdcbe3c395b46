/**
 * `<ParamField>`/`<ResponseField>` anchors (`param-<name>`) de-duplicated per file like heading slugs, in document
 * order: the first keeps its id, then `-1`, `-2`…; an explicit `id` is kept and claims its id.
 */
import { kebab } from '../../shared/render/split.ts';
import type { MdxPass } from './context.ts';
import { builtinUse, stringAttr } from './tree.ts';

const LOCATIONS = ['query', 'path', 'header', 'cookie', 'body'];

export function paramFieldAnchors(): MdxPass {
  const ids = new Set<string>();
  const claim = (id: string) => {
    let out = id;
    for (let n = 1; ids.has(out); n++) out = `${id}-${n}`;
    ids.add(out);
    return out;
  };
  return {
    name: 'param-field-anchors',
    node(node, ctx) {
      const use = builtinUse(node, ctx, ['ParamField', 'ResponseField']);
      if (!use || node.name!.includes('.')) return;
      const explicit = stringAttr(node, 'id');
      const fieldName =
        use.name === 'ResponseField' ? stringAttr(node, 'name') : LOCATIONS.map((k) => stringAttr(node, k)).find((v) => v !== undefined);
      if (explicit !== undefined) ids.add(explicit);
      else if (fieldName !== undefined) {
        const id = `param-${kebab(fieldName)}`;
        const claimed = claim(id);
        if (claimed !== id) ctx.edits.push({ start: use.afterName, end: use.afterName, text: ` id="${claimed}"` });
      }
    },
  };
}
