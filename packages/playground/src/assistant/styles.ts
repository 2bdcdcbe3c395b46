/** The panel's styles, added by the panel chunk itself: pages whose readers never open it carry none of it. */
export const PANEL_CSS = `
.lectern-ai[hidden]{display:none}
.lectern-ai{position:fixed;inset:0;z-index:70;pointer-events:none}
.lectern-ai-backdrop{position:absolute;inset:0;background:rgb(15 23 42/.25);pointer-events:auto}
.lectern-ai-box{position:absolute;top:0;right:0;bottom:0;width:min(440px,100vw);display:flex;flex-direction:column;background:var(--bg,#fff);color:var(--fg,#0f172a);border-left:1px solid var(--border,#e2e8f0);box-shadow:-8px 0 24px rgb(15 23 42/.12);pointer-events:auto;font:14px/1.6 var(--font,system-ui,sans-serif)}
@media (min-width:900px){.lectern-ai-backdrop{background:transparent}}
@media (max-width:640px){.lectern-ai-box{width:100vw;border-left:0}}
.lectern-ai-head{display:flex;align-items:center;gap:8px;padding:10px 12px 10px 16px;border-bottom:1px solid var(--border,#e2e8f0)}
.lectern-ai-head h2{margin:0 auto 0 0;font-size:15px;font-weight:600}
.lectern-ai button{font:inherit;color:inherit;cursor:pointer}
.lectern-ai button:disabled{opacity:.5;cursor:default}
.lectern-ai button:focus-visible,.lectern-ai textarea:focus-visible,.lectern-ai a:focus-visible,.lectern-ai-log:focus-visible{outline:2px solid var(--accent,#2563eb);outline-offset:2px}
.lectern-ai-icon{width:32px;height:32px;border:0;border-radius:8px;background:transparent;font-size:20px!important;line-height:1}
.lectern-ai-icon:hover,.lectern-ai-ghost:hover:not(:disabled){background:var(--bg-muted,#f1f5f9)}
.lectern-ai-ghost{border:1px solid var(--border,#e2e8f0);border-radius:7px;background:transparent;padding:2px 8px;font-size:12px!important}
.lectern-ai-log{flex:1;overflow-y:auto;padding:12px 16px;display:flex;flex-direction:column;gap:12px}
.lectern-ai-question{align-self:flex-end;max-width:85%;margin:0;padding:8px 12px;border-radius:12px;background:var(--accent-soft,#eff6ff);white-space:pre-wrap;overflow-wrap:anywhere}
.lectern-ai-answer{overflow-wrap:anywhere}
.lectern-ai-md>:first-child{margin-top:0}
.lectern-ai-md p,.lectern-ai-md ul,.lectern-ai-md ol,.lectern-ai-md pre,.lectern-ai-md blockquote{margin:0 0 8px}
.lectern-ai-md ul,.lectern-ai-md ol{padding-left:20px}
.lectern-ai-md h3,.lectern-ai-md h4,.lectern-ai-md h5,.lectern-ai-md h6{font-size:14px;margin:12px 0 6px}
/* Links: the text colour (readable whatever the brand colour, which can be too light for text), the brand colour underneath. */
.lectern-ai a{color:var(--fg,#0f172a);text-decoration:underline;text-decoration-color:var(--accent,#2563eb);text-decoration-thickness:2px;text-underline-offset:2px}
.lectern-ai a:hover{color:var(--accent,#2563eb)}
.lectern-ai code{font-family:var(--mono,monospace);font-size:12.5px;background:var(--code-bg,#f8fafc);border:1px solid var(--border,#e2e8f0);border-radius:5px;padding:0 4px}
.lectern-ai pre{overflow-x:auto;padding:10px 12px;background:var(--code-bg,#f8fafc);border:1px solid var(--border,#e2e8f0);border-radius:8px}
.lectern-ai pre code{border:0;padding:0;background:none}
.lectern-ai blockquote{padding-left:10px;border-left:3px solid var(--border-strong,#cbd5e1);color:var(--fg-soft,#334155)}
.lectern-ai-table{overflow-x:auto;margin-bottom:8px}
.lectern-ai-table table{border-collapse:collapse;font-size:13px}
.lectern-ai-table th,.lectern-ai-table td{border:1px solid var(--border,#e2e8f0);padding:4px 8px;text-align:left}
.lectern-ai-sources h3{margin:4px 0;font-size:12px;text-transform:uppercase;letter-spacing:.04em;color:var(--fg-muted,#64748b)}
.lectern-ai-sources ul{margin:0;padding-left:18px;font-size:13px}
.lectern-ai-actions{display:flex;gap:6px;margin-top:6px}
.lectern-ai-muted{margin:0;color:var(--fg-muted,#64748b)}
.lectern-ai-error{margin:0;padding:8px 10px;border-radius:8px;border:1px solid #dc262655;background:#dc26260f;color:var(--fg,#0f172a)}
.lectern-ai-form{display:flex;gap:8px;align-items:flex-end;padding:10px 12px;border-top:1px solid var(--border,#e2e8f0)}
.lectern-ai-form textarea{flex:1;resize:none;min-height:40px;max-height:160px;padding:8px 10px;border:1px solid var(--border-strong,#cbd5e1);border-radius:9px;background:var(--bg,#fff);color:inherit;font:inherit}
/* Send: the page's text and background colours swapped, legible whatever the brand colour (white on a light brand colour is not). */
.lectern-ai-send{height:38px;padding:0 14px;border:0;border-radius:9px;background:var(--fg,#0f172a);color:var(--bg,#fff)!important;font-weight:600}
.lectern-ai-support{margin:0;padding:0 12px 10px;font-size:12.5px;color:var(--fg-muted,#64748b)}
.lectern-ai-deflect{margin-top:6px;font-size:13px}
.lectern-ai-samples{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;align-items:flex-start;gap:6px}
.lectern-ai-samples button{font-size:13px!important;padding:5px 10px;text-align:left}
.lectern-ai-inline{position:static;z-index:auto;pointer-events:auto;margin-top:16px}
.lectern-ai-inline .lectern-ai-box{position:relative;inset:auto;width:auto;height:min(60vh,640px);min-height:360px;border:1px solid var(--border,#e2e8f0);border-radius:12px;box-shadow:none}
html.lectern-ai-open{overflow:hidden}
@media (min-width:900px){html.lectern-ai-open{overflow:auto}}
`;
