/**
 * JSON files with positions: parse with jsonc-parser so every diagnostic can name a line, and
 * turn JSON pointers into line/column.
 */
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

export interface JsonSource {
  file: string;
  text: string;
  value: unknown;
  tree?: Node;
}

export interface JsonSyntaxError {
  message: string;
  line: number;
  column: number;
}

/**
 * Line (1-based) and column of `offset` in `text`. A large text (a versioned site's docs.json is megabytes, and its
 * navigation may report thousands of problems) gets an index of its line starts, kept for the last few texts, so each
 * lookup is a binary search instead of a scan from the start.
 */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  if (text.length < INDEXED) return scanLineColumn(text, offset);
  const starts = lineStarts(text);
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - starts[lo]! + 1 };
}

/** Texts shorter than this are scanned (an index would cost more than it saves). */
const INDEXED = 64 * 1024;
const indexed = new Map<string, Int32Array>();

/** Offsets where each line of `text` starts (0 first), for the last 4 texts asked about. */
function lineStarts(text: string): Int32Array {
  let starts = indexed.get(text);
  if (starts) return starts;
  const found = [0];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) found.push(at + 1);
  starts = Int32Array.from(found);
  if (indexed.size >= 4) indexed.delete(indexed.keys().next().value!);
  indexed.set(text, starts);
  return starts;
}

function scanLineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** Parse strict JSON (comments and trailing commas are reported as errors, like docs.json consumers do). */
export function parseJsonSource(file: string, text: string): { source?: JsonSource; errors: JsonSyntaxError[] } {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  if (errors.length || !tree) {
    return {
      errors: (errors.length ? errors : [{ error: 0, offset: 0, length: 0 }]).map((e) => ({
        message: errors.length ? describeParseError(printParseErrorCode(e.error)) : 'file is empty',
        ...lineColumn(text, e.offset),
      })),
    };
  }
  return { source: { file, text, value: JSON.parse(text), tree }, errors: [] };
}

function describeParseError(code: string): string {
  return code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

export function decodePointer(pointer: string): string[] {
  if (!pointer || pointer === '/') return [];
  return pointer
    .replace(/^\//, '')
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Line/column of the value at `pointer`, or of its nearest existing ancestor. */
export function locatePointer(source: JsonSource, pointer: string): { line: number; column: number } | undefined {
  if (!source.tree) return undefined;
  const segments = decodePointer(pointer);
  let node: Node = source.tree;
  for (const segment of segments) {
    const next = child(node, segment);
    if (!next) break;
    node = next;
  }
  // Point at the property key when there is one: that is where people look.
  const target = node.parent?.type === 'property' ? node.parent : node;
  return lineColumn(source.text, target.offset);
}

function child(node: Node, segment: string): Node | undefined {
  if (node.type === 'object') {
    const property = node.children?.find((p) => p.children?.[0]?.value === segment);
    return property?.children?.[1];
  }
  if (node.type === 'array' && /^\d+$/.test(segment)) return node.children?.[Number(segment)];
  return undefined;
}
