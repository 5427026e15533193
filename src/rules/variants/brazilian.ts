import { defineVariant, vsLoneKing } from './define.js';

/** Brazilian draughts: the international rules on an 8x8 board (CBD). */
export const brazilian = defineVariant({
  id: 'brazilian',
  name: 'Brazilian',
  size: 8,
  a1Dark: true,
  firstToMove: 'white',
  startRows: 3,
  gameType: '26',
  menCaptureBackward: true,
  menCaptureKings: true,
  flyingKings: true,
  promoteMidCapture: false,
  captureScore: (f) => f.count,
  captureOrderMatters: false,
  draw: {
    repetitions: 3,
    kingOnlyPlies: 40,
    endgames: [
      {
        name: '5-move',
        applies: vsLoneKing({ men: 0, kings: 2 }, { men: 1, kings: 1 }, { men: 0, kings: 1 }),
        plies: 10,
      },
    ],
    // CBD official rules (summary, rule 16): "after 20 successive king moves without a capture or
    // a man moving, the game is drawn" on 64 squares (25 on 100, as FMJD). The CBD's endgame
    // move counts could not be confirmed, so only FMJD's 5-move ending is applied here.
    source: 'CBD Regras Oficiais do Jogo de Damas, 64 casas, regra 16 (empate)',
  },
});
