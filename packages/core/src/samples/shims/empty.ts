/**
 * Stand-in for modules httpsnippet imports but only uses on Node (`form-data`, `event-stream`): in a browser it
 * builds multipart bodies with the native `FormData`.
 */
export function map(): never {
  throw new Error('not available in the browser');
}
export default {};
