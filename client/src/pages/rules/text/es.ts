/** Las páginas de reglas en español. */
import type { RulesText, VariantRules } from './types.js';

// Frases que comparten varias variantes, cada una completa.
const MEN_FWD = 'Los peones avanzan una casilla en diagonal.';
const MEN_BACK = `${MEN_FWD} Capturan hacia delante y hacia atrás, saltando una pieza vecina hasta la casilla libre justo detrás.`;
const MEN_FWD_ONLY = `${MEN_FWD} Solo capturan hacia delante, saltando una pieza vecina hasta la casilla libre justo detrás.`;
const FLYING =
  'Las damas vuelan: recorren cuantas casillas libres quieran por una diagonal y capturan una pieza a distancia, aterrizando en cualquier casilla libre detrás de ella.';
const SHORT_KING =
  'Las damas se mueven y capturan una sola casilla en diagonal, hacia delante y hacia atrás.';
const COMPULSORY =
  'Capturar es obligatorio, y una captura continúa mientras la pieza pueda tomar más.';
const MAJORITY = `${COMPULSORY} Hay que tomar el mayor número de piezas posible (damas y peones cuentan igual).`;
const FREE = `${COMPULSORY} Si hay varias capturas se puede elegir cualquiera: no es obligatorio tomar más.`;
const REMOVED =
  'Las piezas capturadas se retiran solo al terminar la jugada: ninguna puede saltarse dos veces.';
const PROMO_END =
  'Un peón que termina su jugada en la última fila se convierte en dama. Si solo pasa por ella durante una captura, sigue siendo peón.';
const PROMO_STOP =
  'Un peón que llega a la última fila se convierte en dama, y su jugada termina ahí.';
const WIN =
  'Se gana cuando el rival no tiene piezas o no puede mover (y por abandono o por tiempo).';
const THREEFOLD =
  'La partida es tablas cuando la misma posición aparece por tercera vez con el mismo jugador al turno.';
const AGREE = 'Los jugadores también pueden acordar tablas.';
const NOT_CONFIRMED =
  'Las reglas de tablas por número de jugadas de esta variante no se pudieron confirmar en un texto oficial, así que aquí no se aplica ninguna.';
const BOARD_8 =
  'Tablero de 8×8, 12 peones cada uno en las casillas oscuras de las tres filas más cercanas. Empiezan las blancas.';
const BOARD_8_TURNED =
  'Tablero de 8×8 girado de modo que la casilla de abajo a la izquierda sea clara; 12 peones cada uno en las casillas oscuras de las tres filas más cercanas. Empiezan las blancas.';
const INTL_BOARD =
  'Tablero de 10×10, 20 peones cada uno en las casillas oscuras de las cuatro filas más cercanas. Empiezan las blancas.';
const START = 'La posición inicial.';

const international: VariantRules = {
  name: 'Internacional',
  line: 'La gran variante mundial: 10×10, damas voladoras, captura de la mayoría.',
  board: INTL_BOARD,
  men: MEN_BACK,
  kings: FLYING,
  capture: `${MAJORITY} ${REMOVED}`,
  promotion: PROMO_END,
  win: WIN,
  draws: `${THREEFOLD} También son tablas: 25 jugadas cada uno solo con damas y sin capturas; 3 damas, 2 damas y un peón, o una dama y 2 peones contra una dama sola tras 16 jugadas cada uno; 2 damas, una dama y un peón, o una dama contra una dama tras 5 jugadas cada uno.`,
  sources: 'Reglamento oficial de las damas internacionales de la FMJD, artículos 6.2 a 6.5.',
  captions: [
    START,
    'Un peón también captura hacia atrás, y debe tomar el máximo: d4×f2×h4 (dos peones), no d4×b6 (uno).',
  ],
};

