/** De spelregelpagina's in het Nederlands. */
import type { RulesText, VariantRules } from './types.js';

// Zinnen die meerdere varianten delen, elk een hele zin.
const MEN_FWD = 'Schijven gaan één veld diagonaal vooruit.';
const MEN_BACK = `${MEN_FWD} Ze slaan vooruit en achteruit, door over een aangrenzend stuk heen te springen naar het lege veld er direct achter.`;
const MEN_FWD_ONLY = `${MEN_FWD} Ze slaan alleen vooruit, door over een aangrenzend stuk heen te springen naar het lege veld er direct achter.`;
const FLYING =
  'Dammen zijn lang: ze gaan over een diagonaal zoveel lege velden als ze willen, en slaan een stuk op afstand, met een landing op elk leeg veld erachter.';
const SHORT_KING = 'Dammen gaan en slaan één veld diagonaal, vooruit en achteruit.';
const COMPULSORY = 'Slaan is verplicht, en een slag gaat door zolang het stuk nog meer kan slaan.';
const MAJORITY = `${COMPULSORY} Je moet zoveel mogelijk stukken slaan (dammen en schijven tellen even zwaar).`;
const FREE = `${COMPULSORY} Zijn er meerdere slagen, dan mag je kiezen: de meeste stukken slaan is niet verplicht.`;
const REMOVED =
  'Geslagen stukken worden pas na afloop van de zet van het bord genomen: geen stuk mag twee keer worden overgesprongen.';
const PROMO_END =
  'Een schijf die haar zet op de achterste rij beëindigt, wordt dam. Een schijf die daar tijdens een slag alleen langskomt, blijft schijf.';
const PROMO_STOP = 'Een schijf die de achterste rij bereikt, wordt dam, en haar zet eindigt daar.';
const WIN =
  'Je wint als je tegenstander geen stukken meer heeft of niet meer kan zetten (en bij opgave of tijdoverschrijding).';
const THREEFOLD =
  'Een partij is remise als dezelfde stand voor de derde keer ontstaat met dezelfde speler aan zet.';
const AGREE = 'Spelers kunnen ook remise overeenkomen.';
const NOT_CONFIRMED =
  'Remiseregels op zettental van deze variant konden niet uit een officiële tekst worden bevestigd, dus hier geldt er geen.';
const BOARD_8 =
  'Bord van 8×8, ieder 12 schijven op de donkere velden van de drie dichtstbijzijnde rijen. Wit begint.';
const BOARD_8_TURNED =
  'Bord van 8×8, zo gedraaid dat het veld linksonder licht is; ieder 12 schijven op de donkere velden van de drie dichtstbijzijnde rijen. Wit begint.';
const INTL_BOARD =
  'Bord van 10×10, ieder 20 schijven op de donkere velden van de vier dichtstbijzijnde rijen. Wit begint.';
const START = 'De beginstand.';

const international: VariantRules = {
  name: 'Internationaal',
  line: 'De grote wereldvariant: 10×10, lange dammen, meerslag verplicht.',
  board: INTL_BOARD,
  men: MEN_BACK,
  kings: FLYING,
  capture: `${MAJORITY} ${REMOVED}`,
  promotion: PROMO_END,
  win: WIN,
  draws: `${THREEFOLD} Ook remise: 25 zetten elk met alleen dammen en zonder slag; 3 dammen, 2 dammen en een schijf, of een dam en 2 schijven tegen een losse dam na 16 zetten elk; 2 dammen, een dam en een schijf, of een dam tegen een dam na 5 zetten elk.`,
  sources:
    'Officieel spelreglement van de FMJD voor het internationale damspel, artikelen 6.2–6.5.',
  captions: [
    START,
    'Een schijf slaat ook achteruit, en moet de meeste slaan: d4×f2×h4 (twee schijven), niet d4×b6 (één).',
  ],
};

