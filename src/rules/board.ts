/**
 * Square contents, one byte each in an Int8Array indexed by square (PDN number - 1).
 * Bit flags keep the generator's tests to one AND: "is it an enemy piece still on the board".
 */
export const EMPTY = 0;
export const WHITE = 1;
export const BLACK = 2;
export const KING = 4;
/** Set only while a capture chain is being explored: the piece is taken but still blocks. */
export const CAPTURED = 8;

export const WHITE_MAN = WHITE;
export const WHITE_KING = WHITE | KING;
export const BLACK_MAN = BLACK;
export const BLACK_KING = BLACK | KING;
