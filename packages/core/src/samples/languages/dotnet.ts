/** .NET samples: httpsnippet's System.Net.Http.HttpClient client, with the escaping it forgets, repeated form names and real files. */
import type { Request } from 'httpsnippet';
import { defineLanguage } from '../language.ts';
import { cLit, replaceLiteral } from '../fix-kit.ts';
import { BINARY_TEXT_PLACEHOLDER, FILE_PLACEHOLDER, type HarBuild, type HarParam } from '../har.ts';

/** Form field names/values and multipart part names are printed without escaping. */
function fixDotnetRequest(req: Request): void {
  const cs = (v: string): string => JSON.stringify(v).slice(1, -1);
  if (!req.postData?.params) return;
  const form = req.postData.mimeType === 'application/x-www-form-urlencoded';
  req.postData.params = req.postData.params.map((p: HarParam) => ({
    ...p,
    name: cs(p.name),
    ...(form && p.value !== undefined ? { value: cs(p.value) } : {}),
  }));
}

/** A Dictionary cannot hold repeated form names (exploded arrays): use a list of pairs then. */
function fixDotnetRepeatedForm(code: string, build: HarBuild): string {
  const names = build.bodyKind === 'form' ? (build.har.postData?.params ?? []).map((p) => p.name) : [];
  if (new Set(names).size === names.length || !code.includes('new FormUrlEncodedContent(new Dictionary<string, string>')) return code;
  return code
    .replace(
      'new FormUrlEncodedContent(new Dictionary<string, string>',
      () => 'new FormUrlEncodedContent(new List<KeyValuePair<string, string>>',
    )
    .replace(
      /^(\s*)\{ ("(?:[^"\\]|\\.)*"), ("(?:[^"\\]|\\.)*") \},$/gm,
      (_m, indent: string, k: string, v: string) => `${indent}new KeyValuePair<string, string>(${k}, ${v}),`,
    );
}

export default defineLanguage({
  key: 'dotnet',
  name: '.NET',
  aliases: ['.net', '.NET', 'dot-net'],
  highlight: 'csharp',
  comment: '//',
  client: { target: 'csharp', client: 'httpclient', library: 'System.Net.Http.HttpClient' },
  prepare: fixDotnetRequest,
  // MultipartFormDataContent: file parts as a stream of the file instead of empty text.
  multipart: (code) =>
    code.replace(
      /new StringContent\(""\)(\s*\{\s*Headers =\s*\{\s*ContentDisposition = new ContentDispositionHeaderValue\("form-data"\)\s*\{\s*Name = "(?:[^"\\]|\\.)*",\s*FileName = )"[^"]*"/g,
      `new StreamContent(File.OpenRead(${cLit(FILE_PLACEHOLDER, true)}))$1${cLit(FILE_PLACEHOLDER, true)}`,
    ),
  binary: (code) =>
    replaceLiteral(
      code,
      `new StringContent("${BINARY_TEXT_PLACEHOLDER}")`,
      `new ByteArrayContent(File.ReadAllBytes("${FILE_PLACEHOLDER}"))`,
    ),
  fix: fixDotnetRepeatedForm,
});