const frisian: VariantRules = {
  name: 'Fries',
  line: 'Ook recht slaan langs rijen en lijnen; de slag met de hoogste waarde is verplicht.',
  board: INTL_BOARD,
  men: `${MEN_FWD} Ze slaan vooruit en achteruit, diagonaal en ook recht langs een rij of lijn: daar staat het geslagen stuk twee velden verder en landt de schijf twee velden erachter.`,
  kings:
    'Dammen zijn lang: ze gaan diagonaal over elke afstand en slaan op afstand in alle acht richtingen. Zolang zijn kant nog schijven heeft, mag een dam hoogstens drie keer achter elkaar zetten zonder te slaan; daarna moet een ander stuk zetten.',
  capture:
    'Slaan is verplicht, en je moet de hoogste waarde slaan: een dam is meer waard dan één schijf maar minder dan twee (hier 1,99 schijf). Bij gelijke waarde moet een dam slaan als hij kan. Geslagen stukken gaan na de zet van het bord.',
  promotion: PROMO_END,
  win: WIN,
  draws: `${THREEFOLD} Twee dammen tegen één dam: remise na 7 zetten elk; één dam tegen één dam: na 2 zetten elk.`,
  sources: 'Het reglement van de Fryske Dambûn (Friese dambond), zoals lidraughts het toepast.',
  captions: [START, 'Recht langs een lijn: de schijf op e5 slaat e7 en landt op e9.'],
};

