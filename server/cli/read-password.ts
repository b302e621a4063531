/**
 * A password as one line of standard input: piped (`echo pw | npm run accounts -- add-teacher ann`)
 * or typed at a terminal, where it is not echoed.
 */
export async function readPassword(prompt: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    let text = '';
    for await (const chunk of stdin) {
      text += String(chunk);
      if (text.includes('\n')) break;
    }
    return text.split(/\r?\n/)[0] ?? '';
  }
  process.stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let typed = '';
    const onData = (chars: string): void => {
      for (const c of chars) {
        if (c === '\r' || c === '\n') return done(typed);
        if (c === '\u0003') return fail();
        if (c === '\u007f' || c === '\b') typed = typed.slice(0, -1);
        else typed += c;
      }
    };
    const finish = (): void => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
    };
    const done = (line: string): void => {
      finish();
      resolve(line);
    };
    const fail = (): void => {
      finish();
      reject(new Error('cancelled'));
    };
    stdin.on('data', onData);
  });
}
