/** Extension (v1.11): a player's settings (GET/PATCH /api/players/me/settings). */

export const BOARD_THEMES = ['wood', 'green', 'blue', 'grey'] as const;
export type BoardTheme = (typeof BOARD_THEMES)[number];

export const PIECE_STYLES = ['flat', 'classic', 'outline'] as const;
export type PieceStyle = (typeof PIECE_STYLES)[number];

/** v1.16: the page's colours: the system's (prefers-color-scheme), or always light or dark. */
export const COLOR_SCHEMES = ['system', 'light', 'dark'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];

export const LANGUAGES = ['en', 'pt-BR', 'es', 'ru', 'fr', 'nl'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface PlayerSettings {
  boardTheme: BoardTheme;
  pieceStyle: PieceStyle;
  colorScheme: ColorScheme;
  /** The board's coordinates on its edges: files a-h (a-j) and ranks 1-8 (1-10). */
  coordinates: boolean;
  /** The PDN square numbers on the board's dark squares. */
  squareNumbers: boolean;
  premoves: boolean;
  /** Whether opponents may ask for takebacks (off: no takebacks in this player's games). */
  takebacks: boolean;
  sounds: boolean;
  /** null: the browser's language. */
  language: Language | null;
  /** v1.19: which notifications are made for this player (off: none stored or said). */
  notifyYourTurn: boolean;
  notifyChallenges: boolean;
  notifyTournaments: boolean;
  notifyFollowed: boolean;
  /** v1.19: the browser's own notification for "your turn" while the tab is hidden. */
  browserNotify: boolean;
  /** v1.19: the tab's title flashes while a "your turn" waits unseen. */
  titleFlash: boolean;
}

export const DEFAULT_SETTINGS: PlayerSettings = {
  boardTheme: 'wood',
  pieceStyle: 'flat',
  colorScheme: 'system',
  coordinates: true,
  squareNumbers: false,
  premoves: true,
  takebacks: true,
  sounds: true,
  language: null,
  notifyYourTurn: true,
  notifyChallenges: true,
  notifyTournaments: true,
  notifyFollowed: true,
  browserNotify: false,
  titleFlash: true,
};
