/** Les pages des règles en français. */
import type { RulesText, VariantRules } from './types.js';

// Phrases communes à plusieurs variantes, chacune entière.
const MEN_FWD = 'Les pions avancent d’une case en diagonale.';
const MEN_BACK = `${MEN_FWD} Ils prennent en avant comme en arrière, en sautant une pièce voisine vers la case libre juste derrière.`;
const MEN_FWD_ONLY = `${MEN_FWD} Ils ne prennent qu’en avant, en sautant une pièce voisine vers la case libre juste derrière.`;
const FLYING =
  'Les dames volent : elles parcourent autant de cases libres qu’elles veulent sur une diagonale, et prennent une pièce à distance en se posant sur n’importe quelle case libre derrière elle.';
const SHORT_KING =
  'Les dames se déplacent et prennent d’une seule case en diagonale, en avant comme en arrière.';
const COMPULSORY =
  'La prise est obligatoire, et une rafle continue tant que la pièce peut encore prendre.';
const MAJORITY = `${COMPULSORY} Il faut prendre le plus grand nombre de pièces possible (dames et pions comptent pareil).`;
const FREE = `${COMPULSORY} Entre plusieurs prises, on choisit librement : prendre le plus n’est pas obligatoire.`;
const REMOVED =
  'Les pièces prises ne sont retirées qu’à la fin du coup : aucune ne peut être sautée deux fois.';
const PROMO_END =
  'Un pion qui termine son coup sur la dernière rangée devient dame. Celui qui ne fait qu’y passer pendant une rafle reste pion.';
const PROMO_STOP = 'Un pion qui atteint la dernière rangée devient dame, et son coup s’arrête là.';
const WIN =
  'On gagne quand l’adversaire n’a plus de pièces ou ne peut plus jouer (ou abandonne, ou perd au temps).';
const THREEFOLD =
  'La partie est nulle quand la même position se présente pour la troisième fois avec le même joueur au trait.';
const AGREE = 'Les joueurs peuvent aussi convenir de la nullité.';
const NOT_CONFIRMED =
  'Les règles de nullité au nombre de coups de cette variante n’ont pas pu être confirmées par un texte officiel : aucune n’est appliquée ici.';
const BOARD_8 =
  'Damier de 8×8, 12 pions chacun sur les cases foncées des trois rangées les plus proches. Les blancs commencent.';
const BOARD_8_TURNED =
  'Damier de 8×8 tourné de sorte que la case en bas à gauche soit claire ; 12 pions chacun sur les cases foncées des trois rangées les plus proches. Les blancs commencent.';
const INTL_BOARD =
  'Damier de 10×10, 20 pions chacun sur les cases foncées des quatre rangées les plus proches. Les blancs commencent.';
const START = 'La position de départ.';

const international: VariantRules = {
  name: 'Internationales',
  line: 'La grande variante mondiale : 10×10, dames volantes, prise majoritaire.',
  board: INTL_BOARD,
  men: MEN_BACK,
  kings: FLYING,
  capture: `${MAJORITY} ${REMOVED}`,
  promotion: PROMO_END,
  win: WIN,
  draws: `${THREEFOLD} Nulle aussi : 25 coups chacun de dames seules sans prise ; 3 dames, 2 dames et un pion, ou une dame et 2 pions contre une dame seule après 16 coups chacun ; 2 dames, une dame et un pion, ou une dame contre une dame après 5 coups chacun.`,
  sources: 'Règlement officiel du jeu de dames international de la FMJD, articles 6.2 à 6.5.',
  captions: [
    START,
    'Un pion prend aussi en arrière, et doit prendre le plus : d4×f2×h4 (deux pions), pas d4×b6 (un seul).',
  ],
};

