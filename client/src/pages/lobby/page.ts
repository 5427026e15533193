/**
 * The browser client's entry: the lobby (identity, variant, clock, queue, challenges and seeks,
 * live games), a challenge's page (/challenge/<id>), then the game (board, clocks, moves, draw /
 * resign / abort / claim / rematch), "my games", and an account's API tokens (/?page=tokens),
 * over docs/PROTOCOL.md. Boot and wiring only: session.ts holds the identity and the socket,
 * ctrl.ts the game and its transitions, challenges.ts the challenges and seeks, mygames.ts my
 * games, tokens.ts the API tokens, view/ the drawing; here DOM events become their actions.
 */
import { CHAT_MAX, type ClientEvent, type ClientPayload } from '../../../../src/common/protocol.js';
import { liveMatches } from '../../lib/api.js';
import { ChallengeCtrl } from '../../lib/challenges.js';
import { Ctrl } from '../game/ctrl.js';
import { goTo, shownPly } from '../game/game.js';
import { Review } from '../game/review.js';
import { UNNAMED } from '../../lib/session.js';
import { play } from '../../lib/sounds.js';
import { changeSetting, onSettings, settings, syncSettings } from '../../lib/settings.js';
import { ChatCtrl } from '../game/chat.js';
import { drawChat } from '../game/chat-view.js';
import { BoardView } from '../../lib/board/board.js';
import { tick } from '../game/clock.js';
import { $, copyField, fromMarkup } from '../../lib/dom.js';
import lobbyMarkup from './lobby.html?raw';
import challengeMarkup from '../challenge/challenge.html?raw';
import gameMarkup from '../game/game.html?raw';
import tokensMarkup from '../tokens/tokens.html?raw';
import { showConnection } from '../../lib/connection.js';
import { draw, tickClaim } from '../game/view.js';
import { choosePath, hidePaths, redrawPaths } from '../../lib/board/paths.js';
import {
  checkName,
  fillForm,
  formComputer,
  formName,
  formSeek,
  lobbyShown,
  renderLive,
  setWaiting,
  showGamePage,
  showLobbyPage,
} from './view.js';
import { inform, say } from '../../lib/messages.js';
import {
  challengeName,
  fillChallengeForms,
  formTerms,
  pageReason,
  showChallengePage,
  showIncoming,
  showOutcome,
  showOutgoing,
} from '../challenge/view.js';
import { drawLobbyGames } from './games-view.js';
import { drawReview } from '../game/review-view.js';
import { renderSeeks } from './seeks-view.js';
import { clearSetup, readSetup, setupFen } from './setup.js';
import { showLobbyAccount } from './account-view.js';
import { t } from '../../lib/i18n/index.js';
import { startSite } from '../../lib/site.js';
import { TokensCtrl } from '../tokens/ctrl.js';
import {
  fillTokenForm,
  resetTokenForm,
  showNewToken,
  showTokens,
  showTokensPage,
  tokenForm,
  tokensShown,
  tokensError,
  tokensRoute,
} from '../tokens/view.js';

// The lobby's page and, for now, the game's, a challenge's and the API tokens' beside it.
document
  .getElementById('page')!
  .replaceChildren(...[lobbyMarkup, challengeMarkup, gameMarkup, tokensMarkup].map(fromMarkup));

