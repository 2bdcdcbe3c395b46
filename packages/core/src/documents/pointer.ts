/** RFC 6901 JSON pointers. */

export function escapeToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** `['paths', '/users/{id}', 'get']` -> `/paths/~1users~1{id}/get`. */
export function toPointer(tokens: ReadonlyArray<string | number>): string {
  return tokens.map((t) => '/' + escapeToken(t)).join('');
}

/** Append tokens to an existing pointer. */
export function childPointer(base: string, ...tokens: Array<string | number>): string {
  return base + toPointer(tokens);
}
