/**
 * Line/column of a JSON pointer in a JSON or YAML text, for diagnostics that only know the pointer.
 * Resolves as deep as the text goes (a pointer into a converted Swagger 2.0 document lands on the nearest
 * existing ancestor). Only used on the error path, and only for texts up to 5 MB.
 */
import { LineCounter, isMap, isScalar, isSeq, parseDocument, type Node } from 'yaml';
import type { Diagnostic } from '../model.ts';

const MAX_TEXT = 5 * 1024 * 1024;

function decode(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

export function createLocator(text: string): (pointer: string) => { line: number; column: number } | undefined {
  let state: { root: Node | null; lines: LineCounter } | undefined;
  return (pointer) => {
    if (!pointer || text.length > MAX_TEXT) return undefined;
    if (!state) {
      const lines = new LineCounter();
      const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: false });
      state = { root: doc.contents as Node | null, lines };
    }
    let node: Node | null = state.root;
    let offset: number | undefined;
    for (const raw of pointer.split('/').slice(1)) {
      const token = decode(raw);
      if (isMap(node)) {
        const pair = node.items.find((p) => (isScalar(p.key) ? String(p.key.value) : String(p.key)) === token);
        if (!pair) break;
        offset = isScalar(pair.key) ? pair.key.range?.[0] : offset;
        node = (pair.value as Node | null) ?? null;
      } else if (isSeq(node)) {
        const item = node.items[Number(token)] as Node | undefined;
        if (!item || !/^\d+$/.test(token)) break;
        offset = item.range?.[0] ?? offset;
        node = item;
      } else break;
    }
    if (offset === undefined) return undefined;
    const pos = state.lines.linePos(offset);
    return { line: pos.line, column: pos.col };
  };
}

/** Adds `line`/`column` to diagnostics of `file` that have a pointer but no line. */
export function addLines(diagnostics: Diagnostic[], file: string, text: string): void {
  const pending = diagnostics.filter((d) => d.file === file && d.pointer && d.line === undefined);
  if (!pending.length) return;
  const locate = createLocator(text);
  for (const d of pending) {
    const pos = locate(d.pointer!);
    if (pos) {
      d.line = pos.line;
      d.column = pos.column;
    }
  }
}
