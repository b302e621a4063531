/**
 * Built problem packages kept between data directories. Building a package (its generators and
 * fast reference, in a thread that loads them) takes about a second each, 24 s for all of them;
 * every new data directory (a fresh install, each test server, a second judge on one machine)
 * would pay it again for the same packages. A build is kept beside the installed packages
 * (node_modules/.cache, writable only by whoever installed them) under its package hash
 * (import.ts: every file of the package, its references and the builder's own code), and used
 * only for exactly that hash. Builds with user-added tests are never kept: their answers depend on
 * a database's own tests.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { INSTALL_CACHE_DIR, keepFile } from '../platform/install-cache';
import type { BuildReply } from './import-thread';

export const BUILD_CACHE_DIR = path.join(INSTALL_CACHE_DIR, 'problems');

const Built = z.object({
  hash: z.string(),
  reply: z.object({
    slug: z.string(),
    ok: z.literal(true),
    problem: z.object({
      titleEn: z.string(),
      titleZh: z.string(),
      source: z.string(),
      statementEn: z.string(),
      statementZh: z.string(),
      timeLimitMs: z.number(),
      memoryLimitMb: z.number(),
    }),
    tests: z.array(z.object({ kind: z.enum(['sample', 'edge', 'random']), label: z.string(), input: z.string(), expected: z.string() })),
    userExpected: z.array(z.string()).length(0),
  }),
});

const fileOf = (dir: string, slug: string) => path.join(dir, `${slug}.json`);

/** The kept build of this exact package, or null. */
export function keptBuild(dir: string, slug: string, hash: string): BuildReply | null {
  try {
    const kept = Built.parse(JSON.parse(readFileSync(fileOf(dir, slug), 'utf8')));
    return kept.hash === hash && kept.reply.slug === slug ? kept.reply : null;
  } catch {
    return null;
  }
}

export function keepBuild(dir: string, slug: string, hash: string, reply: BuildReply): void {
  if (!reply.ok || reply.userExpected.length > 0) return;
  keepFile(fileOf(dir, slug), JSON.stringify({ hash, reply }));
}
