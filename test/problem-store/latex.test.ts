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

  it('as real packages write them: quotes, dashes, a tabular of groups as a table, verbatim kept as written', () => {
    // The shapes of the format's own examples (hello's ``quotes'', oddecho's scoring table, guess's
    // itemized \texttt answers), written here.
    // § stands for a backtick (TeX's opening quote), which a template literal cannot hold.
    const md = latexToMarkdown(String.raw`\problemname{Groups}
Print §§Hello World!'' --- or §hi'; pages 1--2.
\begin{itemize}
\item §§\texttt{lower}'' if lower
\end{itemize}
\noindent
\begin{tabular}{| l | l | l |}
  \hline
  Group & Points & Constraints \\ \hline
  $1$ & $1$ & $N$ is $5$, $|x| \le 1$ \\ \hline
  $2$ & $1$ & No further constraints, 5\% \& more \\ \hline
\end{tabular}
\begin{verbatim}
a -- b §§c'' \texttt{d}
\end{verbatim}`.replace(/§/g, '`'));
    expect(md).toContain('Print “Hello World!” — or ‘hi’; pages 1–2.');
    expect(md).toContain('- “`lower`” if lower');
    expect(md).toContain('| Group | Points | Constraints |\n| :- | :- | :- |\n| $1$ | $1$ | $N$ is $5$, $\\|x\\| \\le 1$ |\n| $2$ | $1$ | No further constraints, 5% & more |');
    expect(md).toContain("```\na -- b ``c'' \\texttt{d}\n```");
    const html = renderUntrustedMarkdown(md);
    expect(html).toMatch(/<table>[\s\S]*<th[^>]*>Group<\/th>[\s\S]*No further constraints, 5% &amp; more[\s\S]*<\/table>/);
    expect(html).toContain('class="katex"');
  });
});
