/** The built-in component names live in core (the planner vets spec-provided MDX against them). */
export { COMPONENT_NAMES, COMPONENT_SET, type ComponentName } from '@lectern/core';
