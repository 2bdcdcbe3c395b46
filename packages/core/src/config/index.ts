export {
  loadConfig,
  fallbackConfig,
  findConfigFile,
  type DocsConfig,
  type ApiConfig,
  type ConfigLocator,
  type LoadedConfig,
} from './load.ts';
export { readNavigation, type NavigationConfig, type NavNodeConfig, type NavEntry, type NavPageEntry, type SpecRef } from './navigation.ts';
export { docsJsonSchema } from './json-schema.ts';