const frisian: VariantRules = {
  name: 'Frisonnes',
  line: 'On prend aussi en ligne droite ; la prise de plus grande valeur est obligatoire.',
  board: INTL_BOARD,
  men: `${MEN_FWD} Ils prennent en avant comme en arrière, en diagonale et aussi en ligne droite sur une rangée ou une colonne : la pièce prise est alors à deux cases, et le pion se pose deux cases derrière elle.`,
  kings:
    'Les dames volent : elles se déplacent en diagonale à toute distance et prennent à distance dans les huit directions. Tant que son camp a encore des pions, une dame peut jouer au plus trois coups de suite sans prendre ; ensuite une autre pièce doit jouer.',
  capture:
    'La prise est obligatoire, et il faut prendre la plus grande valeur : une dame vaut plus qu’un pion mais moins que deux (1,99 pion ici). À valeur égale, une dame doit prendre si elle le peut. Les pièces prises sont retirées après le coup.',
  promotion: PROMO_END,
  win: WIN,
  draws: `${THREEFOLD} Deux dames contre une dame : nulle après 7 coups chacun ; une dame contre une dame : après 2 coups chacun.`,
  sources:
    'Les règles de la fédération frisonne de dames (Fryske Dambûn), telles que lidraughts les applique.',
  captions: [START, 'En ligne droite sur une colonne : le pion e5 prend e7 et se pose en e9.'],
};

