/** Java samples: httpsnippet's java.net.http client, with its imports and real files (`BodyPublishers.ofFile`). */
import { defineLanguage } from '../language.ts';
import { replaceLiteral } from '../fix-kit.ts';
import { BINARY_TEXT_PLACEHOLDER, FILE_PLACEHOLDER } from '../har.ts';

export default defineLanguage({
  key: 'java',
  name: 'Java',
  aliases: [],
  highlight: 'java',
  byDefault: true,
  comment: '//',
  client: { target: 'java', client: 'nethttp', library: 'java.net.http.HttpClient' },
  binary: (code) =>
    replaceLiteral(
      code,
      `HttpRequest.BodyPublishers.ofString("${BINARY_TEXT_PLACEHOLDER}")`,
      `HttpRequest.BodyPublishers.ofFile(Path.of("${FILE_PLACEHOLDER}"))`,
    ),
  // java.net.http samples are statements (JShell / Java 21+ unnamed classes): add the imports they use.
  fix: (code) => {
    const imports = ['java.net.URI', 'java.net.http.HttpClient', 'java.net.http.HttpRequest', 'java.net.http.HttpResponse'];
    if (code.includes('Path.of(')) imports.push('java.nio.file.Path');
    return `${imports.map((i) => `import ${i};`).join('\n')}\n\n${code}`;
  },
});
