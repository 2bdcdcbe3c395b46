/** TypeScript samples: Lectern's own httpsnippet target `typescript` with a typed fetch client (`openAsBlob` for files). */
import { defineLanguage } from '../language.ts';
import { fetchClient } from '../fetch-client.ts';

const tsFetch = fetchClient('fetch', true);

export default defineLanguage({
  key: 'typescript',
  name: 'TypeScript',
  aliases: ['ts'],
  highlight: 'typescript',
  comment: '//',
  client: { target: 'typescript', client: tsFetch.info.key, library: 'fetch' },
  ownClient: { client: tsFetch, newTarget: { title: 'TypeScript', extname: '.ts' } },
});
