/**
 * The spec file a site publishes (for "Download API spec" and readers' tools): the author's file minus what the
 * author kept out of the docs — operations and webhooks marked `x-excluded` or `x-hidden`. Same format (JSON stays
 * JSON, YAML becomes YAML) so links to it keep working.
 */
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'];

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const unpublished = (op: unknown) => isObject(op) && (op['x-excluded'] === true || op['x-hidden'] === true);

/** Remove unpublished operations from a paths/webhooks map; path items left without operations go too. */
function strip(items: unknown): number {
  if (!isObject(items)) return 0;
  let removed = 0;
  for (const [key, item] of Object.entries(items)) {
    if (!isObject(item)) continue;
    let here = 0;
    for (const method of [...METHODS, ...Object.keys(isObject(item.additionalOperations) ? item.additionalOperations : {})]) {
      const holder = METHODS.includes(method) ? item : (item.additionalOperations as Json);
      if (unpublished(holder[method])) {
        delete holder[method];
        here++;
      }
    }
    const left = METHODS.some((m) => item[m] !== undefined) || (isObject(item.additionalOperations) && Object.keys(item.additionalOperations).length > 0);
    if (here && !left) delete items[key];
    removed += here;
  }
  return removed;
}

/** The published text of a spec file, or the text unchanged when nothing is unpublished or it does not parse. */
export function publishedSpecText(text: string, file: string): string {
  const yaml = /\.ya?ml$/i.test(file);
  let doc: unknown;
  try {
    doc = yaml ? parseYaml(text) : JSON.parse(text);
  } catch {
    return text;
  }
  if (!isObject(doc)) return text;
  const removed = strip(doc.paths) + strip(doc.webhooks);
  if (!removed) return text;
  return yaml ? stringifyYaml(doc, { lineWidth: 0 }) : JSON.stringify(doc, null, 2) + '\n';
}
