/** Every component an author may use in MDX without importing it (reference §5 and Mintlify's author docs). */
export const COMPONENT_NAMES = [
  'Note', 'Warning', 'Info', 'Tip', 'Check', 'Danger', 'Callout',
  'CodeGroup', 'CodeBlock', 'Steps', 'Step', 'Tabs', 'Tab', 'AccordionGroup', 'Accordion',
  'CardGroup', 'Card', 'Columns', 'Column', 'Frame', 'Tooltip', 'Update', 'Icon', 'Badge',
  'ParamField', 'ResponseField', 'Expandable', 'RequestExample', 'ResponseExample', 'Snippet',
  'Panel', 'Tile', 'Tree', 'TreeFolder', 'TreeFile', 'Color', 'ColorRow', 'ColorItem', 'View', 'Prompt', 'Mermaid', 'Latex',
  'Banner', 'Visibility', 'FileTree', 'GitHub',
] as const;

export type ComponentName = (typeof COMPONENT_NAMES)[number];
export const COMPONENT_SET: ReadonlySet<string> = new Set(COMPONENT_NAMES);
