import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * The Node options of this process that the processes and worker threads a build starts should share (`--conditions`,
 * `--import`, `--cpu-prof`…): all but those about code given on the command line. A worker takes its process's
 * options, and in a process started with `node --input-type=module -e '…'` (a script calling `buildSite`, as the
 * benchmarks do) `--input-type` made every worker fail to start, so the main thread did the workers' work too.
 */
export function inheritedNodeFlags(argv: readonly string[] = process.execArgv): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '-e' || a === '--eval' || a === '-p' || a === '--print' || a === '--input-type') {
      i++;
      continue;
    }
    if (/^--(eval|print|input-type)=/.test(a) || a === '-i' || a === '--interactive') continue;
    out.push(a);
  }
  return out;
}

/**
 * A worker thread of the build (highlighting, Markdown, MDX analysis). It inherits the process's options, unless the
 * process was started with code on the command line: then it gets `inheritedNodeFlags()`, or none if Node refuses
 * some of those for a worker (V8 heap limits given on the command line).
 */
export function startWorker(file: string, options: Omit<WorkerOptions, 'execArgv'> = {}): Worker {
  const flags = inheritedNodeFlags();
  if (flags.length === process.execArgv.length) return new Worker(file, options);
  try {
    return new Worker(file, { ...options, execArgv: flags });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ERR_WORKER_INVALID_EXEC_ARGV') throw err;
    return new Worker(file, { ...options, execArgv: [] });
  }
}
