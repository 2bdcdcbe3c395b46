/**
 * The passes of the MDX analysis, in the order analyze.ts runs each kind of hook (see MdxPass in context.ts). One job
 * per file; a Mintlify-compatibility fix belongs in the pass of its job. Order that matters: `variables` substitutes
 * before `heading-ids` cuts ids (both `source`); `islands` starts before `component-imports` (which leaves the island's
 * built-ins to it); the file's end is legacy snippets' imports, then component imports, then the heading ids.
 */
import type { MdxPassFactory } from './context.ts';
import { unavailablePackages } from './unavailable-packages.ts';
import { variables } from './variables.ts';
import { islands } from './islands.ts';
import { openingTags } from './opening-tags.ts';
import { snippetProps } from './snippet-props.ts';
import { undefinedNames } from './undefined-names.ts';
import { unknownComponents } from './unknown-components.ts';
import { math } from './math.ts';
import { mermaid } from './mermaid.ts';
import { codeFences } from './code-fences.ts';
import { legacySnippets } from './legacy-snippets.ts';
import { paramFieldAnchors } from './param-field-anchors.ts';
import { fileTrees } from './file-trees.ts';
import { prompt } from './prompt.ts';
import { visibility } from './visibility.ts';
import { icons } from './icons.ts';
import { componentImports } from './component-imports.ts';
import { headingIds } from './heading-ids.ts';
import { updateOutline } from './update-outline.ts';

export const PASSES: readonly MdxPassFactory[] = [
  unavailablePackages, // imports of packages that are not installed cut, as Mintlify does
  variables, // `{{name}}` substituted; one no variable defines reported
  islands, // `export const` components -> the island module; interactive uses hydrated
  openingTags, // tags over several lines the build's compiler misreads
  snippetProps, // in a snippet, bare names are props; where a file renders an imported snippet
  undefinedNames, // in a page, a name nothing defines
  unknownComponents, // a component nothing defines
  math, // `$…$`, `$$…$$`, <Latex>
  mermaid, // <Mermaid>, ```mermaid placement
  codeFences, // ``` -> <CodeBlock>
  legacySnippets, // <Snippet file>
  paramFieldAnchors, // <ParamField>/<ResponseField> ids
  fileTrees, // <Tree> Markdown lists
  prompt, // <Prompt source>
  visibility, // <Visibility for="agents"> dropped from the page
  icons, // the icons built-in components draw, for `lectern check`
  componentImports, // the built-in components the file uses, imported at its end
  headingIds, // `## Title {#id}`
  updateOutline, // a changelog's headings and <Update> labels, for its table of contents
];
