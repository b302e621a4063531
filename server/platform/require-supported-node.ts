/**
 * Imported first by every entry point: on a Node.js the judge does not support, say so in one line
 * and stop before anything else (a native module or a sandbox flag) fails in a less clear way.
 */
import { unsupportedNodeMessage } from './node-version';

const message = unsupportedNodeMessage();
if (message) {
  console.error(message);
  process.exit(1);
}