const site = startSite({
  live: true,
  openGame: (matchId) => void session.attempt(() => ctrl.join(matchId)),
  // Home is the lobby, this page's own (a game in progress goes on, listed there).
  home: () => ctrl.leave(),
});
const { session, myGames } = site;
const board = new BoardView($('board') as unknown as SVGSVGElement);
const review = new Review(() => redraw());
const ctrl = new Ctrl(session, {
  redraw,
  say,
  inform,
  // Stepping through an earlier position: a new move is not animated over it.
  animate: (path, captures): Promise<void> =>
    stepping() ? Promise.resolve() : board.animate(path, captures),
  choosePath: (moves, choose) => choosePath(moves, choose, (path) => board.preview(path)),
  hidePaths,
  showGame: () => {
    showGamePage();
    challenges.leaveLobby();
    challenges.leavePage();
    // The address is the game's own link (/game/<id>): to copy, bookmark or reload. A challenge's
    // page that became its game is replaced by it (a reload resumes the game, not the challenge).
    // From the lobby it is a new step, so Back returns to the lobby (see popstate below).
    const id = ctrl.game?.state.id;
    const path = id ? `/game/${id}` : '/';
    if (location.pathname === '/' && location.search === '' && path !== '/')
      history.pushState(null, '', path);
    else if (location.pathname !== path || tokensRoute()) history.replaceState(null, '', path);
  },
  showLobby: () => {
    showLobbyPage();
    // Leaving a game is a step too: Back returns to it (the popstate below), never a dead step.
    if (gameRoute()) history.pushState(null, '', '/');
    else if (location.pathname !== '/' || tokensRoute()) history.replaceState(null, '', '/');
    void refreshLive();
    void session.attempt(() => challenges.enterLobby());
    void myGames.refresh();
  },
  setWaiting,
  awaits: (s): boolean => challenges.awaits(s),
  sound: play,
  premoves: () => settings().premoves,
  chatLine: (line) => chat.heard(line),
  gameShown: (game) => void chat.open(game),
});
const chat = new ChatCtrl(session, () => redraw());
const challenges = new ChallengeCtrl(session, {
  outgoing: showOutgoing,
  outcome: showOutcome,
  incoming: (list) =>
    showIncoming(list, {
      accept: (id) => void session.attempt(() => challenges.accept(id)),
      decline: (id, reason) => void session.attempt(() => challenges.decline(id, reason)),
    }),
  seeks: (list) => renderSeeks(list, session.identity?.id, acceptSeek),
  page: (c) => showChallengePage(c, session.identity?.id),
  enterGame: (matchId) => ctrl.enter(matchId),
});
myGames.onChange(() => drawLobbyGames(myGames.mine, openMyGame));
const tokens = new TokensCtrl({
  list: (list) =>
    showTokens(list, (token) => {
      if (confirm(t('tokens.revokeAsk', { description: token.description })))
        void tokens.revoke(token.id);
    }),
  secret: showNewToken,
  error: tokensError,
  created: resetTokenForm,
});

function openMyGame(matchId: string): void {
  void session.attempt(() => ctrl.join(matchId));
}

/** The lobby's name field: the name to play under, checked first (false: it is missing). */
async function named(): Promise<boolean> {
  checkName('name');
  if (!$<HTMLFormElement>('play-form').reportValidity()) return false;
  await session.connect(formName());
  // A guest's settings reach the server before its game is made (takebacks are fixed then).
  await syncSettings();
  myGames.soon();
  return true;
}

/** A seek clicked in the lobby: accepted, and the game starts. */
function acceptSeek(id: string): void {
  void session.attempt(async () => {
    if (await named()) await challenges.accept(id);
  });
}

/** Whether an earlier position of the game is shown (stepping through it). */
function stepping(): boolean {
  const game: { cursor: number | null } | null = ctrl.game;
  return game !== null && game.cursor !== null;
}

/** /game/<id>: the game's permanent link. */
const gameRoute = () => /^\/game\/([0-9a-f-]{36})\/?$/i.exec(location.pathname)?.[1] ?? null;

/** Shows ply `ply` of the game on screen; on its permanent link, the address says which. */
function step(ply: number): void {
  const game = ctrl.game;
  if (!game) return;
  goTo(game, ply);
  hidePaths(); // a capture chooser offers moves of the game as it is, not of the ply shown
  if (gameRoute() === game.state.id)
    history.replaceState(null, '', game.cursor === null ? location.pathname : `#${game.cursor}`);
  redraw();
}

/** The buttons under the board, the move list's plies, the arrow keys (and a click's premove). */
function wireReplay(): void {
  const shown = () => (ctrl.game ? shownPly(ctrl.game) : 0);
  $('replay-first').addEventListener('click', () => step(0));
  $('replay-prev').addEventListener('click', () => step(shown() - 1));
  $('replay-next').addEventListener('click', () => step(shown() + 1));
  $('replay-last').addEventListener('click', () => step(Infinity));
  $('moves').addEventListener('click', (e) => {
    const ply = (e.target as Element).closest<HTMLElement>('[data-ply]')?.dataset.ply;
    if (ply) step(Number(ply));
  });
  // Any click cancels a queued premove; the board's (and the path chooser's) go through ctrl.pick.
  // Seen on the way down, before the board redraws (and detaches) the square clicked.
  document.addEventListener(
    'click',
    (e) => {
      if (!(e.target instanceof Element && e.target.closest('#board, #paths')))
        ctrl.cancelPremove();
    },
    { capture: true },
  );
  document.addEventListener('keydown', (e) => {
    if ($('game').hidden || !ctrl.game || e.altKey || e.ctrlKey || e.metaKey) return;
    if ((e.target as Element).closest('input, select, textarea')) return;
    const to = { ArrowLeft: shown() - 1, ArrowRight: shown() + 1, Home: 0, End: Infinity }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    step(to);
  });
}

