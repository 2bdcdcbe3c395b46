/** Pure, dependency-free schema helpers from core, safe to bundle into page chunks. */
export { mergeAllOf, schemaTypeLabel } from '../../core/src/schema.ts';
