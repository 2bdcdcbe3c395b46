/** Test page entry: mounts the island named by `window.__CASE__` (as Astro would hydrate it). */
import { h, render } from 'preact';
import { ChannelPlayground, Playground, setAuthUser } from '../../src/index.ts';

const c = (window as unknown as { __CASE__: { kind: 'operation' | 'channel'; props: never } }).__CASE__;
(window as unknown as { __setAuthUser: typeof setAuthUser }).__setAuthUser = setAuthUser;
const Island = (c.kind === 'channel' ? ChannelPlayground : Playground) as (props: object) => ReturnType<typeof Playground>;
render(h(Island, c.props), document.getElementById('root')!);
document.documentElement.dataset.ready = '1';
