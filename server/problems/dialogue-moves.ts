/**
 * Move numbers for an interactive problem's dialogue, counted as its interactor counts them (its
 * messages cite "move 7"). Data per problem, beside the case layouts (server/problems/case-layout.ts).
 */
export interface DialogueLayout {
  /** Lines before the first move (non-blank), e.g. the judge's `N L R` and the program's side. */
  headerLines: number;
  /** The header line by which the program takes the first move; any other header means second. */
  programFirstIf: string;
  /** Lines that end the game rather than move (the judge's "no move left" and "illegal"). */
  notMoves: readonly string[];
}

export const DIALOGUE_LAYOUTS: Readonly<Record<string, DialogueLayout>> = {
  'subtraction-game': { headerLines: 2, programFirstIf: '> First', notMoves: ['< 0 0', '< -1 -1'] },
};

export interface DialogueLine {
  text: string;
  /** The move this line plays; null for the header, blank lines and the game's end. */
  move: number | null;
}

/**
 * Numbers each side's moves by its own count (moves alternate), so a program that writes ahead of
 * the judge's reply still has its lines numbered as the interactor reads them.
 */
export function numberMoves(layout: DialogueLayout, dialogue: string): DialogueLine[] {
  const lines = dialogue.replace(/\n$/, '').split('\n');
  const header: string[] = [];
  let programFirst = false;
  const count = { '>': 0, '<': 0 };
  return lines.map((text) => {
    const side = text.startsWith('> ') ? '>' : text.startsWith('< ') ? '<' : null;
    const content = text.slice(2).trim();
    if (side === null || content === '') return { text, move: null };
    if (header.length < layout.headerLines) {
      header.push(`${side} ${content}`);
      programFirst = header.includes(layout.programFirstIf);
      return { text, move: null };
    }
    if (layout.notMoves.includes(`${side} ${content}`)) return { text, move: null };
    const k = ++count[side];
    const moversTurnFirst = (side === '>') === programFirst;
    return { text, move: moversTurnFirst ? 2 * k - 1 : 2 * k };
  });
}

/** A problem's dialogue with its moves numbered, or null when the problem has no dialogue layout. */
export function dialogueMovesOf(problem: string, dialogue: string | null): DialogueLine[] | null {
  const layout = DIALOGUE_LAYOUTS[problem];
  return layout && dialogue !== null ? numberMoves(layout, dialogue) : null;
}
