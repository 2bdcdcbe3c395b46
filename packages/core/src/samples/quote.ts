/** Double-quoted string literals with C-family escapes; `control` spells the other control characters. */
export function quoted(s: string, control: (code: number) => string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (c < 0x20 || c === 0x7f) out += control(c);
    else out += ch;
  }
  return `${out}"`;
}

export const hexEscape = (c: number): string => `\\x${c.toString(16).padStart(2, '0')}`;