function redraw(): void {
  const game = ctrl.game;
  if (game) draw(game, board);
  if (game && chat.matchId === game.state.id)
    drawChat({
      lines: chat.lines,
      me: session.identity?.id,
      player: chat.player,
      muted: chat.muted,
      off: game.state.computer !== null,
      askName: !chat.player && !session.account && (session.identity?.name ?? UNNAMED) === UNNAMED,
    });
  // A finished game: its engine analysis, if someone asked for one.
  if (game?.state.status === 'finished') review.show(game.state.id);
  else review.hide();
  drawReview(game, game && review.matchId === game.state.id ? review.analysis : null);
}

async function refreshLive(): Promise<void> {
  if (!lobbyShown()) return;
  renderLive(await liveMatches(), (matchId) => void session.attempt(() => ctrl.join(matchId)));
}

/** A game action button: `payload` builds the request for the game shown. */
function act<E extends ClientEvent>(
  id: string,
  event: E,
  payload: (matchId: string) => ClientPayload<E>,
): void {
  $(id).addEventListener('click', () => void session.attempt(() => ctrl.act(event, payload)));
}

async function boot(): Promise<void> {
  await site.ready;
  // Another language, other settings: the game drawn again (the views keep and redraw what
  // else they show).
  const title = () => (document.title = t(tokensShown() ? 'title.tokens' : 'title.lobby'));
  title();
  site.follow(() => {
    title();
    redrawPaths();
    redraw();
    drawLobbyGames(myGames.mine, openMyGame);
  });
  fillForm(session.identity?.name ?? null);
  showLobbyAccount(session.identity?.username ?? null);
  session.onChange(() => {
    showLobbyAccount(session.identity?.username ?? null);
    // Signed up on the API tokens page: the form, and the account's (empty) list.
    if (tokensRoute()) void openTokens();
  });
  for (const id of ['name', 'challenge-name']) $(id).addEventListener('input', () => checkName(id));
  $('play-form').addEventListener('submit', (e) => {
    e.preventDefault();
    // The queue pairs strangers in the usual start: not with a set-up position (Enter in the name).
    if (setupFen()) return say(t('lobby.setupQueue'));
    void session.attempt(async () => {
      if (await named()) await ctrl.seek(formSeek());
    });
  });
  $('play-computer').addEventListener('click', () => {
    void session.attempt(async () => {
      if (await named()) await ctrl.playComputer(formComputer());
    });
  });
  $('cancel').addEventListener('click', () => void session.attempt(() => ctrl.cancelSeek()));
  $('setup-clear').addEventListener('click', clearSetup);
  wireChallenges();
  wireTokens();
  // A position from the board editor: the computer game and the friend challenge start there.
  readSetup(new URLSearchParams(location.search));
  // The API tokens page (/?page=tokens) at once: no lobby, no game to resume.
  if (tokensRoute()) void openTokens();
  board.onPick((sq) => {
    // Stepping through: a player's click in a game still on comes back to the game as it is;
    // elsewhere (a finished or watched game) a click changes nothing.
    const g = ctrl.game;
    if (g && g.cursor !== null) {
      if (g.me && g.state.status === 'active') step(Infinity);
      return;
    }
    void session.attempt(() => ctrl.pick(sq));
  });
  wireReplay();
  // Back from a game to the lobby, Forward into it again.
  window.addEventListener('popstate', () => {
    const id = gameRoute();
    if (location.pathname === '/' && ctrl.game) ctrl.leave();
    else if (id && ctrl.game?.state.id !== id) void session.attempt(() => ctrl.join(id));
  });
  wireGameSettings();
  wireChat();
  // Resign asks first ("Resign this game?"): a slip of the pointer must not end a game.
  const confirmResign = (on: boolean) => {
    if (ctrl.game) ctrl.game.confirmResign = on;
    redraw();
    $(on ? 'resign-cancel' : 'resign').focus();
  };
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && ctrl.game?.confirmResign) confirmResign(false);
  });
  $('resign').addEventListener('click', () => confirmResign(true));
  $('resign-cancel').addEventListener('click', () => confirmResign(false));
  act('resign-confirm', 'match:resign', (matchId) => ({ matchId }));
  act('decline-rematch', 'match:rematch', (matchId) => ({ matchId, action: 'decline' }));
  $('to-rematch').addEventListener('click', () => {
    const id = ctrl.game?.state.rematchId;
    if (id) void session.attempt(() => ctrl.join(id));
  });
  act('offer-draw', 'match:draw', (matchId) => ({ matchId, action: 'offer' }));
  act('accept-draw', 'match:draw', (matchId) => ({ matchId, action: 'accept' }));
  act('decline-draw', 'match:draw', (matchId) => ({ matchId, action: 'decline' }));
  act('takeback', 'match:takeback', (matchId) => ({ matchId, action: 'offer' }));
  act('accept-takeback', 'match:takeback', (matchId) => ({ matchId, action: 'accept' }));
  act('decline-takeback', 'match:takeback', (matchId) => ({ matchId, action: 'decline' }));
  act('cancel-takeback', 'match:takeback', (matchId) => ({ matchId, action: 'decline' }));
  act('abort', 'match:abort', (matchId) => ({ matchId }));
  act('claim', 'match:claim', (matchId) => ({ matchId }));
  act('rematch', 'match:rematch', (matchId) => ({ matchId, action: 'offer' }));
  act('accept-rematch', 'match:rematch', (matchId) => ({ matchId, action: 'accept' }));
  $('leave').addEventListener('click', () => ctrl.leave());
  $('analyse').addEventListener('click', () => {
    const id = ctrl.game?.state.id;
    if (id) void session.attempt(() => review.request(id));
  });
  setInterval(() => {
    tick(ctrl.game);
    tickClaim(ctrl.game);
    lowTimeWarning();
  }, 100);
  session.onOpen((w) => {
    w.onConnect(() => showConnection('back'));
    w.onDisconnect(() => showConnection('lost'));
    // A socket refused for good is closed by the session: nothing is reconnecting any more.
    w.onConnectError((code) => {
      if (code === 'UNAUTHENTICATED') showConnection('closed');
    });
  });
  setInterval(() => void refreshLive(), 5000);
  // Without a socket (no identity yet) the seeks and a challenge's page are read again often.
  setInterval(() => void challenges.poll().catch(() => undefined), 2000);
  // Someone known: the socket at once, to hear challenges and moves in my games (it reads my
  // challenges when it connects, and at each reconnection).
  if (session.identity) await session.attempt(() => session.connect());
  void myGames.refresh();
  // A challenge's link (/challenge/<id>) shows it; a link to a game (/?game=<id>, from a
  // profile's list) shows the game; the API tokens page stays; else the last game resumes.
  const challengeId = /^\/challenge\/([^/]+)\/?$/.exec(location.pathname)?.[1];
  const linked = gameRoute() ?? new URLSearchParams(location.search).get('game');
  if (challengeId) void session.attempt(() => challenges.openPage(challengeId));
  else if (linked)
    void session.attempt(async () => {
      await ctrl.join(linked);
      // /game/<id>#<ply>: that position.
      const ply = Number(location.hash.slice(1));
      if (location.hash && Number.isInteger(ply)) step(ply);
    });
  else if (!tokensRoute()) ctrl.resume();
}

