/**
 * A LaTeX statement (problem.<lang>.tex, as problemtools writes them) as Markdown: its text with
 * the maths left as `$…$` for KaTeX, sections as headings, emphasis, lists and verbatim blocks
 * turned into their Markdown forms. Commands it does not know keep their argument's text; this is
 * a reading aid, not a LaTeX engine, and the import says so in its notes.
 */
export function latexToMarkdown(tex: string): string {
  let s = tex.replace(/\r\n/g, '\n');
  // Comments (not escaped percent signs).
  s = s.replace(/(^|[^\\])%.*$/gm, '$1');
  s = s.replace(/\\begin\{problem\}\{([^}]*)\}(?:\{[^}]*\}){0,3}/g, '');
  // The format's own macros (problemtools' problemset class): the name is problem.yaml's title,
  // an illustration is its caption (the image file is not shown here), samples are the judge's.
  s = s.replace(/\\problemname\{[^}]*\}/g, '');
  s = s.replace(/\\illustration\{[^}]*\}\{([^}]*)\}\{([^}]*)\}/g, (_, file: string, caption: string) => `\n> *Illustration (${file.trim()})${caption.trim() ? `: ${caption.trim()}` : ''}*\n`);
  s = s.replace(/\\sampletable\{[^}]*\}\{[^}]*\}\{[^}]*\}\{[^}]*\}\{[^}]*\}|\\nextsample|\\sample(?:file)?\{[^}]*\}/g, '');
  s = s.replace(/\\end\{problem\}/g, '');
  // Verbatim blocks are kept aside as they are, so nothing below rewrites their text.
  const verbatim: string[] = [];
  s = s.replace(/\\begin\{verbatim\}\n?([\s\S]*?)\\end\{verbatim\}/g, (_, body: string) => {
    verbatim.push(`\n\`\`\`\n${body.replace(/\n$/, '')}\n\`\`\`\n`);
    return `\u0000${verbatim.length - 1}\u0000`;
  });
  // TeX's quotes: ``…'' and `…' (before \texttt becomes Markdown's backticks).
  s = s.replace(/``/g, '\u201c').replace(/''/g, '\u201d').replace(/`/g, '\u2018');
  // A single quote closing one opened on its line; any other ' is an apostrophe.
  s = s.replace(/\u2018([^\u2018'\n]*)'/g, '\u2018$1\u2019');
  s = s.replace(/\\begin\{tabular\}\{[^}]*\}([\s\S]*?)\\end\{tabular\}/g, (_, body: string) => tabular(body));
  s = s.replace(/\\(?:begin|end)\{(?:center|flushleft|flushright|quote)\}/g, '');
  s = s.replace(/\\(?:sub)*section\*?\{([^}]*)\}/g, (_, t: string) => `\n## ${t}\n`);
  s = s.replace(/\\(?:textbf|bf)\{([^}]*)\}/g, '**$1**');
  s = s.replace(/\\(?:emph|textit|it)\{([^}]*)\}/g, '*$1*');
  s = s.replace(/\\texttt\{([^}]*)\}/g, '`$1`');
  s = s.replace(/\\begin\{(?:itemize|enumerate)\}|\\end\{(?:itemize|enumerate)\}/g, '');
  s = s.replace(/^\s*\\item\s*/gm, '- ');
  s = s.replace(/\\\[([\s\S]*?)\\\]/g, (_, m: string) => `\n$$${m.trim()}$$\n`);
  s = s.replace(/\\\(([\s\S]*?)\\\)/g, (_, m: string) => `$${m.trim()}$`);
  s = s.replace(/\\begin\{(equation\*?|align\*?)\}([\s\S]*?)\\end\{\1\}/g, (_, _e: string, m: string) => `\n$$${m.trim()}$$\n`);
  // Outside maths: the text commands known keep their argument; any other command is shown as
  // written (in code), never expanded: this is a reading aid, not a TeX engine.
  const TEXT = /^(?:text(?:rm|sf|up|normal|md)?|mbox|hbox|noindent|small|large|Large|normalsize|footnotesize|centering|quad|qquad|medskip|bigskip|smallskip|newline|par|ldots|dots|cdots|url|href|caption|label|ref|emph)$/;
  s = s
    .split(/(\$\$[\s\S]*?\$\$|\$[^$]*\$)/)
    .map((part, i) =>
      i % 2
        ? part
        : part
            .replace(/\\(?:ldots|dots|cdots)\b/g, '…')
            .replace(/---/g, '\u2014')
            .replace(/--/g, '\u2013')
            .replace(/\\([a-zA-Z]+)\*?(\{[^}]*\})?/g, (whole, name: string, arg?: string) => (TEXT.test(name) ? (arg ? arg.slice(1, -1) : '') : `\`${whole}\``))
            .replace(/\\([%&#_$])/g, '$1')
            .replace(/~/g, ' ')
            .replace(/\\\\/g, '\n'),
    )
    .join('');
  s = s.replace(/\u0000(\d+)\u0000/g, (_, i: string) => verbatim[Number(i)]!);
  return `${s.replace(/\n{3,}/g, '\n\n').trim()}\n`;
}

/** A tabular as a Markdown table: rows by `\\`, cells by `&` (not `\&`), rules dropped, the first row its head. */
function tabular(body: string): string {
  const rows = body
    .replace(/\\(?:hline|toprule|midrule|bottomrule)|\\cline\{[^}]*\}/g, '')
    .split(/\\\\/)
    .map((r) => r.trim())
    .filter(Boolean)
    .map((r) => r.split(/(?<!\\)&/).map((c) => c.trim().replace(/\|/g, '\\|').replace(/\n/g, ' ')));
  if (!rows.length) return '';
  const width = Math.max(...rows.map((r) => r.length));
  const line = (r: string[]) => `| ${Array.from({ length: width }, (_, i) => r[i] ?? '').join(' | ')} |`;
  return `\n\n${[line(rows[0]!), line(Array(width).fill(':-')), ...rows.slice(1).map(line)].join('\n')}\n\n`;
}
