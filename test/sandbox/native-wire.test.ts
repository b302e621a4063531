import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Box } from '../../server/sandbox/native/box';
import { AnswerReader, type Answer } from '../../server/sandbox/native/wire';

/**
 * The helper's answers are checked like any input: a broken helper (one that stops answering,
 * answers out of shape or dies) gives the run in flight IE within its time, never a hang. Here
 * stand-in helpers (small shell scripts) play the broken ones against the real Box.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'sg-native-wire-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fakeHelper(name: string, script: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, `#!/bin/sh\n${script}\n`);
  chmodSync(file, 0o755);
  return file;
}

const REQUEST = { cpuMs: 1000, cpuBackstopS: 2, wallMs: 2300, memoryKb: 65536, fileBytes: 1 << 20, outputBytes: 1 << 20, processes: 4, live: false, cwd: '/tmp', argv: ['/prog/main'], env: {} };
const DONE = 'DONE 1 exited=1 code=0 signal=0 cpu_ns=1000 cpu_from=cgroup wall_us=5 queued_us=0 rss_kb=10 cgroup_peak=-1 oom=0 out_bytes=0 err_bytes=0 stopped=none setup=- work=ok';

describe('the wire to the native helper', () => {
  it('parses answers split anywhere, and calls a malformed stream broken', () => {
    const got: Answer[] = [];
    const broken: string[] = [];
    const reader = new AnswerReader((a) => got.push(a), (why) => broken.push(why));
    const bytes = Buffer.from(`READY\nOUT 1 3\nabcDONE 1 ${DONE.slice(7)}\n`);
    for (let i = 0; i < bytes.length; i += 5) reader.push(bytes.subarray(i, i + 5));
    expect(got.map((a) => a.t)).toEqual(['ready', 'out', 'done']);
    expect(got[1]).toMatchObject({ t: 'out', id: 1, bytes: Buffer.from('abc') });
    expect(broken).toEqual([]);

    for (const bad of ['x'.repeat(5000), 'OUT 1 99999999\n', `${DONE.replace(' oom=0', '')}\n`, `${DONE.replace('stopped=none', 'stopped=maybe')}\n`, 'HELLO\n']) {
      const why: string[] = [];
      new AnswerReader(() => {}, (w) => why.push(w)).push(Buffer.from(bad));
      expect(why, bad.slice(0, 40)).toHaveLength(1);
    }
  });

  it('a helper that stops answering: IE once its time is up, and the box is dead', async () => {
    const box = await Box.start({ helper: fakeHelper('silent', 'echo READY; exec sleep 60'), binds: [], cgroup: null, tmpMb: 1 });
    const t0 = performance.now();
    const r = await box.run(REQUEST, { input: '', safetyMs: 500, readLimit: 1 << 20 });
    expect(r).toEqual({ ok: false, reason: expect.stringMatching(/did not answer in time/) });
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(box.alive).toBe(false);
    await box.close();
  });

  it('a helper answering out of shape, or dying mid-run: IE, said', async () => {
    const garbled = await Box.start({ helper: fakeHelper('garbled', 'echo READY; read line; echo "DONE 1 exited=yes"; exec sleep 60'), binds: [], cgroup: null, tmpMb: 1 });
    const r1 = await garbled.run(REQUEST, { input: '', safetyMs: 10_000, readLimit: 1 << 20 });
    expect(r1).toEqual({ ok: false, reason: expect.stringMatching(/malformed/) });
    await garbled.close();
    const dying = await Box.start({ helper: fakeHelper('dying', 'echo READY; read line; echo "out of luck" >&2; exit 3'), binds: [], cgroup: null, tmpMb: 1 });
    const r2 = await dying.run(REQUEST, { input: '', safetyMs: 10_000, readLimit: 1 << 20 });
    expect(r2).toEqual({ ok: false, reason: expect.stringMatching(/stopped \(exit code 3\): out of luck/) });
    await dying.close();
  });

  it('a helper that cannot set up says why', async () => {
    await expect(Box.start({ helper: fakeHelper('refusing', 'echo "FAIL namespaces: Operation not permitted"; exit 1'), binds: [], cgroup: null, tmpMb: 1 })).rejects.toThrow(/namespaces: Operation not permitted/);
  });
});
