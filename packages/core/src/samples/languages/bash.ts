/** cURL samples: httpsnippet's curl client, plus `--data-binary @file` for raw binary bodies. */
import { targets, type Client, type Request } from 'httpsnippet';
import { defineLanguage } from '../language.ts';
import { isBinary } from '../client-kit.ts';
import { FILE_PLACEHOLDER } from '../har.ts';

const shellCurl: Client = {
  info: { key: 'lectern-curl', title: 'cURL', link: 'https://curl.se/', description: 'cURL, raw binary bodies from a file' },
  convert: (req, options) => {
    const base = targets.shell.clientsById.curl!;
    if (!isBinary(req)) return base.convert(req, options);
    const withoutBody = { ...req, postData: { ...req.postData, text: '' } } as Request;
    const code = base.convert(withoutBody, options);
    return `${code} \\\n  --data-binary '@${FILE_PLACEHOLDER}'`;
  },
};

export default defineLanguage({
  key: 'bash',
  name: 'cURL',
  aliases: ['curl', 'sh', 'shell'],
  highlight: 'bash',
  byDefault: true,
  comment: '#',
  client: { target: 'shell', client: shellCurl.info.key, library: 'cURL' },
  ownClient: { client: shellCurl },
});
