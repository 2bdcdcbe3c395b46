import type { Diagnostic } from '@lectern/core';
import { formatDiagnostic } from './prepare.ts';

/** Thrown when a build must stop: carries every problem found, not just the first. */
export class LecternBuildError extends Error {
  diagnostics: Diagnostic[];
  constructor(diagnostics: Diagnostic[]) {
    const errors = diagnostics.filter((d) => d.severity === 'error');
    super(`Lectern found ${errors.length} error${errors.length === 1 ? '' : 's'}:\n` + errors.map(formatDiagnostic).join('\n'));
    this.name = 'LecternBuildError';
    this.diagnostics = diagnostics;
  }
}
