/**
 * The built-in component names live in core (the planner vets spec-provided MDX against them); from core's
 * dependency-free subpath, so that the MDX analysis worker does not load the whole of core for them.
 */
export { COMPONENT_NAMES, COMPONENT_SET, type ComponentName } from '@lectern/core/components';