const frisian: VariantRules = {
  name: 'Frisia',
  line: 'También se captura en línea recta; es obligatoria la captura de mayor valor.',
  board: INTL_BOARD,
  men: `${MEN_FWD} Capturan hacia delante y hacia atrás, en diagonal y también en línea recta por una fila o columna: allí la pieza capturada está a dos casillas y el peón aterriza dos casillas más allá.`,
  kings:
    'Las damas vuelan: se mueven en diagonal a cualquier distancia y capturan a distancia en las ocho direcciones. Mientras su bando tenga peones, una dama puede hacer como máximo tres jugadas seguidas sin capturar; después debe mover otra pieza.',
  capture:
    'Capturar es obligatorio, y hay que tomar el mayor valor: una dama vale más que un peón pero menos que dos (1,99 peones aquí). A igual valor, una dama debe capturar si puede. Las piezas capturadas se retiran tras la jugada.',
  promotion: PROMO_END,
  win: WIN,
  draws: `${THREEFOLD} Dos damas contra una dama: tablas tras 7 jugadas cada uno; una dama contra una dama: tras 2 jugadas cada uno.`,
  sources:
    'Las reglas de la federación frisona de damas (Fryske Dambûn), tal como las aplica lidraughts.',
  captions: [START, 'En línea recta por una columna: el peón de e5 captura e7 y aterriza en e9.'],
};

