#!/usr/bin/env node
// node:sqlite (the assistant's index) is stable enough for us; keep its ExperimentalWarning off users' terminals.
process.removeAllListeners('warning');
process.on('warning', (w) => {
  if (w.name === 'ExperimentalWarning' && /SQLite/.test(w.message)) return;
  process.stderr.write(`${w.name}: ${w.message}\n`);
});
const { main } = await import('../src/cli.ts');

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`lectern: ${err && err.stack ? err.stack : err}\n`);
    process.exit(1);
  },
);
