/**
 * @lectern/playground — browser islands (Preact). Usage from an Astro page:
 *   <Playground client:visible {...playgroundProps(operation, options)} />
 *   <ChannelPlayground client:visible {...channelProps(channel, doc, options)} />
 * Props are built on the Node side with `@lectern/playground/props`. CSS: `@lectern/playground/styles.css`.
 */
export { Playground } from './Playground.tsx';
export { ChannelPlayground } from './ChannelPlayground.tsx';
export { canSeePlayground, setAuthUser, AUTH_EVENT } from './auth.ts';
export { installRuntime, type PlaygroundInputs, type LecternUser } from './runtime.ts';
export type * from './types.ts';
