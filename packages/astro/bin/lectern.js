#!/usr/bin/env node
// The `lectern` command. Plain JavaScript that any Node parses, so an old Node gets a sentence, not a stack trace.
import { existsSync } from 'node:fs';

const NEED = [22, 12];
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < NEED[0] || (major === NEED[0] && minor < NEED[1])) {
  process.stderr.write(
    `lectern: needs Node.js ${NEED.join('.')} or newer; this is Node.js ${process.versions.node} (${process.execPath}).\n` +
      'Install a current Node.js (https://nodejs.org) or add it to the docs repo: npm i -D node@22\n',
  );
  process.exit(1);
}

// node:sqlite (the assistant's index) is stable enough for us; keep its ExperimentalWarning off users' terminals.
process.removeAllListeners('warning');
process.on('warning', (w) => {
  if (w.name === 'ExperimentalWarning' && /SQLite/.test(w.message)) return;
  process.stderr.write(`${w.name}: ${w.message}\n`);
});

// An installed package runs its compiled JavaScript; the workspace runs the TypeScript sources directly.
const compiled = new URL('../dist/cli/main.js', import.meta.url);
const { main } = await import(existsSync(compiled) ? compiled.href : new URL('../src/cli/main.ts', import.meta.url).href);

// Output to a pipe is written asynchronously: exit once it is all out (a large `check --format json` report was cut).
const exit = (code) => process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
main(process.argv.slice(2)).then(
  (code) => exit(code),
  (err) => {
    process.stderr.write(`lectern: ${err && err.stack ? err.stack : err}\n`);
    exit(1);
  },
);
