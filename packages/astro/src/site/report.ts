/** What a build says about its plan before it renders: plan errors stop it; warnings are summarised by rule. */
import { summarizeDiagnostics, type Diagnostic } from '@lectern/core';
import { LecternBuildError } from '../mdx/errors.ts';
import { formatDiagnostic } from '../mdx/prepare.ts';
import type { PlannedSite } from './site.ts';
import { integrationProblems } from '../shared/site/analytics.ts';
import { astroRedirects } from '../shared/site/redirects.ts';
import { leftOutPages, PAGE_ERRORS } from '../build/left-out.ts';

/**
 * A problem of one page (its MDX or frontmatter, or a file it imports): the page is left out (left-out.ts), the others
 * still build.
 */
export const isPageProblem = (d: Diagnostic) => d.code.startsWith('mdx/') || PAGE_ERRORS.has(d.code);

/**
 * docs.json, specs and navigation must be sound to build anything: their errors stop the build here (every one of
 * them listed), except a remote spec that could not be fetched. A page with an MDX error only keeps itself (and the
 * pages importing it) out: the build writes every other page and fails at the end, listing every page that failed.
 */
export function reportPlan(
  { site, errors, warnings }: PlannedSite,
  strict: boolean,
  logger: { warn(m: string): void; error(m: string): void },
): void {
  // A remote spec that could not be fetched keeps only its own pages out (the navigation is planned without them):
  // the other pages are built, so the run reports every failure; the build still fails at the end.
  const planErrors = errors.filter((d) => !isPageProblem(d) && d.code !== 'spec/fetch-failed');
  if (planErrors.length)
    throw new LecternBuildError(strict ? site.diagnostics.map((d) => ({ ...d, severity: 'error' as const })) : site.diagnostics);
  if (warnings.length && !strict)
    logger.warn(
      `${warnings.length} warning${warnings.length === 1 ? '' : 's'} (\`lectern check --all\` lists them all):\n${summarizeDiagnostics(warnings, { format: formatDiagnostic }).trimEnd()}`,
    );
  const left = leftOutPages(site).size;
  if (left)
    logger.error(
      `${left} page${left === 1 ? '' : 's'} cannot be compiled; building the others (they are left out of the site) to report every failure`,
    );
}

/**
 * What a build says about docs.json beyond the plan: integrations Lectern does not support, redirects static hosting
 * cannot express. Printed once per build (by the parent of a build in parts, not by each part).
 */
export function configWarnings(config: PlannedSite['site']['config']): string[] {
  const out = integrationProblems(config.integrations).map((problem) => `docs.json ${problem}`);
  const { skipped } = astroRedirects(config.redirects ?? []);
  if (skipped.length) {
    const shown = skipped.slice(0, 3).join(', ') + (skipped.length > 3 ? `, … and ${skipped.length - 3} more` : '');
    out.push(
      `${skipped.length} redirect${skipped.length === 1 ? '' : 's'} with patterns (${shown}) ${skipped.length === 1 ? 'is' : 'are'} served by \`lectern serve\` only: static hosting cannot express ${skipped.length === 1 ? 'it' : 'them'}`,
    );
  }
  return out;
}

/**
 * Every problem that fails the build, in one error: errors found while planning, pages that could not be compiled or
 * rendered (and, with --strict, the warnings); undefined when the build succeeded. The build writes the site first.
 */
export function buildFailure(site: PlannedSite['site'], strict: boolean): LecternBuildError | undefined {
  const failed = [...site.diagnostics.filter((d) => d.severity === 'error'), ...site.renderErrors];
  if (!failed.length && !(strict && site.diagnostics.length)) return undefined;
  const all = [...site.diagnostics, ...site.renderErrors];
  return new LecternBuildError(strict ? all.map((d) => ({ ...d, severity: 'error' as const })) : all);
}

/** Throw `buildFailure`, if any. */
export function failIfAnyFailed(site: PlannedSite['site'], strict: boolean): void {
  const failure = buildFailure(site, strict);
  if (failure) throw failure;
}
