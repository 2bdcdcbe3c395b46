/** What a build says about its plan before it renders: plan errors stop it; warnings are summarised by rule. */
import { summarizeDiagnostics, type Diagnostic } from '@lectern/core';
import { LecternBuildError } from '../mdx/errors.ts';
import { formatDiagnostic } from '../mdx/prepare.ts';
import type { PlannedSite } from './site.ts';
import { integrationProblems } from '../shared/site/analytics.ts';
import { astroRedirects } from '../shared/site/redirects.ts';

/** A problem of one page (its MDX, or a file it imports): the page is left out, the others still build. */
export const isPageProblem = (d: Diagnostic) => d.code.startsWith('mdx/');

/**
 * docs.json, specs and navigation must be sound to build anything: their errors stop the build here (every one of
 * them listed), except a remote spec that could not be fetched. A page with an MDX error only keeps itself (and the pages importing it) out: the build goes on and
 * fails at the end, listing every page that failed.
 */
export function reportPlan({ site, errors, warnings }: PlannedSite, strict: boolean, logger: { warn(m: string): void; error(m: string): void }): void {
  // A remote spec that could not be fetched keeps only its own pages out (the navigation is planned without them):
  // the other pages are built, so the run reports every failure; the build still fails at the end.
  const planErrors = errors.filter((d) => !isPageProblem(d) && d.code !== 'spec/fetch-failed');
  if (planErrors.length) throw new LecternBuildError(strict ? site.diagnostics.map((d) => ({ ...d, severity: 'error' as const })) : site.diagnostics);
  if (warnings.length && !strict) logger.warn(`${warnings.length} warning${warnings.length === 1 ? '' : 's'} (\`lectern check --all\` lists them all):\n${summarizeDiagnostics(warnings, { format: formatDiagnostic }).trimEnd()}`);
  if (site.blocked.size) logger.error(`${site.blocked.size} page${site.blocked.size === 1 ? '' : 's'} cannot be compiled; building the others to report every failure`);
}

/** Every page that failed, in one run: MDX errors found before the build, render errors found during it (and, with --strict, the warnings). */
/**
 * What a build says about docs.json beyond the plan: integrations Lectern does not support, redirects static hosting
 * cannot express. Printed once per build (by the parent of a build in parts, not by each part).
 */
export function configWarnings(config: PlannedSite['site']['config']): string[] {
  const out = integrationProblems(config.integrations).map((problem) => `docs.json ${problem}`);
  const { skipped } = astroRedirects(config.redirects ?? []);
  if (skipped.length) {
    const shown = skipped.slice(0, 3).join(', ') + (skipped.length > 3 ? `, … and ${skipped.length - 3} more` : '');
    out.push(`${skipped.length} redirect${skipped.length === 1 ? '' : 's'} with patterns (${shown}) ${skipped.length === 1 ? 'is' : 'are'} served by \`lectern serve\` only: static hosting cannot express ${skipped.length === 1 ? 'it' : 'them'}`);
  }
  return out;
}

export function failIfAnyFailed(site: PlannedSite['site'], strict: boolean): void {
  const failed = [...site.diagnostics.filter((d) => d.severity === 'error'), ...site.renderErrors];
  if (failed.length || (strict && site.diagnostics.length)) {
    const all = [...site.diagnostics, ...site.renderErrors];
    throw new LecternBuildError(strict ? all.map((d) => ({ ...d, severity: 'error' as const })) : all);
  }
}