/** The game's switches (square numbers, premoves): settings, shown where they act too. */
function wireGameSettings(): void {
  onSettings((s) => {
    $<HTMLInputElement>('numbers').checked = s.squareNumbers;
    $<HTMLInputElement>('premoves').checked = s.premoves;
    if (!s.premoves && ctrl.game) ctrl.game.premove = null;
  });
  $('numbers').addEventListener('change', () =>
    changeSetting('squareNumbers', $<HTMLInputElement>('numbers').checked),
  );
  $('premoves').addEventListener('change', () =>
    changeSetting('premoves', $<HTMLInputElement>('premoves').checked),
  );
}

/** The game's chat: a line said (kept in the field if refused), the opponent muted. */
function wireChat(): void {
  const input = $<HTMLInputElement>('chat-input');
  const nameInput = $<HTMLInputElement>('chat-name');
  // At most CHAT_MAX code points, as the server counts (maxlength counts UTF-16 halves): said.
  input.addEventListener('input', (e) => {
    if ((e as InputEvent).isComposing) return; // an IME's word is cut once it is chosen
    const chars = [...input.value];
    if (chars.length <= CHAT_MAX) return;
    input.value = chars.slice(0, CHAT_MAX).join('');
    say(t('chat.cut'));
  });
  nameInput.addEventListener('input', () => nameInput.setCustomValidity(''));
  $('chat-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    // A visitor who never gave a name gives one with its first line (not "guest" unasked).
    const name = nameInput.hidden ? undefined : nameInput.value.trim();
    if (name === '') {
      nameInput.setCustomValidity(t('lobby.nameEmpty'));
      nameInput.reportValidity();
      return;
    }
    // Cleared at once, so the next line can be typed; given back if this one is refused.
    input.value = '';
    void session.attempt(async () => {
      try {
        await chat.say(text, name);
      } catch (e) {
        if (input.value === '') input.value = text;
        throw e; // told, and a stale identity forgotten
      }
    });
  });
  $('chat-mute').addEventListener('change', () =>
    chat.setMuted($<HTMLInputElement>('chat-mute').checked),
  );
}

