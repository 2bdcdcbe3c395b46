/** The components map: every name an author may use without importing (see shared/render/component-names.ts). */
import Note from './Note.astro';
import Warning from './Warning.astro';
import Info from './Info.astro';
import Tip from './Tip.astro';
import Check from './Check.astro';
import Danger from './Danger.astro';
import Callout from './Callout.astro';
import CodeBlock from './CodeBlock.astro';
import CodeGroup from './CodeGroup.astro';
import Steps from './Steps.astro';
import Step from './Step.astro';
import Tabs from './Tabs.astro';
import Tab from './Tab.astro';
import AccordionGroup from './AccordionGroup.astro';
import Accordion from './Accordion.astro';
import CardGroup from './CardGroup.astro';
import Card from './Card.astro';
import Columns from './Columns.astro';
import Column from './Column.astro';
import Frame from './Frame.astro';
import Tooltip from './Tooltip.astro';
import Update from './Update.astro';
import Icon from './Icon.astro';
import Badge from './Badge.astro';
import ParamField from './ParamField.astro';
import ResponseField from './ResponseField.astro';
import Expandable from './Expandable.astro';
import RequestExample from './RequestExample.astro';
import ResponseExample from './ResponseExample.astro';
import Snippet from './Snippet.astro';
import Panel from './Panel.astro';
import Tile from './Tile.astro';
import TreeBase from './Tree.astro';
import TreeFolder from './TreeFolder.astro';
import TreeFile from './TreeFile.astro';
import ColorBase from './Color.astro';
import ColorRow from './ColorRow.astro';
import ColorItem from './ColorItem.astro';
import View from './View.astro';
import Prompt from './Prompt.astro';
import Mermaid from './Mermaid.astro';
import Latex from './Latex.astro';
import Banner from './BannerComponent.astro';
import Visibility from './Visibility.astro';
import UnknownBase from './Unknown.astro';
import GitHubRepo from './GitHubRepo.astro';

const Tree = Object.assign(TreeBase, { Folder: TreeFolder, File: TreeFile });
/** `<FileTree>`: Mintlify's alias of `<Tree>` (either syntax). */
const FileTree = Tree;
/** `<GitHub.Repo>`: a repository card. */
const GitHub = { Repo: GitHubRepo };
const Color = Object.assign(ColorBase, { Row: ColorRow, Item: ColorItem });
/** `<Missing.Part>` of an unknown component is unknown too: capitalised properties resolve to the same pass-through. */
const LecternUnknown = new Proxy(UnknownBase, {
  get: (target, key, receiver) =>
    typeof key === 'string' && /^[A-Z]/.test(key) && !(key in target) ? LecternUnknown : Reflect.get(target, key, receiver),
});

export {
  Note,
  Warning,
  Info,
  Tip,
  Check,
  Danger,
  Callout,
  CodeBlock,
  CodeGroup,
  Steps,
  Step,
  Tabs,
  Tab,
  AccordionGroup,
  Accordion,
  CardGroup,
  Card,
  Columns,
  Column,
  Frame,
  Tooltip,
  Update,
  Icon,
  Badge,
  ParamField,
  ResponseField,
  Expandable,
  RequestExample,
  ResponseExample,
  Snippet,
  Panel,
  Tile,
  Tree,
  TreeFolder,
  TreeFile,
  Color,
  ColorRow,
  ColorItem,
  View,
  Prompt,
  Mermaid,
  Latex,
  Banner,
  Visibility,
  LecternUnknown,
  FileTree,
  GitHub,
};
