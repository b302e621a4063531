// npm run differences
// Prints the generated part of the README's "Differences from plain Node" section (from
// server/sandbox/differences.ts), to paste between its markers; a test checks the README against it.
import { differencesBlock } from '../sandbox/differences';

process.stdout.write(`${differencesBlock()}\n`);