export const text: RulesText = {
  title: 'Reglas de las variantes',
  pageTitle: 'Damas: reglas de las variantes',
  intro:
    'Las damas se juegan de muchas maneras. Cada variante de abajo tiene su página: su tablero, cómo mueven y capturan las piezas, cómo se gana o se hacen tablas.',
  columns: { variant: 'Variante', board: 'Tablero', summary: 'En una línea' },
  allVariants: 'Todas las variantes',
  variantTitle: (name) => `Reglas: ${name}`,
  variantPageTitle: (name) => `Damas: reglas de ${name}`,
  boardOf: (size, pieces) => `${size}×${size}, ${pieces} contra ${pieces}`,
  sections: {
    board: 'Tablero y posición inicial',
    men: 'Peones',
    kings: 'Damas',
    capture: 'Qué captura',
    promotion: 'Coronación',
    win: 'Cómo se gana',
    draws: 'Tablas',
    sources: 'Fuentes',
  },
  notYet: 'Esta variante aún no se juega en este servidor: sus diagramas llegarán con ella.',
  unknown: 'Aquí no hay ninguna variante con ese nombre. Estas son las variantes descritas:',
  legend:
    'Una flecha muestra una jugada; un círculo marca una pieza que captura (o, donde se dice, una que no puede capturar).',
  variants: {
    brazilian: {
      name: 'Brasileña',
      line: 'Las reglas internacionales en un tablero de 8×8.',
      board: BOARD_8,
      men: MEN_BACK,
      kings: FLYING,
      capture: `${MAJORITY} ${REMOVED}`,
      promotion: PROMO_END,
      win: WIN,
      draws: `${THREEFOLD} También son tablas: 20 jugadas cada uno solo con damas y sin capturas; 2 damas, una dama y un peón, o una dama contra una dama sola tras 5 jugadas cada uno.`,
      sources:
        'CBD (Confederación Brasileña de Damas), reglas oficiales para 64 casillas, regla 16; el final de 5 jugadas como en la FMJD.',
      captions: [START, 'Mayoría: e3×g5×e7 toma dos peones y debe jugarse; e3×c5 tomaría uno.'],
    },
    international,
    russian: {
      name: 'Rusa',
      line: 'Damas voladoras, captura a elección, coronación en mitad de una captura.',
      board: BOARD_8,
      men: MEN_BACK,
      kings: FLYING,
      capture: `${FREE} ${REMOVED}`,
      promotion:
        'Un peón que llega a la última fila se convierte en dama al instante, incluso en mitad de una captura, y sigue capturando como dama.',
      win: WIN,
      draws: `${THREEFOLD} También son tablas: 15 jugadas cada uno solo con damas y sin capturas; 3 damas o más contra una dama sola tras 15 jugadas; con damas en ambos bandos y el equilibrio sin cambios, tras 30 jugadas en finales de 4 y 5 piezas y 60 jugadas en los de 6 y 7.`,
      sources: 'Reglamento oficial de las damas rusas de la FMJD, artículo 7.2.',
      captions: [START, 'Coronado en d8 durante la captura, sigue como dama: f6×d8×a5.'],
    },
    english: {
      name: 'Damas inglesas (checkers)',
      line: 'Damas cortas, los peones solo capturan hacia delante, empiezan las negras.',
      board:
        'Tablero de 8×8, 12 peones cada uno en las casillas oscuras de las tres filas más cercanas. Empiezan las negras.',
      men: MEN_FWD_ONLY,
      kings: SHORT_KING,
      capture: `${FREE} ${REMOVED}`,
      promotion: PROMO_STOP,
      win: WIN,
      draws: `${THREEFOLD} También son tablas: 40 jugadas cada uno sin mover un peón ni capturar (el servidor lo aplica por sí mismo).`,
      sources:
        'Reglas del juego de checkers de la WCDF: la regla de las 40 jugadas y la repetición.',
      captions: [START, 'Aquí empiezan las negras: una captura doble b6×d4×f2.'],
    },
    pool: {
      name: 'Pool checkers (americana)',
      line: 'El pool americano: damas voladoras, los peones capturan hacia atrás, captura a elección.',
      board: BOARD_8,
      men: MEN_BACK,
      kings: FLYING,
      capture: `${FREE} ${REMOVED}`,
      promotion: PROMO_END,
      win: WIN,
      draws: `${THREEFOLD} ${NOT_CONFIRMED} ${AGREE}`,
      sources: 'Reglas de la APCA (American Pool Checker Association); solo la repetición.',
      captions: [START, 'Un peón captura hacia delante y luego hacia atrás: e5×c7×a5.'],
    },
    italian: {
      name: 'Italiana',
      line: 'Los peones no capturan damas; un orden de captura detallado; damas cortas.',
      board: BOARD_8_TURNED,
      men: `${MEN_FWD_ONLY} Un peón nunca puede capturar una dama.`,
      kings: SHORT_KING,
      capture: `${COMPULSORY} Hay que tomar el mayor número de piezas; a igualdad, capturar con dama antes que con peón; luego tomar más damas; luego tomar las damas lo antes posible en la captura. ${REMOVED}`,
      promotion: PROMO_STOP,
      win: WIN,
      draws: `${THREEFOLD} ${NOT_CONFIRMED} ${AGREE}`,
      sources: 'Reglamento de la FID (Federación Italiana de Damas); solo la repetición.',
      captions: [START, 'El peón de d3 no puede capturar la dama de e4 (marcada): captura c4.'],
    },
    spanish: {
      name: 'Española',
      line: 'Damas voladoras, los peones solo capturan hacia delante, más piezas y luego más damas.',
      board: BOARD_8_TURNED,
      men: MEN_FWD_ONLY,
      kings: FLYING,
      capture: `${COMPULSORY} Hay que tomar el mayor número de piezas; a igualdad, el mayor número de damas. ${REMOVED}`,
      promotion: PROMO_END,
      win: WIN,
      draws: `${THREEFOLD} ${NOT_CONFIRMED} ${AGREE}`,
      sources: 'Reglamento de la FEDA (Federación Española de Damas); solo la repetición.',
      captions: [START, 'Una dama captura a distancia: b1×f5 (o g6, h7).'],
    },
    czech: {
      name: 'Checa',
      line: 'Damas voladoras, los peones solo capturan hacia delante, la dama captura primero.',
      board: BOARD_8,
      men: MEN_FWD_ONLY,
      kings: FLYING,
      capture: `${COMPULSORY} Si una dama puede capturar, debe capturar una dama; si no, se elige libremente. ${REMOVED}`,
      promotion: PROMO_END,
      win: WIN,
      draws: `${THREEFOLD} ${NOT_CONFIRMED} ${AGREE}`,
      sources: 'Reglas de la ČSDS (Federación Checa de Damas); solo la repetición.',
      captions: [START, 'Debe capturar la dama (h2×d6), no el peón de c3.'],
    },
    frisian,
    frysk: {
      ...frisian,
      name: 'Frysk!',
      line: 'Las reglas frisonas con solo 5 peones cada uno, en su primera fila.',
      board:
        'Tablero de 10×10, 5 peones cada uno en las casillas oscuras de su primera fila. Empiezan las blancas.',
      sources: 'Las reglas frisonas desde una posición reducida, como lidraughts juega «Frysk!».',
      captions: [START, 'En línea recta por una fila: el peón de a5 captura c5 y aterriza en e5.'],
    },
    antidraughts: {
      ...international,
      name: 'Antidamas',
      line: 'Pierde gana: quédate sin piezas, o sin jugadas, para ganar.',
      win: 'Se gana al quedarse sin piezas o sin jugadas: lo contrario del objetivo habitual.',
      sources:
        'Las reglas internacionales con el objetivo invertido, como lidraughts juega Antidraughts.',
      captions: [
        START,
        'Las blancas deben capturar (e5×c7); las negras deben recapturar, y las blancas, sin ninguna pieza, ganan.',
      ],
    },
    breakthrough: {
      ...international,
      name: 'Breakthrough',
      line: 'Reglas internacionales: gana el primero que corona una dama.',
      win: 'El primer jugador que corona una dama gana al instante; también se gana cuando el rival no tiene piezas o no puede mover.',
      sources: 'Las reglas internacionales con otro objetivo, como lidraughts juega Breakthrough.',
      captions: [START, 'c9–d10 corona una dama y gana.'],
    },
    canadian: {
      ...international,
      name: 'Canadiense',
      line: 'Las reglas internacionales en un tablero de 12×12.',
      board:
        'Tablero de 12×12, 30 peones cada uno en las casillas oscuras de las cinco filas más cercanas. Empiezan las blancas.',
      sources:
        'Las damas canadienses como se juegan en Quebec: las reglas internacionales en 144 casillas.',
      captions: [START, 'Un peón captura hacia atrás: f6×h4.'],
    },
    thai: {
      name: 'Tailandesa (mak-hos)',
      line: 'Ocho peones cada uno; la dama aterriza justo detrás de la pieza que captura.',
      board:
        'Tablero de 8×8, 8 peones cada uno en las casillas oscuras de las dos filas más cercanas. Empiezan las blancas.',
      men: MEN_FWD_ONLY,
      kings:
        'Las damas vuelan: recorren cuantas casillas libres quieran por una diagonal. Una dama captura a distancia pero debe aterrizar en la casilla justo detrás de la pieza capturada.',
      capture:
        'Capturar es obligatorio, y una captura continúa mientras la pieza pueda tomar más; si hay varias se puede elegir cualquiera. Las piezas capturadas se retiran según se saltan, así que una dama puede volver por una línea.',
      promotion: 'Un peón que llega a la última fila se convierte en dama.',
      win: WIN,
      draws: `${THREEFOLD} ${AGREE}`,
      sources:
        'El mak-hos tailandés como lo juega el motor de damas dctl (la dama se detiene tras la pieza capturada, las piezas se retiran al capturarse). Las reglas de conteo del final no se pudieron comprobar en un texto: solo la repetición.',
      captions: [START, 'La dama captura d4 y debe aterrizar justo detrás, en e5.'],
    },
    turkish: {
      name: 'Turca (dama)',
      line: 'Las 64 casillas; las piezas van en línea recta, nunca en diagonal.',
      board:
        'Tablero de 8×8 en el que se usan todas las casillas; 16 peones cada uno en la segunda y la tercera fila de su lado. Empiezan las blancas.',
      men: 'Los peones avanzan una casilla hacia delante o de lado, nunca en diagonal ni hacia atrás. Capturan hacia delante o de lado, saltando una pieza vecina hasta la casilla libre justo detrás.',
      kings:
        'Las damas se mueven como una torre: cuantas casillas libres quieran por una fila o columna. Capturan a distancia y aterrizan en cualquier casilla libre detrás.',
      capture:
        'Capturar es obligatorio y hay que tomar el mayor número de piezas (damas y peones cuentan igual). Las piezas capturadas se retiran al instante, y una captura no puede dar media vuelta.',
      promotion:
        'Un peón que llega a la última fila se convierte en dama. Si llega durante una captura, la termina como peón y corona cuando la jugada acaba allí.',
      win: WIN,
      draws: `${THREEFOLD} También son tablas cuando a cada bando le queda una sola pieza.`,
      sources:
        'Las reglas de la federación turca de dama (las del campeonato internacional de 2021 para la coronación durante una captura) y resúmenes públicos (el motor kish, Wikipedia) para lo demás.',
      captions: [START, 'Más piezas: d3×d5×f5 toma dos y debe jugarse; d3×b3 tomaría una.'],
    },
  },
};
