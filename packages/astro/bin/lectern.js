#!/usr/bin/env node
import { main } from '../src/cli.ts';

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`lectern: ${err && err.stack ? err.stack : err}\n`);
    process.exit(1);
  },
);
