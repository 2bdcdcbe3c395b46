/** Browser stand-in for `har-validator-compiled`: the live samples build their HAR request themselves. */
export function validateRequest(): boolean {
  return true;
}
export default { validateRequest };
