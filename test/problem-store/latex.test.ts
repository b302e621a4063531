import { describe, expect, it } from 'vitest';
import { latexToMarkdown } from '../../server/problem-store/latex';
import { renderUntrustedMarkdown } from '../../server/render/markdown';

describe('a LaTeX statement imported as its text', () => {
  it('keeps the maths for KaTeX and turns the structure into Markdown', () => {
    const tex = String.raw`\begin{problem}{Coins}{standard input}{standard output}{1 second}{256 megabytes}
Alice and Bob take \emph{one or two} coins; there are $n \le 10^{9}$ coins. % a comment
\section*{Input}
One line holding \texttt{n}.
\begin{itemize}
\item $1 \le n$
\end{itemize}
\[ \sum_{i=1}^{n} i \]
\begin{verbatim}
3
\end{verbatim}
50\% of the tests are small.
\end{problem}`;
    const md = latexToMarkdown(tex);
    expect(md).toContain('*one or two*');
    expect(md).toContain('$n \\le 10^{9}$');
    expect(md).toContain('## Input');
    expect(md).toContain('`n`');
    expect(md).toContain('- $1 \\le n$');
    expect(md).toContain('$$\\sum_{i=1}^{n} i$$');
    expect(md).toContain('```\n3\n```');
    expect(md).toContain('50% of the tests');
    expect(md).not.toMatch(/a comment|\\begin|\\end/);
    expect(renderUntrustedMarkdown(md)).toContain('class="katex"');
  });

  it("reads the format's own macros and shows any other command as written, never expanding it", () => {
    const md = latexToMarkdown(String.raw`\problemname{Odd Echo}
\illustration{0.3}{cave.jpg}{A cave, where echoes live}
Print every other word $w_i$\ldots
\newcommand{\evil}{\input{/etc/passwd}} \evil \input{/etc/passwd}`);
    expect(md).not.toContain('Odd Echo');
    expect(md).toContain('> *Illustration (cave.jpg): A cave, where echoes live*');
    expect(md).toContain('$w_i$…');
    expect(md).toContain('`\\newcommand{\\evil}`');
    expect(md).toContain('`\\input{/etc/passwd}`');
    expect(md).not.toContain('root:');
  });
});