/** My clock running low: once a game, a sound (the clock turns red by itself). */
let warnedFor: string | null = null;
function lowTimeWarning(): void {
  const g = ctrl.game;
  if (!g?.me || g.state.status !== 'active' || warnedFor === g.state.id) return;
  if (!document.querySelector(`[data-clock="${g.me}"].low`)) return;
  warnedFor = g.state.id;
  play('low-time');
}

/** The API tokens page: an account's tokens, read afresh (a guest is asked to sign up). */
async function openTokens(): Promise<void> {
  showTokensPage(session.account);
  if (session.account) await tokens.refresh();
}

/** The API tokens page's form (a description and scopes) and the new secret's Copy. */
function wireTokens(): void {
  fillTokenForm();
  $('token-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const form = tokenForm();
    if (form) void tokens.create(form.description, form.scopes);
  });
  $('token-copy').addEventListener('click', () => void copyField('token-secret', 'token-copy'));
}

/** The "Play a friend" form (a link, a direct challenge, a seek) and the challenge page. */
function wireChallenges(): void {
  fillChallengeForms();
  const create = (seek: boolean) =>
    void session.attempt(async () => {
      if (await named()) await challenges.create(formTerms(seek));
    });
  $('friend-form').addEventListener('submit', (e) => {
    e.preventDefault();
    create(false);
  });
  $('seek-create').addEventListener('click', () => create(true));
  $('friend-cancel').addEventListener(
    'click',
    () => void session.attempt(() => challenges.cancel()),
  );
  $('friend-copy').addEventListener('click', () => void copyField('friend-link', 'friend-copy'));
  $('challenge-copy').addEventListener(
    'click',
    () => void copyField('challenge-link', 'challenge-copy'),
  );
  // The page's answers: a visitor with no identity yet becomes a guest under the name given.
  const answer = (fn: (id: string) => Promise<void>) =>
    void session.attempt(async () => {
      const c = challenges.pageChallenge;
      if (!c) return;
      if (!session.identity) checkName('challenge-name');
      if (!$<HTMLFormElement>('challenge-form').reportValidity()) return;
      await session.connect(session.identity ? undefined : challengeName());
      await fn(c.id);
    });
  $('challenge-form').addEventListener('submit', (e) => {
    e.preventDefault();
    answer((id) => challenges.accept(id));
  });
  $('challenge-decline').addEventListener('click', () =>
    answer((id) => challenges.decline(id, pageReason())),
  );
  $('challenge-cancel').addEventListener(
    'click',
    () => void session.attempt(() => challenges.cancel(challenges.pageChallenge?.id)),
  );
}

void boot();
