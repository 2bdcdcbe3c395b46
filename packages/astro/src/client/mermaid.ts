/// <reference types="vite/client" />
/**
 * Mermaid diagrams in the browser. This module is included only by pages that render a diagram
 * (components/MermaidDiagram.astro); the `mermaid` package itself is a separate chunk, imported when the first
 * diagram comes near the viewport. Diagrams run with securityLevel 'strict' (labels sanitised, no click
 * callbacks or script from diagram text), follow the site's light/dark class on <html> (re-drawn on toggle),
 * and get zoom and pan controls (Mintlify's `actions` and `placement`).
 */
type MermaidApi = typeof import('mermaid').default;

const root = document.documentElement;
const blocks = [...document.querySelectorAll<HTMLElement>('[data-mermaid-block]')];
let mermaid: Promise<MermaidApi> | undefined;
let drawing: Promise<void> = Promise.resolve();
let seq = 0;

const theme = (): 'dark' | 'default' => (root.classList.contains('dark') ? 'dark' : 'default');
/**
 * A build links Mermaid's own prebuilt ES module, copied to /_lectern/mermaid/ only for sites with a diagram
 * (bundling it with the site would cost every build ~10 s); the dev server serves the package through Vite.
 */
const MERMAID_URL = `${import.meta.env.BASE_URL}_lectern/mermaid/mermaid.esm.min.mjs`;
const load = (): Promise<MermaidApi> =>
  (mermaid ??= (import.meta.env.MODE === 'development' ? import('mermaid') : import(/* @vite-ignore */ MERMAID_URL)).then(
    (m: { default: MermaidApi }) => m.default,
  ));

// Styles for drawn diagrams, added by this script so that pages without diagrams carry none of it.
const CSS = `
.mermaid-block { position: relative; }
.mermaid-block[data-rendered] > .mermaid-source { display: none; }
.mermaid-view { overflow: hidden; border: 1px solid var(--border); border-radius: var(--radius); padding: 16px; background: var(--bg); }
.mermaid-canvas { transform-origin: center center; transition: transform 0.15s; }
.mermaid-canvas > svg { display: block; margin: 0 auto; height: auto; }
.mermaid-error { font-size: 12.5px; color: var(--fg-muted); margin: 6px 0 0; }
.mermaid-controls { position: absolute; display: grid; grid-template-columns: repeat(3, 26px); gap: 2px; padding: 4px; border-radius: 8px; background: var(--bg); border: 1px solid var(--border); z-index: 1; }
.mermaid-controls[data-placement='top-left'] { top: 8px; left: 8px; }
.mermaid-controls[data-placement='top-right'] { top: 8px; right: 8px; }
.mermaid-controls[data-placement='bottom-left'] { bottom: 8px; left: 8px; }
.mermaid-controls[data-placement='bottom-right'] { bottom: 8px; right: 8px; }
.mermaid-controls button { width: 26px; height: 26px; display: grid; place-items: center; padding: 0; border: 0; border-radius: 5px; background: transparent; color: var(--fg-muted); font: 14px/1 var(--mono); cursor: pointer; }
.mermaid-controls button:hover { background: var(--bg-muted); color: var(--fg); }
@media (hover: hover) {
  .mermaid-controls { opacity: 0; transition: opacity 0.15s; }
  .mermaid-block:hover > .mermaid-controls, .mermaid-controls:focus-within { opacity: 1; }
}
`;

interface View {
  x: number;
  y: number;
  scale: number;
}
const views = new WeakMap<HTMLElement, View>();

function applyView(block: HTMLElement): void {
  const canvas = block.querySelector<HTMLElement>('.mermaid-canvas');
  const v = views.get(block) ?? { x: 0, y: 0, scale: 1 };
  if (canvas) canvas.style.transform = `translate(${v.x}px, ${v.y}px) scale(${v.scale})`;
}

