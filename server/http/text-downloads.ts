/**
 * Downloads of stored failure texts (`/submissions/:id/input.txt`, `expected.txt`, …), streamed:
 * the download thread (download-thread.ts) reads one slice at a time, and the next slice is asked
 * for only when the client has taken the last one (a Readable piped to the response, so a slow
 * client holds one slice, not the text). The HTTP thread never holds or encodes a whole text, so ten
 * downloads of 15 MiB inputs leave the pages answering.
 */
import type { Response } from 'express';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { RequestThread } from '../platform/request-thread';
import type { FailureTextKind } from '../storage/submissions';

/** Bytes per slice: the thread re-reads the value for each (no incremental blob reads), so few and large. */
export const SLICE_BYTES = 4 * 1024 * 1024;
/** A slice not read by then is a lost thread (it is replaced). */
const SLICE_TIMEOUT_MS = 30_000;
/** The thread holds a slice or two at a time. */
const HEAP_MB = 64;

export interface SliceRequest {
  submission: number;
  kind: FailureTextKind;
  offset: number;
  length: number;
}
export type SliceReply = { found: true; bytes: Uint8Array } | { found: false };

export class TextDownloads {
  private readonly thread: RequestThread<SliceRequest, SliceReply>;

  constructor(dbPath: string) {
    this.thread = new RequestThread(new URL('./download-thread.ts', import.meta.url), { maxOldGenerationSizeMb: HEAP_MB }, { dbPath });
  }

  private async slice(submission: number, kind: FailureTextKind, offset: number): Promise<Uint8Array | null> {
    const a = await this.thread.request({ submission, kind, offset, length: SLICE_BYTES }, SLICE_TIMEOUT_MS);
    if (!a.ok) throw new Error(`the download thread was lost: ${a.lost}`);
    return a.reply.found ? a.reply.bytes : null;
  }

  /**
   * Sends the text as an attachment, slice by slice; false (nothing sent) when the submission keeps
   * no such text. A row replaced while it is downloaded (a rejudge) may mix its slices: the page's
   * link is read again after the rejudge.
   */
  async send(res: Response, submission: number, kind: FailureTextKind, fileName: string): Promise<boolean> {
    const first = await this.slice(submission, kind, 0);
    if (first === null) return false;
    // attachment() guesses a type from the extension, so set the type after it.
    res.attachment(fileName).type('text/plain; charset=utf-8');
    let offset = first.length;
    let done = first.length < SLICE_BYTES;
    const slices = this;
    const body = new Readable({
      async read() {
        if (done) return void this.push(null);
        try {
          const next = await slices.slice(submission, kind, offset);
          if (next === null || next.length === 0) return void this.push(null);
          offset += next.length;
          done = next.length < SLICE_BYTES;
          this.push(Buffer.from(next.buffer, next.byteOffset, next.length));
        } catch (e) {
          this.destroy(e as Error);
        }
      },
    });
    body.push(Buffer.from(first.buffer, first.byteOffset, first.length));
    try {
      await pipeline(body, res);
    } catch {
      // The client went away (or the thread was lost mid-download): the response is already cut.
    }
    return true;
  }

  close(): Promise<void> {
    return this.thread.close();
  }
}
