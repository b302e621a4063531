/**
 * Which Node.js lines the judge supports, and the flags that differ between them. Kept in one place
 * so start-up, the sandbox and the README agree.
 */

/** Major versions the judge is tested on (CI runs 24 and 22); 26 is accepted when present. */
export const SUPPORTED_NODE_MAJORS = [22, 24, 26] as const;

export function nodeMajor(version: string = process.versions.node): number {
  return Number(version.split('.')[0]);
}

export function nodeMinor(version: string = process.versions.node): number {
  return Number(version.split('.')[1]);
}

/** One line for a Node we refuse, or null when this one is supported. */
export function unsupportedNodeMessage(version: string = process.versions.node, env: NodeJS.ProcessEnv = process.env): string | null {
  const major = nodeMajor(version);
  if ((SUPPORTED_NODE_MAJORS as readonly number[]).includes(major)) return null;
  // Started by an npm script (scripts/run.mjs) on a Node chosen with SG_NODE: the fix is the setting.
  if (env.SG_NODE_PINNED === '0') return `SG Judge needs Node.js 22 or 24, but SG_NODE=${env.SG_NODE ?? ''} chose Node.js ${version}. Unset SG_NODE to run on the Node.js 24 the judge brings, or point it at a Node.js 22 or 24.`;
  return `SG Judge needs Node.js 22 or 24 (the LTS lines; 26 also works), but this is Node.js ${version}. Run it through npm (npm start), which uses the Node.js 24 the judge brings, or install Node.js 24 from https://nodejs.org.`;
}

/**
 * The permission model's switch: `--experimental-permission` until Node 23.5 (22.x keeps it),
 * `--permission` from then on (24 rejects the old spelling as a bad option).
 */
export function permissionFlag(version: string = process.versions.node): string {
  const major = nodeMajor(version);
  const minor = nodeMinor(version);
  return major > 23 || (major === 23 && minor >= 5) ? '--permission' : '--experimental-permission';
}
