/** As páginas de regras em português do Brasil. */
import type { RulesText, VariantRules } from './types.js';

// Frases que várias variantes compartilham, cada uma inteira.
const MEN_FWD = 'As pedras andam uma casa na diagonal, para a frente.';
const MEN_BACK = `${MEN_FWD} Capturam para a frente e para trás, saltando uma peça vizinha até a casa vazia logo atrás dela.`;
const MEN_FWD_ONLY = `${MEN_FWD} Só capturam para a frente, saltando uma peça vizinha até a casa vazia logo atrás dela.`;
const FLYING =
  'As damas são de longo alcance: andam quantas casas vazias quiserem numa diagonal e capturam uma peça à distância, parando em qualquer casa vazia depois dela.';
const SHORT_KING = 'As damas andam e capturam uma só casa na diagonal, para a frente e para trás.';
const COMPULSORY = 'A captura é obrigatória, e continua enquanto a peça puder capturar mais.';
const MAJORITY = `${COMPULSORY} É preciso capturar o maior número de peças possível (damas e pedras valem o mesmo).`;
const FREE = `${COMPULSORY} Havendo várias capturas, pode-se escolher qualquer uma: capturar mais não é obrigatório.`;
const REMOVED =
  'As peças capturadas só saem do tabuleiro ao fim do lance: nenhuma pode ser saltada duas vezes.';
const PROMO_END =
  'Uma pedra que termina o lance na última fileira vira dama. A que apenas passa por ela durante uma captura continua pedra.';
const PROMO_STOP = 'Uma pedra que chega à última fileira vira dama, e o lance termina ali.';
const WIN =
  'Vence quem deixa o adversário sem peças ou sem lances (e também por desistência ou tempo).';
const THREEFOLD =
  'A partida empata quando a mesma posição se repete pela terceira vez com o mesmo jogador a jogar.';
const AGREE = 'Os jogadores também podem combinar o empate.';
const NOT_CONFIRMED =
  'As regras de empate por número de lances desta variante não puderam ser confirmadas num texto oficial, por isso nenhuma é aplicada aqui.';
const BOARD_8 =
  'Tabuleiro de 8×8, 12 pedras para cada lado nas casas escuras das três fileiras mais próximas. As brancas começam.';
const BOARD_8_TURNED =
  'Tabuleiro de 8×8 virado de modo que a casa do canto inferior esquerdo seja clara; 12 pedras para cada lado nas casas escuras das três fileiras mais próximas. As brancas começam.';
const INTL_BOARD =
  'Tabuleiro de 10×10, 20 pedras para cada lado nas casas escuras das quatro fileiras mais próximas. As brancas começam.';
const START = 'A posição inicial.';

const international: VariantRules = {
  name: 'Internacional',
  line: 'A grande variante mundial: 10×10, damas de longo alcance, lei da maioria.',
  board: INTL_BOARD,
  men: MEN_BACK,
  kings: FLYING,
  capture: `${MAJORITY} ${REMOVED}`,
  promotion: PROMO_END,
  win: WIN,
  draws: `${THREEFOLD} Também é empate: 25 lances de cada lado só com damas e sem captura; 3 damas, 2 damas e uma pedra, ou uma dama e 2 pedras contra uma dama sozinha após 16 lances de cada lado; 2 damas, uma dama e uma pedra, ou uma dama contra uma dama após 5 lances de cada lado.`,
  sources: 'Regras oficiais do jogo de damas internacional da FMJD, artigos 6.2 a 6.5.',
  captions: [
    START,
    'A pedra também captura para trás, e deve capturar o máximo: d4×f2×h4 (duas pedras), não d4×b6 (uma).',
  ],
};

