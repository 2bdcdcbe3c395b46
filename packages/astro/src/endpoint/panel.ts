/**
 * The example panel of an operation page: request samples and response examples, and the code each one highlights.
 * Shared by the components that render the panel and by the build, which highlights the same code in worker threads
 * before the pages render (see highlight-pool.ts): both must ask for exactly the same (code, language) pairs.
 */
import type { LanguageKey, Operation, OperationPage } from '@lectern/core';
import type { RequestSample, ResponseExampleSet } from '../model/samples-source.ts';
import type { Site } from '../model/store.ts';
import { truncateCode, type LineMarks } from '../shared/highlight/highlight.ts';

export interface HighlightInput {
  code: string;
  lang: string;
  marks?: LineMarks;
}

export function operationPanel(
  site: Site,
  page: OperationPage,
  op: Operation,
): { samples: readonly RequestSample[]; examples: readonly ResponseExampleSet[] } {
  const { requestSamples, responseExamples, extractApiBlocks } = site.lib;
  const o = site.api;
  const blocks = page.body ? extractApiBlocks(page.body, page.file ?? page.spec) : undefined;
  const samples = requestSamples({
    operation: op,
    languages: o.languages,
    defaults: o.defaults,
    autogenerate: o.autogenerate,
    pageExamples: blocks?.requestExamples,
  });
  const examples = responseExamples(op, blocks?.responseExamples);
  return { samples, examples };
}

export function sampleInput(s: RequestSample): HighlightInput {
  return { code: truncateCode(s.source), lang: s.highlight || s.lang };
}

const langOf = (mt: string) =>
  /json/.test(mt) ? 'json' : /xml/.test(mt) ? 'xml' : /html/.test(mt) ? 'html' : /yaml/.test(mt) ? 'yaml' : 'text';

/** One entry per example (a status with several named examples gives several), as the panel lists them. */
export function flatExamples(sets: readonly ResponseExampleSet[]) {
  return sets
    .filter((s) => s.examples.length > 0)
    .flatMap((s) =>
      s.examples.map((e) => ({
        status: s.status,
        label: s.examples.length > 1 ? `${s.status} · ${e.summary ?? e.key}` : s.status,
        e,
        input: { code: truncateCode(e.value), lang: langOf(e.mediaType) },
      })),
    );
}

/** Everything the panel of `page` highlights (nothing for a wide page, which has no panel). */
export function panelInputs(site: Site, page: OperationPage, op: Operation): HighlightInput[] {
  if (page.frontmatter.mode === 'wide') return [];
  const { samples, examples } = operationPanel(site, page, op);
  return [...samples.map(sampleInput), ...flatExamples(examples).map((f) => f.input)];
}
