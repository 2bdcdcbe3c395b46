/**
 * One part of a large build in a process of its own (build-part.ts), with a JavaScript heap cap that follows what the
 * part holds, built again with twice the heap when it runs out.
 *
 * The cap keeps a part small: V8 otherwise lets garbage (rendered pages, parsed code) grow the heap far beyond what is
 * live before it collects, and the process keeps that memory. What a part holds grows with the plan it reads (the
 * navigation and links of every page, and its own pages' text and prepared code) and with its MDX text (the compiled
 * modules of its pages). No estimate fits every site (crewAI's docs, code-heavy pages in 14 languages: a part of 4 MB of
 * text ran out of 565 MB), so a part that runs out of heap is built again with twice the heap, as long as that stays
 * within half the machine's memory; the log says so.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import os from 'node:os';

const MB = 2 ** 20;

/**
 * The heap cap of a part's first try, in MB: `LECTERN_PART_HEAP=<MB>`, else 448 MB plus three times the plan the part
 * reads plus 48 times the MDX text given (run.ts: the site's largest part's).
 */
export function partHeap(planBytes: number, textBytes: number, env: NodeJS.ProcessEnv = process.env): number {
  const set = Number(env.LECTERN_PART_HEAP);
  if (env.LECTERN_PART_HEAP !== undefined && Number.isInteger(set) && set > 0) return set;
  return 448 + Math.ceil((3 * planBytes + 48 * textBytes) / MB);
}

/** The node flags of a part's process: its heap cap, or `LECTERN_PART_NODE_FLAGS` instead when set. */
export function partNodeFlags(heap: number, env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.LECTERN_PART_NODE_FLAGS ?? `--max-old-space-size=${heap} --max-semi-space-size=16`).split(/\s+/).filter(Boolean);
}

/** The heap of the next try after running out of `heap`, or undefined when there is none (the flags are the user's, or over half the memory). */
export function nextHeap(heap: number, env: NodeJS.ProcessEnv = process.env, totalMemory = os.totalmem()): number | undefined {
  if (env.LECTERN_PART_NODE_FLAGS !== undefined) return undefined;
  const next = heap * 2;
  return next <= totalMemory / 2 / MB ? next : undefined;
}

export interface PartProcess {
  /** node, its flags inherited from this process, and the part's module with its job file. */
  command: string;
  args: (nodeFlags: string[]) => string[];
  /** The part's output folder, emptied before a second try. */
  partDir: string;
  /** "part 3 of 47", for the log. */
  name: string;
  heap: number;
  children: Set<ChildProcess>;
  log: (message: string) => void;
}

/** Runs the part's process until it exits, again with a larger heap while it runs out of heap; its exit code. */
export async function runPartProcess(part: PartProcess): Promise<number> {
  for (let heap = part.heap; ;) {
    const { code, outOfHeap } = await runOnce(part, partNodeFlags(heap));
    const next = outOfHeap ? nextHeap(heap) : undefined;
    if (code === 0 || next === undefined) return code;
    part.log(`${part.name} ran out of its ${heap} MB heap; building it again with ${next} MB`);
    await rm(part.partDir, { recursive: true, force: true });
    heap = next;
  }
}

/** The standard error a process's heap out of memory is told by is searched in its last 4 KB (V8 prints it there, then aborts). */
const TAIL = 4096;

function runOnce(part: PartProcess, nodeFlags: string[]): Promise<{ code: number; outOfHeap: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(part.command, part.args(nodeFlags), { stdio: ['inherit', 'inherit', 'pipe'], env: process.env });
    let tail = '';
    let outOfHeap = false;
    child.stderr!.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      tail = (tail + chunk.toString('utf8')).slice(-TAIL);
      outOfHeap ||= /JavaScript heap out of memory/.test(tail);
    });
    part.children.add(child);
    child.once('error', reject);
    child.once('close', (c, signal) => {
      part.children.delete(child);
      resolve({ code: c ?? (signal ? 1 : 0), outOfHeap });
    });
  });
}