const frisian: VariantRules = {
  name: 'Frísia',
  line: 'Captura também em linha reta; a captura de maior valor é obrigatória.',
  board: INTL_BOARD,
  men: `${MEN_FWD} Capturam para a frente e para trás, na diagonal e também em linha reta numa fileira ou coluna: aí a peça capturada fica a duas casas, e a pedra para duas casas depois dela.`,
  kings:
    'As damas são de longo alcance: andam na diagonal a qualquer distância e capturam à distância nas oito direções. Enquanto o seu lado ainda tiver pedras, uma dama pode fazer no máximo três lances seguidos sem capturar; depois outra peça deve jogar.',
  capture:
    'A captura é obrigatória, e deve-se capturar o maior valor: uma dama vale mais que uma pedra e menos que duas (1,99 pedra aqui). Com valor igual, a dama deve capturar se puder. As peças capturadas saem após o lance.',
  promotion: PROMO_END,
  win: WIN,
  draws: `${THREEFOLD} Duas damas contra uma dama: empate após 7 lances de cada lado; uma dama contra uma dama: após 2 lances de cada lado.`,
  sources: 'As regras da federação frísia de damas (Fryske Dambûn), como o lidraughts as aplica.',
  captions: [START, 'Em linha reta numa coluna: a pedra de e5 captura e7 e para em e9.'],
};