export const text: RulesText = {
  title: 'Règles des variantes',
  pageTitle: 'Damas : règles des variantes',
  intro:
    'Le jeu de dames se joue de bien des façons. Chaque variante ci-dessous a sa page : son damier, la marche et la prise des pièces, comment une partie se gagne ou finit nulle.',
  columns: { variant: 'Variante', board: 'Damier', summary: 'En une ligne' },
  allVariants: 'Toutes les variantes',
  variantTitle: (name) => `Règles : ${name}`,
  variantPageTitle: (name) => `Damas : règles, ${name}`,
  boardOf: (size, pieces) => `${size}×${size}, ${pieces} contre ${pieces}`,
  sections: {
    board: 'Damier et départ',
    men: 'Pions',
    kings: 'Dames',
    capture: 'Quelle prise',
    promotion: 'Promotion',
    win: 'Gagner',
    draws: 'Nullités',
    sources: 'Sources',
  },
  notYet:
    'Cette variante ne se joue pas encore sur ce serveur : ses diagrammes viendront avec elle.',
  unknown: 'Aucune variante de ce nom ici. Voici les variantes décrites :',
  legend:
    'Une flèche montre un coup ; un cercle marque une pièce prise (ou, quand c’est dit, une pièce qu’on ne peut pas prendre).',
  variants: {
    brazilian: {
      name: 'Brésiliennes',
      line: 'Les règles internationales sur un damier de 8×8.',
      board: BOARD_8,
      men: MEN_BACK,
      kings: FLYING,
      capture: `${MAJORITY} ${REMOVED}`,
      promotion: PROMO_END,
      win: WIN,
      draws: `${THREEFOLD} Nulle aussi : 20 coups chacun de dames seules sans prise ; 2 dames, une dame et un pion, ou une dame contre une dame seule après 5 coups chacun.`,
      sources:
        'CBD (Confédération brésilienne de dames), règles officielles sur 64 cases, règle 16 ; la finale des 5 coups comme à la FMJD.',
      captions: [
        START,
        'Prise majoritaire : e3×g5×e7 prend deux pions et doit être jouée ; e3×c5 n’en prendrait qu’un.',
      ],
    },
    international,
    russian: {
      name: 'Russes',
      line: 'Dames volantes, prise au choix, promotion au milieu d’une rafle.',
      board: BOARD_8,
      men: MEN_BACK,
      kings: FLYING,
      capture: `${FREE} ${REMOVED}`,
      promotion:
        'Un pion qui atteint la dernière rangée devient dame aussitôt, même au milieu d’une rafle, et continue de prendre en dame.',
      win: WIN,
      draws: `${THREEFOLD} Nulle aussi : 15 coups chacun de dames seules sans prise ; 3 dames ou plus contre une dame seule après 15 coups ; avec des dames des deux côtés et un équilibre inchangé, après 30 coups dans les finales à 4 et 5 pièces et 60 coups à 6 et 7 pièces.`,
      sources: 'Règles officielles des dames russes de la FMJD, article 7.2.',
      captions: [START, 'Promu en d8 pendant la rafle, le pion continue en dame : f6×d8×a5.'],
    },
    english: {
      name: 'Dames anglaises (checkers)',
      line: 'Dames courtes, les pions ne prennent qu’en avant, les noirs commencent.',
      board:
        'Damier de 8×8, 12 pions chacun sur les cases foncées des trois rangées les plus proches. Les noirs commencent.',
      men: MEN_FWD_ONLY,
      kings: SHORT_KING,
      capture: `${FREE} ${REMOVED}`,
      promotion: PROMO_STOP,
      win: WIN,
      draws: `${THREEFOLD} Nulle aussi : 40 coups chacun sans mouvement de pion ni prise (appliqué par le serveur lui-même).`,
      sources: 'Règles du jeu de checkers de la WCDF : règle des 40 coups et répétition.',
      captions: [START, 'Ici les noirs commencent : une double prise b6×d4×f2.'],
    },
    pool: {
      name: 'Pool checkers (américaines)',
      line: 'Le pool américain : dames volantes, les pions prennent en arrière, prise au choix.',
      board: BOARD_8,
      men: MEN_BACK,
      kings: FLYING,
      capture: `${FREE} ${REMOVED}`,
      promotion: PROMO_END,
      win: WIN,
      draws: `${THREEFOLD} ${NOT_CONFIRMED} ${AGREE}`,
      sources: 'Règles de l’APCA (American Pool Checker Association) ; répétition seulement.',
      captions: [START, 'Un pion prend en avant, puis en arrière : e5×c7×a5.'],
    },
    italian: {
      name: 'Italiennes',
      line: 'Les pions ne prennent pas les dames ; un ordre de prise détaillé ; dames courtes.',
      board: BOARD_8_TURNED,
      men: `${MEN_FWD_ONLY} Un pion ne peut jamais prendre une dame.`,
      kings: SHORT_KING,
      capture: `${COMPULSORY} Il faut prendre le plus de pièces ; à égalité, prendre avec une dame plutôt qu’un pion ; puis prendre le plus de dames ; puis prendre les dames le plus tôt possible dans la rafle. ${REMOVED}`,
      promotion: PROMO_STOP,
      win: WIN,
      draws: `${THREEFOLD} ${NOT_CONFIRMED} ${AGREE}`,
      sources: 'Règlement de la FID (Fédération italienne de dames) ; répétition seulement.',
      captions: [START, 'Le pion d3 ne peut pas prendre la dame e4 (cerclée) : il prend c4.'],
    },
    spanish: {
      name: 'Espagnoles',
      line: 'Dames volantes, les pions ne prennent qu’en avant, le plus de pièces puis le plus de dames.',
      board: BOARD_8_TURNED,
      men: MEN_FWD_ONLY,
      kings: FLYING,
      capture: `${COMPULSORY} Il faut prendre le plus de pièces ; à égalité, le plus de dames. ${REMOVED}`,
      promotion: PROMO_END,
      win: WIN,
      draws: `${THREEFOLD} ${NOT_CONFIRMED} ${AGREE}`,
      sources: 'Règlement de la FEDA (Fédération espagnole de dames) ; répétition seulement.',
      captions: [START, 'Une dame prend à distance : b1×f5 (ou g6, h7).'],
    },
    czech: {
      name: 'Tchèques',
      line: 'Dames volantes, les pions ne prennent qu’en avant, la dame prend en priorité.',
      board: BOARD_8,
      men: MEN_FWD_ONLY,
      kings: FLYING,
      capture: `${COMPULSORY} Si une dame peut prendre, c’est une dame qui doit prendre ; sinon on choisit librement. ${REMOVED}`,
      promotion: PROMO_END,
      win: WIN,
      draws: `${THREEFOLD} ${NOT_CONFIRMED} ${AGREE}`,
      sources: 'Règles de la ČSDS (Fédération tchèque de dames) ; répétition seulement.',
      captions: [START, 'La dame doit prendre (h2×d6), pas le pion c3.'],
    },
    frisian,
    frysk: {
      ...frisian,
      name: 'Frysk!',
      line: 'Les règles frisonnes avec 5 pions chacun seulement, sur leur première rangée.',
      board:
        'Damier de 10×10, 5 pions chacun sur les cases foncées de leur première rangée. Les blancs commencent.',
      sources: 'Les règles frisonnes depuis un départ réduit, comme lidraughts joue « Frysk! ».',
      captions: [START, 'En ligne droite sur une rangée : le pion a5 prend c5 et se pose en e5.'],
    },
    antidraughts: {
      ...international,
      name: 'Qui perd gagne',
      line: 'Qui perd gagne : perdez toutes vos pièces, ou soyez bloqué, pour gagner.',
      win: 'On gagne quand on n’a plus de pièces ou qu’on ne peut plus jouer : le contraire du but habituel.',
      sources:
        'Les règles internationales avec le but inversé, comme lidraughts joue l’Antidraughts.',
      captions: [
        START,
        'Les blancs doivent prendre (e5×c7) ; les noirs doivent reprendre, et les blancs, sans plus aucune pièce, gagnent.',
      ],
    },
    breakthrough: {
      ...international,
      name: 'Percée',
      line: 'Règles internationales : le premier à faire une dame gagne.',
      win: 'Le premier joueur qui fait une dame gagne aussitôt ; on gagne aussi quand l’adversaire n’a plus de pièces ou ne peut plus jouer.',
      sources: 'Les règles internationales avec un autre but, comme lidraughts joue Breakthrough.',
      captions: [START, 'c9–d10 fait une dame et gagne.'],
    },
    canadian: {
      ...international,
      name: 'Canadiennes',
      line: 'Les règles internationales sur un damier de 12×12.',
      board:
        'Damier de 12×12, 30 pions chacun sur les cases foncées des cinq rangées les plus proches. Les blancs commencent.',
      sources:
        'Les dames canadiennes comme on les joue au Québec : les règles internationales sur 144 cases.',
      captions: [START, 'Un pion prend en arrière : f6×h4.'],
    },
    thai: {
      name: 'Thaïlandaises (mak-hos)',
      line: 'Huit pions chacun ; une dame se pose juste derrière la pièce qu’elle prend.',
      board:
        'Damier de 8×8, 8 pions chacun sur les cases foncées des deux rangées les plus proches. Les blancs commencent.',
      men: MEN_FWD_ONLY,
      kings:
        'Les dames volent : elles parcourent autant de cases libres qu’elles veulent sur une diagonale. Une dame prend à distance mais doit se poser sur la case juste derrière la pièce prise.',
      capture:
        'La prise est obligatoire, et une rafle continue tant que la pièce peut encore prendre ; entre plusieurs prises, on choisit librement. Les pièces prises sont retirées au fur et à mesure, si bien qu’une dame peut revenir sur une ligne.',
      promotion: 'Un pion qui atteint la dernière rangée devient dame.',
      win: WIN,
      draws: `${THREEFOLD} ${AGREE}`,
      sources:
        'Le mak-hos thaïlandais tel que le joue le moteur de dames dctl (la dame s’arrête derrière la pièce prise, les pièces sont retirées au fur et à mesure). Les règles de décompte des finales n’ont pas pu être vérifiées dans un texte : répétition seulement.',
      captions: [START, 'La dame prend d4 et doit se poser juste derrière, en e5.'],
    },
    turkish: {
      name: 'Turques (dama)',
      line: 'Les 64 cases ; les pièces vont en ligne droite, jamais en diagonale.',
      board:
        'Damier de 8×8 dont toutes les cases servent ; 16 pions chacun sur les deuxième et troisième rangées de leur côté. Les blancs commencent.',
      men: 'Les pions avancent d’une case tout droit ou sur le côté, jamais en diagonale ni en arrière. Ils prennent en avant ou sur le côté, en sautant une pièce voisine vers la case libre juste derrière.',
      kings:
        'Les dames se déplacent comme une tour : autant de cases libres qu’elles veulent sur une rangée ou une colonne. Elles prennent à distance et se posent sur n’importe quelle case libre derrière.',
      capture:
        'La prise est obligatoire et il faut prendre le plus de pièces (dames et pions comptent pareil). Les pièces prises sont retirées aussitôt, et une rafle ne peut pas faire demi-tour.',
      promotion:
        'Un pion qui atteint la dernière rangée devient dame. S’il y arrive pendant une rafle, il la termine en pion et n’est promu que si le coup s’achève là.',
      win: WIN,
      draws: `${THREEFOLD} La partie est nulle aussi quand il reste une pièce de chaque côté.`,
      sources:
        'Les règles de la fédération turque de dama (celles du championnat international de 2021 pour la promotion pendant une rafle), et des résumés publics (le moteur kish, Wikipédia) pour le reste.',
      captions: [
        START,
        'Le plus de pièces : d3×d5×f5 en prend deux et doit être jouée ; d3×b3 n’en prendrait qu’une.',
      ],
    },
  },
};
