/** C# samples: httpsnippet's RestSharp client, with real files; HttpClient for the methods RestSharp lacks (TRACE, QUERY). */
import { defineLanguage } from '../language.ts';
import { cLit, dropLine, MULTIPART_BODY_LINE, MULTIPART_HEADER_LINE, replaceLiteral } from '../fix-kit.ts';
import { BINARY_TEXT_PLACEHOLDER, FILE_PLACEHOLDER } from '../har.ts';

export default defineLanguage({
  key: 'csharp',
  name: 'C#',
  aliases: ['c#'],
  highlight: 'csharp',
  comment: '//',
  client: { target: 'csharp', client: 'restsharp', library: 'RestSharp' },
  // RestSharp's Method enum has no TRACE/QUERY: the C# tab shows HttpClient then.
  fallbackClient: { client: 'httpclient', when: (code) => code.startsWith('Method not supported') },
  multipart: (code, parts) => {
    const lines = ['request.AlwaysMultipartFormData = true;'];
    for (const p of parts)
      lines.push(
        p.file
          ? `request.AddFile(${cLit(p.name, true)}, ${cLit(FILE_PLACEHOLDER, true)});`
          : `request.AddParameter(${cLit(p.name, true)}, ${cLit(p.value, true)});`,
      );
    return dropLine(code, MULTIPART_HEADER_LINE).replace(MULTIPART_BODY_LINE, () => lines.join('\n'));
  },
  binary: (code) =>
    replaceLiteral(
      code,
      `"${BINARY_TEXT_PLACEHOLDER}", ParameterType.RequestBody`,
      `File.ReadAllBytes("${FILE_PLACEHOLDER}"), ParameterType.RequestBody`,
    ),
});