export const text: RulesText = {
  title: 'Regras das variantes',
  pageTitle: 'Damas: regras das variantes',
  intro:
    'O jogo de damas tem muitas formas. Cada variante abaixo tem a sua página: o tabuleiro, como as peças andam e capturam, como se vence ou se empata.',
  columns: { variant: 'Variante', board: 'Tabuleiro', summary: 'Em uma linha' },
  allVariants: 'Todas as variantes',
  variantTitle: (name) => `Regras: ${name}`,
  variantPageTitle: (name) => `Damas: regras, ${name}`,
  boardOf: (size, pieces) => `${size}×${size}, ${pieces} contra ${pieces}`,
  sections: {
    board: 'Tabuleiro e posição inicial',
    men: 'Pedras',
    kings: 'Damas',
    capture: 'Qual captura',
    promotion: 'Promoção',
    win: 'Vitória',
    draws: 'Empates',
    sources: 'Fontes',
  },
  notYet: 'Esta variante ainda não é jogada neste servidor: os diagramas virão com ela.',
  unknown: 'Não há nenhuma variante com esse nome aqui. Estas são as variantes descritas:',
  legend:
    'Uma seta mostra um lance; um círculo marca uma peça capturada (ou, quando indicado, uma que não pode ser capturada).',
  variants: {
    brazilian: {
      name: 'Brasileira',
      line: 'As regras internacionais num tabuleiro de 8×8.',
      board: BOARD_8,
      men: MEN_BACK,
      kings: FLYING,
      capture: `${MAJORITY} ${REMOVED}`,
      promotion: PROMO_END,
      win: WIN,
      draws: `${THREEFOLD} Também é empate: 20 lances de cada lado só com damas e sem captura; 2 damas, uma dama e uma pedra, ou uma dama contra uma dama sozinha após 5 lances de cada lado.`,
      sources:
        'CBD (Confederação Brasileira de Damas), regras oficiais do jogo de 64 casas, regra 16; o final de 5 lances como na FMJD.',
      captions: [
        START,
        'Lei da maioria: e3×g5×e7 captura duas pedras e é obrigatória; e3×c5 capturaria uma.',
      ],
    },
    international,
    russian: {
      name: 'Russa',
      line: 'Damas de longo alcance, captura à escolha, promoção no meio da captura.',
      board: BOARD_8,
      men: MEN_BACK,
      kings: FLYING,
      capture: `${FREE} ${REMOVED}`,
      promotion:
        'Uma pedra que chega à última fileira vira dama na hora, mesmo no meio de uma captura, e continua capturando como dama.',
      win: WIN,
      draws: `${THREEFOLD} Também é empate: 15 lances de cada lado só com damas e sem captura; 3 damas ou mais contra uma dama sozinha após 15 lances; com damas dos dois lados e o equilíbrio inalterado, após 30 lances em finais de 4 e 5 peças e 60 lances nos de 6 e 7.`,
      sources: 'Regras oficiais das damas russas da FMJD, artigo 7.2.',
      captions: [START, 'Promovida em d8 durante a captura, segue como dama: f6×d8×a5.'],
    },
    english: {
      name: 'Damas inglesas (checkers)',
      line: 'Damas curtas, pedras só capturam para a frente, as pretas começam.',
      board:
        'Tabuleiro de 8×8, 12 pedras para cada lado nas casas escuras das três fileiras mais próximas. As pretas começam.',
      men: MEN_FWD_ONLY,
      kings: SHORT_KING,
      capture: `${FREE} ${REMOVED}`,
      promotion: PROMO_STOP,
      win: WIN,
      draws: `${THREEFOLD} Também é empate: 40 lances de cada lado sem mover pedra nem capturar (aplicado pelo próprio servidor).`,
      sources: 'Regras do jogo de checkers da WCDF: a regra dos 40 lances e a repetição.',
      captions: [START, 'Aqui as pretas começam: uma captura dupla b6×d4×f2.'],
    },
    pool: {
      name: 'Pool checkers (americana)',
      line: 'O pool americano: damas de longo alcance, pedras capturam para trás, captura à escolha.',
      board: BOARD_8,
      men: MEN_BACK,
      kings: FLYING,
      capture: `${FREE} ${REMOVED}`,
      promotion: PROMO_END,
      win: WIN,
      draws: `${THREEFOLD} ${NOT_CONFIRMED} ${AGREE}`,
      sources: 'Regras da APCA (American Pool Checker Association); só a repetição.',
      captions: [START, 'A pedra captura para a frente e depois para trás: e5×c7×a5.'],
    },
    italian: {
      name: 'Italiana',
      line: 'Pedras não capturam damas; uma ordem de captura detalhada; damas curtas.',
      board: BOARD_8_TURNED,
      men: `${MEN_FWD_ONLY} Uma pedra nunca pode capturar uma dama.`,
      kings: SHORT_KING,
      capture: `${COMPULSORY} Deve-se capturar o maior número de peças; em empate, capturar com dama em vez de pedra; depois, o maior número de damas; depois, as damas o mais cedo possível na captura. ${REMOVED}`,
      promotion: PROMO_STOP,
      win: WIN,
      draws: `${THREEFOLD} ${NOT_CONFIRMED} ${AGREE}`,
      sources: 'Regulamento da FID (Federação Italiana de Damas); só a repetição.',
      captions: [START, 'A pedra de d3 não pode capturar a dama de e4 (marcada): captura c4.'],
    },
    spanish: {
      name: 'Espanhola',
      line: 'Damas de longo alcance, pedras só capturam para a frente, mais peças e depois mais damas.',
      board: BOARD_8_TURNED,
      men: MEN_FWD_ONLY,
      kings: FLYING,
      capture: `${COMPULSORY} Deve-se capturar o maior número de peças; em empate, o maior número de damas. ${REMOVED}`,
      promotion: PROMO_END,
      win: WIN,
      draws: `${THREEFOLD} ${NOT_CONFIRMED} ${AGREE}`,
      sources: 'Regulamento da FEDA (Federação Espanhola de Damas); só a repetição.',
      captions: [START, 'A dama captura à distância: b1×f5 (ou g6, h7).'],
    },
    czech: {
      name: 'Tcheca',
      line: 'Damas de longo alcance, pedras só capturam para a frente, a dama captura primeiro.',
      board: BOARD_8,
      men: MEN_FWD_ONLY,
      kings: FLYING,
      capture: `${COMPULSORY} Se uma dama pode capturar, é uma dama que deve capturar; senão, a escolha é livre. ${REMOVED}`,
      promotion: PROMO_END,
      win: WIN,
      draws: `${THREEFOLD} ${NOT_CONFIRMED} ${AGREE}`,
      sources: 'Regras da ČSDS (Federação Tcheca de Damas); só a repetição.',
      captions: [START, 'A dama deve capturar (h2×d6), não a pedra de c3.'],
    },
    frisian,
    frysk: {
      ...frisian,
      name: 'Frysk!',
      line: 'As regras frísias com só 5 pedras de cada lado, na primeira fileira de cada um.',
      board:
        'Tabuleiro de 10×10, 5 pedras para cada lado nas casas escuras da sua primeira fileira. As brancas começam.',
      sources:
        'As regras frísias a partir de uma posição reduzida, como o lidraughts joga “Frysk!”.',
      captions: [START, 'Em linha reta numa fileira: a pedra de a5 captura c5 e para em e5.'],
    },
    antidraughts: {
      ...international,
      name: 'Antidamas',
      line: 'Quem perde ganha: fique sem peças, ou sem lances, para vencer.',
      win: 'Vence quem fica sem peças ou sem lances: o contrário do objetivo habitual.',
      sources:
        'As regras internacionais com o objetivo invertido, como o lidraughts joga Antidraughts.',
      captions: [
        START,
        'As brancas devem capturar (e5×c7); as pretas devem recapturar, e as brancas, sem nenhuma peça, vencem.',
      ],
    },
    breakthrough: {
      ...international,
      name: 'Breakthrough',
      line: 'Regras internacionais: vence quem fizer dama primeiro.',
      win: 'O primeiro jogador a fazer dama vence na hora; também vence quem deixa o adversário sem peças ou sem lances.',
      sources: 'As regras internacionais com outro objetivo, como o lidraughts joga Breakthrough.',
      captions: [START, 'c9–d10 faz dama e vence.'],
    },
    canadian: {
      ...international,
      name: 'Canadense',
      line: 'As regras internacionais num tabuleiro de 12×12.',
      board:
        'Tabuleiro de 12×12, 30 pedras para cada lado nas casas escuras das cinco fileiras mais próximas. As brancas começam.',
      sources:
        'As damas canadenses como se jogam no Québec: as regras internacionais em 144 casas.',
      captions: [START, 'A pedra captura para trás: f6×h4.'],
    },
    thai: {
      name: 'Tailandesa (mak-hos)',
      line: 'Oito pedras de cada lado; a dama para logo atrás da peça que captura.',
      board:
        'Tabuleiro de 8×8, 8 pedras para cada lado nas casas escuras das duas fileiras mais próximas. As brancas começam.',
      men: MEN_FWD_ONLY,
      kings:
        'As damas são de longo alcance: andam quantas casas vazias quiserem numa diagonal. A dama captura à distância, mas deve parar na casa logo atrás da peça capturada.',
      capture:
        'A captura é obrigatória, e continua enquanto a peça puder capturar mais; havendo várias, a escolha é livre. As peças capturadas saem à medida que são saltadas, então a dama pode voltar por uma linha.',
      promotion: 'Uma pedra que chega à última fileira vira dama.',
      win: WIN,
      draws: `${THREEFOLD} ${AGREE}`,
      sources:
        'O mak-hos tailandês como o motor de damas dctl o joga (a dama para logo atrás da peça capturada, as peças saem à medida que são capturadas). As regras de contagem de final não puderam ser verificadas num texto: só a repetição.',
      captions: [START, 'A dama captura d4 e deve parar logo atrás, em e5.'],
    },
    turkish: {
      name: 'Turca (dama)',
      line: 'Todas as 64 casas; as peças andam em linha reta, nunca na diagonal.',
      board:
        'Tabuleiro de 8×8 em que todas as casas são usadas; 16 pedras para cada lado na segunda e na terceira fileira do seu lado. As brancas começam.',
      men: 'As pedras andam uma casa para a frente ou para o lado, nunca na diagonal nem para trás. Capturam para a frente ou para o lado, saltando uma peça vizinha até a casa vazia logo atrás dela.',
      kings:
        'As damas andam como uma torre: quantas casas vazias quiserem numa fileira ou coluna. Capturam à distância e param em qualquer casa vazia depois.',
      capture:
        'A captura é obrigatória e deve-se capturar o maior número de peças (damas e pedras valem o mesmo). As peças capturadas saem na hora, e uma captura não pode voltar pelo caminho de onde veio.',
      promotion:
        'Uma pedra que chega à última fileira vira dama. Se chegar durante uma captura, termina a captura como pedra e é promovida quando o lance acaba ali.',
      win: WIN,
      draws: `${THREEFOLD} Também é empate quando cada lado fica com uma só peça.`,
      sources:
        'As regras da federação turca de dama (as do campeonato internacional de 2021 para a promoção durante uma captura) e resumos públicos (o motor kish, a Wikipédia) para o resto.',
      captions: [START, 'Mais peças: d3×d5×f5 captura duas e é obrigatória; d3×b3 capturaria uma.'],
    },
  },
};
