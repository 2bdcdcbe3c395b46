/**
 * Node options for a build's worker threads (highlighting, Markdown). A worker takes its process's options, and some
 * apply only to code given on the command line: in a process started with `node --input-type=module -e '…'` (a script
 * calling `buildSite`, as the benchmarks do), `--input-type` makes every worker fail to start, and the main thread
 * then does the workers' work too. Those are left out; the others (`--cpu-prof`, `--conditions`, …) pass on.
 */
export function workerExecArgv(argv: readonly string[] = process.execArgv): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--input-type' || a === '-e' || a === '--eval' || a === '-p' || a === '--print') {
      if (a === '--input-type' || i + 1 < argv.length) i++;
      continue;
    }
    if (/^--(input-type|eval|print)=/.test(a)) continue;
    out.push(a);
  }
  return out;
}
