/**
 * Names an expression of a page may read while the page is rendered at build time (Node, Astro's server rendering),
 * for the passes undefined-names and snippet-props. A name that exists only in a browser (`location`,
 * `history`, `prompt`, `window`, …) is not one: `projects/{project}/locations/{location}` in prose would throw a
 * ReferenceError at build time, so it is undefined there (shown as written with a warning, or a snippet's prop). Code
 * that runs in the browser (islands, event handlers) keeps those names: the rule is for what renders at build time.
 */
import { freeNames, MDX_NAMES, type EsNode } from '../shared/modules/estree-scope.ts';

/**
 * Globals of a browser page that Node lacks, or has with another meaning (`navigator` is the build machine's): a
 * window's own properties and the DOM. Listed, not taken from what `globalThis` holds, so the answer never depends on
 * what a library of the running process happens to define.
 */
export const BROWSER_ONLY = new Set([
  'window',
  'document',
  'navigator',
  'location',
  'history',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'caches',
  'cookieStore',
  'alert',
  'confirm',
  'prompt',
  'print',
  'open',
  'close',
  'closed',
  'opener',
  'focus',
  'blur',
  'stop',
  'find',
  'postMessage',
  'screen',
  'self',
  'parent',
  'top',
  'frames',
  'frameElement',
  'length',
  'name',
  'status',
  'event',
  'origin',
  'external',
  'menubar',
  'toolbar',
  'locationbar',
  'personalbar',
  'scrollbars',
  'statusbar',
  'visualViewport',
  'devicePixelRatio',
  'innerWidth',
  'innerHeight',
  'outerWidth',
  'outerHeight',
  'scrollX',
  'scrollY',
  'pageXOffset',
  'pageYOffset',
  'screenX',
  'screenY',
  'screenLeft',
  'screenTop',
  'scroll',
  'scrollTo',
  'scrollBy',
  'moveTo',
  'moveBy',
  'resizeTo',
  'resizeBy',
  'customElements',
  'getComputedStyle',
  'getSelection',
  'matchMedia',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'addEventListener',
  'removeEventListener',
  'dispatchEvent',
  'HTMLElement',
  'Element',
  'Node',
  'NodeList',
  'Document',
  'Window',
  'DOMParser',
  'MutationObserver',
  'IntersectionObserver',
  'ResizeObserver',
  'Image',
  'Audio',
  'Option',
  'XMLHttpRequest',
  'FileReader',
  'speechSynthesis',
  'clientInformation',
]);

/** Whether `name` exists while a page is rendered at build time: MDX's own names and Node's globals, not a browser's. */
export const isBuildTimeName = (name: string) => MDX_NAMES.has(name) || (!BROWSER_ONLY.has(name) && name in globalThis);

/**
 * Whether the expression reads `name` only in code that runs in a browser or is guarded for it: inside a function (an
 * event handler), or where the expression tests `typeof name` (`typeof window !== 'undefined' ? window.x : ''`).
 */
export function browserGuarded(name: string, inFunction: boolean, program: EsNode, guards: WeakMap<EsNode, Set<string>>): boolean {
  if (!BROWSER_ONLY.has(name)) return false;
  if (inFunction) return true;
  let tested = guards.get(program);
  if (!tested) {
    tested = new Set(
      freeNames(program, new Set())
        .filter((f) => f.typeofArg)
        .map((f) => f.name),
    );
    guards.set(program, tested);
  }
  return tested.has(name);
}
