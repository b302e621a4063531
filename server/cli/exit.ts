/**
 * Ends a command with `code` once everything it wrote has reached its reader. Writes to a pipe that
 * is full (a slow reader: `| less`, `| (sleep 1; cat)`) wait in the stream's queue, which a bare
 * process.exit() drops: the reader would get the first 64 KiB and a status for output it never saw.
 */
export async function exitWhenWritten(code: number): Promise<never> {
  process.exitCode = code;
  // An empty write's callback runs after every write queued before it (or with the error that ended
  // the stream: a reader gone away has nothing left to wait for).
  await Promise.all(
    [process.stdout, process.stderr].map(
      (stream) =>
        new Promise<void>((resolve) => {
          if (stream.destroyed || stream.writableEnded) resolve();
          else stream.write('', () => resolve());
        }),
    ),
  );
  process.exit(code);
}
