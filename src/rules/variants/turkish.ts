import { defineVariant } from './define.js';

/**
 * Turkish draughts (dama): all 64 squares, 16 men a side on rows 2-3; men move and capture one
 * square forward or sideways, kings along rows and columns like a rook, capturing from afar and
 * landing anywhere beyond; the most pieces must be taken (kings count as men); taken pieces leave
 * the board at once; no 180-degree turn within a chain; a man that reaches the far row during a
 * capture finishes it as a man and is crowned when the move ends there. Sources: the 2021
 * International Turkish Dama Championship rules (turkdamasi.org.tr, rule 1h: a man crowned by a
 * capture stays a man for the rest of it), the Dama Federasyonu's tournament rules
 * (damafederasyonu.org.tr, Turnuva kuralları 2018/2019, rule 1: white starts); the Türk daması
 * rules guide on damaakademisi.com, 19b: one piece each, even a king, is a draw; kish (a Rust
 * engine) and Wikipedia for the rest. Where the texts disagree: draughts.github.io (its rule 6)
 * lets the crowned man go on capturing as a king, as issue 31 first built it; the federation's
 * rule is followed (the issue: where texts disagree, the national federation's), and Wikipedia
 * ("promoted to a king at the end of the move") agrees with it.
 */
export const turkish = defineVariant({
  id: 'turkish',
  name: 'Turkish',
  size: 8,
  a1Dark: 'all',
  firstToMove: 'white',
  startRows: 2,
  initialFen: 'W:W41-56:B9-24',
  gameType: '30',
  menCaptureBackward: false,
  menCaptureKings: true,
  flyingKings: true,
  promoteMidCapture: false,
  captureScore: (f) => f.count,
  captureOrderMatters: false,
  movement: 'orthogonal',
  captureLines: 'orthogonal',
  removeAtOnce: true,
  draw: {
    repetitions: 3,
    kingOnlyPlies: 0,
    endgames: [
      // One piece each (man or king): drawn at once.
      {
        name: 'one-each',
        applies: (s, w) => s.men + s.kings === 1 && w.men + w.kings === 1,
        plies: 0,
      },
    ],
    source: 'Turkish draughts rules (threefold repetition; one piece each)',
  },
});
