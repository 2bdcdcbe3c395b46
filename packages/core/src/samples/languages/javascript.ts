/** JavaScript samples: Lectern's fetch client for the browser (httpsnippet's fetch leaves `'` unescaped in URLs and form values). */
import { defineLanguage } from '../language.ts';
import { fetchClient } from '../fetch-client.ts';

const jsFetch = fetchClient('lectern-fetch', false);

export default defineLanguage({
  key: 'javascript',
  name: 'JavaScript',
  aliases: ['js'],
  highlight: 'javascript',
  byDefault: true,
  comment: '//',
  client: { target: 'javascript', client: jsFetch.info.key, library: 'fetch' },
  ownClient: { client: jsFetch },
});