const CONTROLS: Array<[string, string, (v: View) => View]> = [
  ['Zoom in', '+', (v) => ({ ...v, scale: Math.min(v.scale * 1.25, 8) })],
  ['Pan up', '↑', (v) => ({ ...v, y: v.y + 40 })],
  ['Zoom out', '−', (v) => ({ ...v, scale: Math.max(v.scale / 1.25, 0.25) })],
  ['Pan left', '←', (v) => ({ ...v, x: v.x + 40 })],
  ['Reset view', '⟲', () => ({ x: 0, y: 0, scale: 1 })],
  ['Pan right', '→', (v) => ({ ...v, x: v.x - 40 })],
  ['', '', (v) => v],
  ['Pan down', '↓', (v) => ({ ...v, y: v.y - 40 })],
];

function addControls(block: HTMLElement): void {
  const wanted = block.dataset.actions;
  const tall = (block.querySelector('.mermaid-canvas svg')?.getBoundingClientRect().height ?? 0) > 120;
  if (wanted === 'false' || (wanted !== 'true' && !tall) || block.querySelector('.mermaid-controls')) return;
  const bar = document.createElement('div');
  bar.className = 'mermaid-controls';
  bar.dataset.placement = block.dataset.placement ?? 'bottom-right';
  for (const [label, text, next] of CONTROLS) {
    if (!label) {
      bar.append(document.createElement('span'));
      continue;
    }
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = text;
    b.title = label;
    b.setAttribute('aria-label', label);
    b.addEventListener('click', () => {
      views.set(block, next(views.get(block) ?? { x: 0, y: 0, scale: 1 }));
      applyView(block);
    });
    bar.append(b);
  }
  block.append(bar);
}

async function draw(api: MermaidApi, block: HTMLElement, mode: string): Promise<void> {
  const source = block.querySelector('[data-mermaid]')?.textContent ?? '';
  block.querySelector('.mermaid-error')?.remove();
  try {
    const { svg } = await api.render(`lectern-mermaid-${++seq}`, source);
    let view = block.querySelector<HTMLElement>('.mermaid-view');
    if (!view) {
      view = document.createElement('div');
      view.className = 'mermaid-view';
      view.append(Object.assign(document.createElement('div'), { className: 'mermaid-canvas' }));
      block.prepend(view);
    }
    // Mermaid's output in strict mode: an SVG whose labels DOMPurify has sanitised.
    view.querySelector('.mermaid-canvas')!.innerHTML = svg;
    block.dataset.rendered = mode;
    applyView(block);
    addControls(block);
  } catch (err) {
    delete block.dataset.rendered;
    block.querySelector('.mermaid-view')?.remove();
    const note = document.createElement('p');
    note.className = 'mermaid-error';
    note.textContent = `This diagram could not be drawn: ${(err as Error)?.message ?? String(err)}`;
    block.append(note);
  }
}

/** Draw every diagram not yet drawn in the current theme (one pass at a time, in page order). */
function drawAll(): Promise<void> {
  drawing = drawing.then(async () => {
    const mode = theme();
    const todo = blocks.filter((b) => b.dataset.rendered !== mode && b.dataset.wanted !== undefined);
    if (!todo.length) return;
    const api = await load();
    api.initialize({ startOnLoad: false, securityLevel: 'strict', theme: mode });
    for (const block of todo) await draw(api, block, mode);
  });
  return drawing;
}

if (blocks.length) {
  document.head.append(Object.assign(document.createElement('style'), { textContent: CSS }));
  const want = (b: HTMLElement) => {
    b.dataset.wanted = '';
  };
  if ('IntersectionObserver' in window) {
    const io = new IntersectionObserver(
      (entries) => {
        let any = false;
        for (const e of entries)
          if (e.isIntersecting) {
            want(e.target as HTMLElement);
            io.unobserve(e.target);
            any = true;
          }
        if (any) void drawAll();
      },
      { rootMargin: '400px 0px' },
    );
    blocks.forEach((b) => io.observe(b));
  } else {
    blocks.forEach(want);
    void drawAll();
  }
  new MutationObserver(() => {
    if (blocks.some((b) => b.dataset.rendered && b.dataset.rendered !== theme())) void drawAll();
  }).observe(root, { attributes: true, attributeFilter: ['class'] });
}
