/**
 * The elements the analysis board and the board editor both have (each page's markup holds its
 * own copy): the board and its side and numbers, the FEN, the variant and the two tabs.
 */
export const STUDY_IDS = {
  board: 'svg',
  flip: 'button',
  numbers: 'input',
  'fen-form': 'form',
  fen: 'input',
  variant: 'select',
  'mode-analysis': 'button',
  'mode-editor': 'button',
} as const;