export const text: RulesText = {
  title: 'Spelregels van de varianten',
  pageTitle: 'Damas: spelregels van de varianten',
  intro:
    'Dammen wordt op veel manieren gespeeld. Elke variant hieronder heeft een eigen pagina: het bord, hoe de stukken gaan en slaan, hoe een partij gewonnen of remise wordt.',
  columns: { variant: 'Variant', board: 'Bord', summary: 'In één regel' },
  allVariants: 'Alle varianten',
  variantTitle: (name) => `Spelregels: ${name}`,
  variantPageTitle: (name) => `Damas: spelregels van ${name}`,
  boardOf: (size, pieces) => `${size}×${size}, ${pieces} tegen ${pieces}`,
  sections: {
    board: 'Bord en beginstand',
    men: 'Schijven',
    kings: 'Dammen',
    capture: 'Welke slag',
    promotion: 'Promotie',
    win: 'Winnen',
    draws: 'Remise',
    sources: 'Bronnen',
  },
  notYet:
    'Deze variant wordt op deze server nog niet gespeeld: de diagrammen komen mee als hij er is.',
  unknown: 'Hier is geen variant met die naam. Dit zijn de beschreven varianten:',
  legend:
    'Een pijl toont een zet; een ring markeert een stuk dat geslagen wordt (of, waar dat staat, een stuk dat niet geslagen mag worden).',
  variants: {
    brazilian: {
      name: 'Braziliaans',
      line: 'De internationale regels op een bord van 8×8.',
      board: BOARD_8,
      men: MEN_BACK,
      kings: FLYING,
      capture: `${MAJORITY} ${REMOVED}`,
      promotion: PROMO_END,
      win: WIN,
      draws: `${THREEFOLD} Ook remise: 20 zetten elk met alleen dammen en zonder slag; 2 dammen, een dam en een schijf, of een dam tegen een losse dam na 5 zetten elk.`,
      sources:
        'CBD (Braziliaanse dambond), officieel reglement voor 64 velden, regel 16; het 5-zettenslot zoals bij de FMJD.',
      captions: [
        START,
        'Meerslag: e3×g5×e7 slaat twee schijven en moet gespeeld worden; e3×c5 zou er één slaan.',
      ],
    },
    international,
    russian: {
      name: 'Russisch',
      line: 'Lange dammen, vrije keuze van slag, promotie midden in een slag.',
      board: BOARD_8,
      men: MEN_BACK,
      kings: FLYING,
      capture: `${FREE} ${REMOVED}`,
      promotion:
        'Een schijf die de achterste rij bereikt, wordt meteen dam, ook midden in een slag, en slaat als dam verder.',
      win: WIN,
      draws: `${THREEFOLD} Ook remise: 15 zetten elk met alleen dammen en zonder slag; 3 dammen of meer tegen een losse dam na 15 zetten; met dammen aan beide kanten en een ongewijzigde verhouding, na 30 zetten in eindspelen met 4 en 5 stukken en 60 zetten met 6 en 7 stukken.`,
      sources: 'Officieel reglement van de FMJD voor Russisch dammen, artikel 7.2.',
      captions: [START, 'Op d8 tijdens de slag dam geworden, slaat hij als dam verder: f6×d8×a5.'],
    },
    english: {
      name: 'Engels dammen (checkers)',
      line: 'Korte dammen, schijven slaan alleen vooruit, zwart begint.',
      board:
        'Bord van 8×8, ieder 12 schijven op de donkere velden van de drie dichtstbijzijnde rijen. Zwart begint.',
      men: MEN_FWD_ONLY,
      kings: SHORT_KING,
      capture: `${FREE} ${REMOVED}`,
      promotion: PROMO_STOP,
      win: WIN,
      draws: `${THREEFOLD} Ook remise: 40 zetten elk waarin geen schijf is verzet en niets is geslagen (de server past dit zelf toe).`,
      sources: 'Spelregels van de WCDF voor checkers: de 40-zettenregel en herhaling.',
      captions: [START, 'Hier begint zwart: een dubbelslag b6×d4×f2.'],
    },
    pool: {
      name: 'Pool checkers (Amerikaans)',
      line: 'Amerikaans pool: lange dammen, schijven slaan achteruit, vrije keuze.',
      board: BOARD_8,
      men: MEN_BACK,
      kings: FLYING,
      capture: `${FREE} ${REMOVED}`,
      promotion: PROMO_END,
      win: WIN,
      draws: `${THREEFOLD} ${NOT_CONFIRMED} ${AGREE}`,
      sources: 'Reglement van de APCA (American Pool Checker Association); alleen herhaling.',
      captions: [START, 'Een schijf slaat vooruit en dan achteruit: e5×c7×a5.'],
    },
    italian: {
      name: 'Italiaans',
      line: 'Schijven slaan geen dammen; een uitgebreide slagvolgorde; korte dammen.',
      board: BOARD_8_TURNED,
      men: `${MEN_FWD_ONLY} Een schijf mag nooit een dam slaan.`,
      kings: SHORT_KING,
      capture: `${COMPULSORY} Je moet de meeste stukken slaan; bij gelijkheid met een dam in plaats van een schijf; dan de meeste dammen; dan de dammen zo vroeg mogelijk in de slag. ${REMOVED}`,
      promotion: PROMO_STOP,
      win: WIN,
      draws: `${THREEFOLD} ${NOT_CONFIRMED} ${AGREE}`,
      sources: 'Reglement van de FID (Italiaanse dambond); alleen herhaling.',
      captions: [START, 'De schijf op d3 mag de dam op e4 (met ring) niet slaan: hij slaat c4.'],
    },
    spanish: {
      name: 'Spaans',
      line: 'Lange dammen, schijven slaan alleen vooruit, de meeste stukken en dan de meeste dammen.',
      board: BOARD_8_TURNED,
      men: MEN_FWD_ONLY,
      kings: FLYING,
      capture: `${COMPULSORY} Je moet de meeste stukken slaan; bij gelijkheid de meeste dammen. ${REMOVED}`,
      promotion: PROMO_END,
      win: WIN,
      draws: `${THREEFOLD} ${NOT_CONFIRMED} ${AGREE}`,
      sources: 'Reglement van de FEDA (Spaanse dambond); alleen herhaling.',
      captions: [START, 'Een dam slaat op afstand: b1×f5 (of g6, h7).'],
    },
    czech: {
      name: 'Tsjechisch',
      line: 'Lange dammen, schijven slaan alleen vooruit, de dam slaat eerst.',
      board: BOARD_8,
      men: MEN_FWD_ONLY,
      kings: FLYING,
      capture: `${COMPULSORY} Als een dam kan slaan, moet een dam slaan; anders mag je kiezen. ${REMOVED}`,
      promotion: PROMO_END,
      win: WIN,
      draws: `${THREEFOLD} ${NOT_CONFIRMED} ${AGREE}`,
      sources: 'Reglement van de ČSDS (Tsjechische dambond); alleen herhaling.',
      captions: [START, 'De dam moet slaan (h2×d6), niet de schijf op c3.'],
    },
    frisian,
    frysk: {
      ...frisian,
      name: 'Frysk!',
      line: 'Friese regels met maar 5 schijven elk, op de achterste rij.',
      board:
        'Bord van 10×10, ieder 5 schijven op de donkere velden van de eigen achterste rij. Wit begint.',
      sources: 'Fries dammen vanuit een korte beginstand, zoals lidraughts „Frysk!” speelt.',
      captions: [START, 'Recht langs een rij: de schijf op a5 slaat c5 en landt op e5.'],
    },
    antidraughts: {
      ...international,
      name: 'Antidammen',
      line: 'Weggeefdammen: raak al je stukken kwijt, of kom vast te staan, om te winnen.',
      win: 'Je wint als je geen stukken meer hebt of niet meer kunt zetten: het omgekeerde van het gewone doel.',
      sources:
        'De internationale regels met het doel omgedraaid, zoals lidraughts Antidraughts speelt.',
      captions: [
        START,
        'Wit moet slaan (e5×c7); zwart moet terugslaan, en wit, zonder stukken, wint.',
      ],
    },
    breakthrough: {
      ...international,
      name: 'Doorbraak',
      line: 'Internationale regels: wie het eerst een dam haalt, wint.',
      win: 'Wie als eerste een dam haalt, wint meteen; je wint ook als de tegenstander geen stukken meer heeft of niet meer kan zetten.',
      sources: 'De internationale regels met een ander doel, zoals lidraughts Breakthrough speelt.',
      captions: [START, 'c9–d10 haalt een dam en wint.'],
    },
    canadian: {
      ...international,
      name: 'Canadees',
      line: 'De internationale regels op een bord van 12×12.',
      board:
        'Bord van 12×12, ieder 30 schijven op de donkere velden van de vijf dichtstbijzijnde rijen. Wit begint.',
      sources: 'Canadees dammen zoals in Québec gespeeld: de internationale regels op 144 velden.',
      captions: [START, 'Een schijf slaat achteruit: f6×h4.'],
    },
    thai: {
      name: 'Thais (mak-hos)',
      line: 'Acht schijven elk; een dam landt direct achter het stuk dat hij slaat.',
      board:
        'Bord van 8×8, ieder 8 schijven op de donkere velden van de twee dichtstbijzijnde rijen. Wit begint.',
      men: MEN_FWD_ONLY,
      kings:
        'Dammen zijn lang: ze gaan over een diagonaal zoveel lege velden als ze willen. Een dam slaat op afstand maar moet landen op het veld direct achter het geslagen stuk.',
      capture:
        'Slaan is verplicht, en een slag gaat door zolang het stuk nog meer kan slaan; zijn er meerdere, dan mag je kiezen. Geslagen stukken gaan meteen van het bord, dus een dam mag over een lijn terugkomen.',
      promotion: 'Een schijf die de achterste rij bereikt, wordt dam.',
      win: WIN,
      draws: `${THREEFOLD} ${AGREE}`,
      sources:
        'Thais mak-hos zoals de damengine dctl het speelt (de dam stopt achter het geslagen stuk, stukken gaan meteen van het bord). Telregels voor het eindspel konden niet in een tekst worden gecontroleerd: alleen herhaling.',
      captions: [START, 'De dam slaat d4 en moet er direct achter landen, op e5.'],
    },
    turkish: {
      name: 'Turks (dama)',
      line: 'Alle 64 velden; stukken gaan recht, nooit diagonaal.',
      board:
        'Bord van 8×8 waarop elk veld meedoet; ieder 16 schijven op de tweede en derde rij van de eigen kant. Wit begint.',
      men: 'Schijven gaan één veld vooruit of opzij, nooit diagonaal of achteruit. Ze slaan vooruit of opzij, door over een aangrenzend stuk heen te springen naar het lege veld er direct achter.',
      kings:
        'Dammen gaan als een toren: zoveel lege velden als ze willen langs een rij of lijn. Ze slaan op afstand en landen op elk leeg veld erachter.',
      capture:
        'Slaan is verplicht en je moet de meeste stukken slaan (dammen en schijven tellen even zwaar). Geslagen stukken gaan meteen van het bord, en een slag mag niet rechtsomkeert maken.',
      promotion:
        'Een schijf die de achterste rij bereikt, wordt dam. Komt hij er tijdens een slag, dan maakt hij die als schijf af en wordt hij dam als de zet daar eindigt.',
      win: WIN,
      draws: `${THREEFOLD} Een partij is ook remise als elke kant nog één stuk heeft.`,
      sources:
        'Het reglement van de Turkse dambond (dat van het internationale kampioenschap van 2021 voor promotie tijdens een slag), en openbare samenvattingen (de kish-engine, Wikipedia) voor de rest.',
      captions: [
        START,
        'De meeste stukken: d3×d5×f5 slaat er twee en is verplicht; d3×b3 zou er één slaan.',
      ],
    },
  },
};
