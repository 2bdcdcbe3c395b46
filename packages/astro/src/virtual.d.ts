declare module 'virtual:lectern/pages' {
  export const root: string;
  export const loaders: Record<string, () => Promise<Record<string, unknown>>>;
}
declare module '*.astro' {
  const Component: (props: Record<string, unknown>) => unknown;
  export default Component;
}
