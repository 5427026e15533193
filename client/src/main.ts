/**
 * The browser client's entry: the lobby (identity, variant, clock, queue, live games), then
 * the game (board, clocks, moves, draw / resign / abort / claim / rematch), over
 * docs/PROTOCOL.md. Boot and wiring only: session.ts holds the identity and the socket, ctrl.ts
 * the game and its transitions, view/ the drawing; here DOM events become their actions.
 */
import type { ClientEvent, ClientPayload } from '../../src/common/protocol.js';
import { liveMatches } from './api.js';
import { Ctrl } from './ctrl.js';
import { Session } from './session.js';
import { BoardView } from './view/board.js';
import { tick } from './view/clock.js';
import { $ } from './view/dom.js';
import { choosePath, draw, hidePaths } from './view/game.js';
import {
  fillForm,
  formComputer,
  formName,
  formSeek,
  lobbyShown,
  renderLive,
  setWaiting,
  setWho,
  showGamePage,
  showLobbyPage,
} from './view/lobby.js';
import { say } from './view/messages.js';
import {
  accountError,
  accountForm,
  closeAccountDialog,
  openAccountDialog,
  showAccount,
} from './view/account.js';
import { explain } from './errors.js';

const board = new BoardView($('board') as unknown as SVGSVGElement);
const session = new Session(say);
const ctrl = new Ctrl(session, {
  redraw,
  say,
  animate: (path, captures) => board.animate(path, captures),
  choosePath,
  hidePaths,
  showGame: showGamePage,
  showLobby: () => {
    showLobbyPage();
    void refreshLive();
  },
  setWaiting,
});

function redraw(): void {
  if (ctrl.game) draw(ctrl.game, board);
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

/** The header's account actions. Logging in or out changes who this page is: it starts over. */
function wireAccount(): void {
  $('signup-open').addEventListener('click', () => openAccountDialog('signup'));
  $('login-open').addEventListener('click', () => openAccountDialog('login'));
  $('account-cancel').addEventListener('click', closeAccountDialog);
  $('account-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const { mode, username, password } = accountForm();
    const action =
      mode === 'signup' ? session.signUp(username, password) : session.logIn(username, password);
    action.then(
      () => {
        closeAccountDialog();
        if (mode === 'login') location.reload();
        else {
          showAccount(session.identity?.username ?? null);
          setWho(session.identity?.name ?? null);
          say(`Welcome, ${username}: your account is ready.`);
        }
      },
      (err: unknown) => accountError(explain(err)),
    );
  });
  $('logout').addEventListener(
    'click',
    () =>
      void session.attempt(async () => {
        await session.logOut();
        location.reload();
      }),
  );
}

async function boot(): Promise<void> {
  await session.restore();
  fillForm(session.identity?.name ?? null);
  showAccount(session.identity?.username ?? null);
  wireAccount();
  $('play-form').addEventListener('submit', (e) => {
    e.preventDefault();
    void session.attempt(async () => {
      await session.connect(formName());
      setWho(session.identity?.name ?? null);
      await ctrl.seek(formSeek());
    });
  });
  $('play-computer').addEventListener('click', () => {
    if (!$<HTMLFormElement>('play-form').reportValidity()) return;
    void session.attempt(async () => {
      await session.connect(formName());
      setWho(session.identity?.name ?? null);
      await ctrl.playComputer(formComputer());
    });
  });
  $('cancel').addEventListener('click', () => void session.attempt(() => ctrl.cancelSeek()));
  board.onPick((sq) => void session.attempt(() => ctrl.pick(sq)));
  $('numbers').addEventListener('change', redraw);
  act('resign', 'match:resign', (matchId) => ({ matchId }));
  act('offer-draw', 'match:draw', (matchId) => ({ matchId, action: 'offer' }));
  act('accept-draw', 'match:draw', (matchId) => ({ matchId, action: 'accept' }));
  act('decline-draw', 'match:draw', (matchId) => ({ matchId, action: 'decline' }));
  act('abort', 'match:abort', (matchId) => ({ matchId }));
  act('claim', 'match:claim', (matchId) => ({ matchId }));
  act('rematch', 'match:rematch', (matchId) => ({ matchId, action: 'offer' }));
  act('accept-rematch', 'match:rematch', (matchId) => ({ matchId, action: 'accept' }));
  $('leave').addEventListener('click', () => ctrl.leave());
  setInterval(() => tick(ctrl.game), 100);
  setInterval(() => void refreshLive(), 5000);
  // A link to a game (/?game=<id>, from a profile's list) shows it; else the last one resumes.
  const linked = new URLSearchParams(location.search).get('game');
  if (linked) void session.attempt(() => ctrl.join(linked));
  else ctrl.resume();
}

void boot();
