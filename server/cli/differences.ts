// npm run differences
// Prints the generated part of the "Differences from plain Node" section of docs/sandbox.md (from
// server/sandbox/differences.ts), to paste between its markers; a test checks docs/sandbox.md against it.
import { differencesBlock } from '../sandbox/differences';

process.stdout.write(`${differencesBlock()}\n`);
