/**
 * The proxy contract constants from `@lectern/core`'s model.ts, repeated here so the server's runtime never
 * loads `@lectern/core`'s index (spec parsers and all): `lectern serve` and edge bundles stay small.
 * The type annotations make `tsc` fail if the two ever differ.
 */
import type * as core from '@lectern/core';

export const PROXY_PATH: typeof core.PROXY_PATH = '/_lectern/api/request';
export const PROXY_ERROR_HEADER: typeof core.PROXY_ERROR_HEADER = 'X-Lectern-Proxy-Error';
