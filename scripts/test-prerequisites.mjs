#!/usr/bin/env node
/**
 * `npm test`'s first step (npm runs it as "pretest"): what the suites need beyond npm. The browser
 * suites drive a real Chromium at /usr/bin/chromium (with CJK fonts, for the Chinese pages' text),
 * the distributed suites start a real redis-server, the language suites compile and run C++ and
 * Python with the machine's g++, python3 and pypy3 (docs/languages.md). When one is missing and the machine allows it
 * (root, with apt-get), it is installed here; otherwise the command stops at once with one line
 * naming what is missing and the command that installs it, rather than many minutes of failures.
 * Plain JavaScript: it runs on the Node that runs npm.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const CHROMIUM = '/usr/bin/chromium';
const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

function onPath(command) {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && existsSync(path.join(dir, command)));
}

/** Debian package names of what is missing. */
export function missingPackages() {
  const missing = [];
  if (!existsSync(CHROMIUM)) missing.push('chromium');
  if (!existsSync(CJK_FONT)) missing.push('fonts-noto-cjk');
  if (!onPath('redis-server')) missing.push('redis-server');
  // The real binaries: a python3 on the PATH may be a shim (pyenv) that only its owner can run.
  if (!onPath('g++')) missing.push('g++');
  if (!existsSync('/usr/bin/python3')) missing.push('python3');
  if (!onPath('pypy3')) missing.push('pypy3');
  return missing;
}

function canInstall() {
  return process.platform === 'linux' && typeof process.getuid === 'function' && process.getuid() === 0 && onPath('apt-get');
}

function main() {
  if (process.env.SG_SKIP_PREREQUISITES === '1') return;
  const missing = missingPackages();
  if (missing.length === 0) return;
  const command = `apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  if (!canInstall()) {
    console.error(`npm test needs ${missing.join(', ')} (for the browser, distributed and language suites), which this machine lacks: install ${missing.length > 1 ? 'them' : 'it'} with \`sudo ${command}\` (Debian/Ubuntu) and run npm test again.`);
    process.exit(1);
  }
  console.log(`npm test: installing ${missing.join(', ')} (apt-get) for the browser, distributed and language suites`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'], env });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { stdio: ['ignore', 'ignore', 'inherit'], env });
  const still = missingPackages();
  if (install.status !== 0 || still.length) {
    console.error(`npm test: apt-get could not install ${still.join(', ') || missing.join(', ')}; install ${still.length > 1 ? 'them' : 'it'} with \`${command}\` and run npm test again.`);
    process.exit(1);
  }
}

main();
