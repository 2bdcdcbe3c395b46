/** Test page entry: hydrates the server-rendered island named by `window.__CASE__` (as Astro does). */
import { h, hydrate } from 'preact';
import { ChannelPlayground, Playground, setAuthUser } from '../../src/index.ts';

const c = (window as unknown as { __CASE__: { kind: 'operation' | 'channel'; props: never } }).__CASE__;
(window as unknown as { __setAuthUser: typeof setAuthUser }).__setAuthUser = setAuthUser;
const Island = (c.kind === 'channel' ? ChannelPlayground : Playground) as (props: object) => ReturnType<typeof Playground>;
hydrate(h(Island, c.props), document.getElementById('root')!);
document.documentElement.dataset.ready = '1';
