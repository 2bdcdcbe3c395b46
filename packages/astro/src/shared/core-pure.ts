/** Pure, dependency-free schema helpers from core (`@lectern/core/schema`), safe to bundle into page chunks. */
export { mergeAllOf, schemaTypeLabel } from '@lectern/core/schema';
