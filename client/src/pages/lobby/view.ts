/**
 * The lobby drawn, and its controls bound: the play form (name, variant, clock, the queue's
 * waiting, the computer), a set-up position from the board editor, "Play a friend", the open
 * seeks, the live games and my games in progress (each with its way back).
 */
import type { ClientPayload, MatchSummary, MyGames } from '../../../../src/common/protocol.js';
import { VARIANT_IDS, type VariantId } from '../../../../src/rules/index.js';
import { byId, drawList, type El } from '../../lib/dom.js';
import { language, t, tParts, variantName } from '../../lib/i18n/index.js';
import { myGameEntry } from '../../lib/my-game-line.js';
import { pageRoot } from '../../lib/page.js';
import type { Play } from '../../lib/play.js';
import { playerName, sideName } from '../../lib/player-name.js';
import { givenName } from '../../lib/session.js';
import type { LobbyCtrl } from './ctrl.js';
import { FriendForm } from './friend-view.js';
import { drawLevels } from './levels-view.js';
import { LOBBY_IDS } from './ids.js';
import markup from './lobby.html?raw';
import { QuickView } from './quick-view.js';
import { rememberedVariant } from './quick-tiles.js';
import { seekRows } from './seeks-view.js';
import { drawDaily } from './daily-view.js';

/** What the lobby's controls ask of the page (each runs with the name field checked first). */
export interface LobbyActions {
  /** Runs an action; a failure is told. */
  attempt(fn: () => Promise<unknown>): void;
  say(text: string): void;
}

export class LobbyView {
  readonly root = pageRoot(markup);
  readonly el: El<typeof LOBBY_IDS> = byId(this.root, LOBBY_IDS);
  private readonly friend: FriendForm;
  private readonly quick: QuickView;

  constructor(
    private readonly ctrl: LobbyCtrl,
    private readonly play: Play,
    private readonly actions: LobbyActions,
  ) {
    const { el } = this;
    const { session } = play.site;
    for (const id of VARIANT_IDS) el('variant').add(new Option(variantName(id), id));
    // The name last used (a visitor who only watched gave none: not "guest").
    el('name').value = givenName(session.identity?.name);
    this.quick = new QuickView(el, ctrl, actions.attempt);
    el('play-form').addEventListener('submit', (e) => {
      e.preventDefault();
      // The queue pairs strangers in the usual start: not with a set-up position (Enter here).
      if (ctrl.setup) return actions.say(t('lobby.setupQueue'));
      this.named((name) => ctrl.seek(name, this.formSeek()));
    });
    el('play-computer').addEventListener('click', () =>
      this.named((name) => ctrl.playComputer(name, this.formComputer())),
    );
    el('cancel').addEventListener('click', () => actions.attempt(() => ctrl.cancelSeek()));
    el('setup-clear').addEventListener('click', () => ctrl.clearSetup());
    this.friend = new FriendForm(el, play.challenges, {
      create: (seek) =>
        this.named((name) => ctrl.challenge(name, this.friend.terms(seek, ctrl.setup?.fen))),
      cancel: () => actions.attempt(() => play.challenges.cancel()),
    });
    // The variant chosen last, here or in the quick pairing.
    el('variant').value = el('friend-variant').value = rememberedVariant();
  }

  /**
   * An action under the form's name (none: unnamed, or the name given before), once the
   * browser's checks pass (else it says why).
   */
  private named(fn: (name: string) => Promise<void>): void {
    this.actions.attempt(async () => {
      const name = this.el('name');
      if (!this.el('play-form').reportValidity()) return;
      await fn(name.value.trim());
    });
  }

  /** The queue:join request the form describes: its clock option reads "initial+increment" (ms). */
  private formSeek(): ClientPayload<'queue:join'> {
    const { el } = this;
    const variant = el('variant').value as VariantId;
    const clock = el('clock').value;
    const [initial, increment] = clock ? clock.split('+').map(Number) : [];
    const rated = el('rated').checked;
    return {
      variant,
      ...(clock ? { clock: { initial, increment } } : {}),
      ...(rated ? { rated } : {}),
    };
  }

  /** The computer:play request: the form's variant and clock, and the level and colour chosen. */
  private formComputer(): ClientPayload<'computer:play'> {
    const { el } = this;
    const color = el('color').value as 'white' | 'black' | 'random';
    // Games against the computer are never rated.
    const { variant, clock } = this.formSeek();
    const fen = this.ctrl.setup?.fen;
    const level = Number(el('level').value);
    return { variant, clock, level, color, ...(fen ? { fen } : {}) };
  }

  /** The editor's button said which game: its button is the next thing to press. */
  focusNext(hash: string): void {
    const next = { '#computer': this.el('play-computer'), '#friend': this.el('friend-create') }[
      hash
    ];
    next?.focus();
  }

  draw(): void {
    const { el, ctrl, play } = this;
    const { session, myGames } = play.site;
    document.title = t('title.lobby');
    for (const o of el('variant').options) o.text = variantName(o.value as VariantId);
    drawLevels(el('level'));
    this.drawAccount(session.identity?.username ?? null);
    this.quick.draw();
    this.drawPlayban();
    el('waiting').hidden = !ctrl.queued;
    el('play').disabled = ctrl.queued;
    el('play-computer').disabled = ctrl.queued;
    this.drawSetup();
    this.friend.draw();
    const me = session.identity?.id;
    const seeks = play.challenges.seeks;
    drawList(el('seeks'), [language(), me, ...seeks], () =>
      seekRows(seeks, me, (id) => this.named((name) => ctrl.acceptSeek(name, id))),
    );
    el('no-seeks').hidden = seeks.length > 0;
    drawList(el('live'), [language(), ctrl.live], () => this.liveRows(ctrl.live));
    el('no-live').hidden = ctrl.live.length > 0;
    this.drawMyGames(myGames.mine);
    drawDaily(el, ctrl.daily, ctrl.dailyAsked);
  }

  /** An account plays under its username; rated games are for accounts (queue, challenges). */
  private drawAccount(username: string | null): void {
    const { el } = this;
    const name = el('name');
    if (username !== null) name.value = username;
    name.readOnly = username !== null;
    for (const [box, hint] of [
      [el('rated'), el('rated-hint')],
      [el('friend-rated'), el('friend-rated-hint')],
    ] as const) {
      box.disabled = username === null;
      if (username === null) box.checked = false;
      hint.hidden = username !== null;
    }
  }

  /** A set-up position: shown with a way back to the editor; the variants are its. */
  private drawSetup(): void {
    const { el } = this;
    const setup = this.ctrl.setup;
    el('setup').hidden = setup === null;
    el('lobby').classList.toggle('from-setup', setup !== null);
    for (const select of [el('variant'), el('friend-variant')]) {
      if (setup) select.value = setup.variant;
      select.disabled = setup !== null;
    }
    if (!setup) return;
    const variant = document.createElement('span');
    variant.id = 'setup-variant';
    variant.textContent = variantName(setup.variant);
    el('setup-intro').replaceChildren(...tParts('lobby.setupIntro', { variant }));
    el('setup-fen').textContent = setup.fen;
    el('setup-edit').href = `/editor/${setup.variant}?fen=${encodeURIComponent(setup.fen)}`;
  }

  /** The first twenty live games, each with a Watch button. */
  private liveRows(list: MatchSummary[]): HTMLLIElement[] {
    return list.slice(0, 20).map((m) => {
      const li = document.createElement('li');
      const text = document.createElement('span');
      text.append(
        playerName(sideName(m, 'white'), { rating: true }),
        ' – ',
        playerName(sideName(m, 'black'), { rating: true }),
        ' · ',
        t(m.rated ? 'lobby.liveRated' : 'lobby.live', {
          variant: variantName(m.variant),
          move: Math.floor(m.ply / 2) + 1,
        }),
      );
      li.append(text);
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = t('lobby.watch');
      b.addEventListener('click', () => this.actions.attempt(() => this.play.nav.game(m.id)));
      li.append(b);
      return li;
    });
  }

  /**
   * My games in progress, each a link back to it ("Your move · 2 days left · Your game vs Ben"):
   * offered here, never forced (the lobby's address never opens a game).
   */
  private drawMyGames(mine: MyGames | null): void {
    const { el } = this;
    el('lobby-games').hidden = mine === null || mine.games.length === 0;
    if (!mine) return;
    drawList(el('lobby-games-list'), [language(), mine], () =>
      mine.games.map((g) => {
        const li = document.createElement('li');
        const a = document.createElement('a');
        a.href = `/game/${g.id}`;
        a.className = g.myTurn ? 'my-game my-turn' : 'my-game';
        a.dataset.match = g.id;
        const { status, who } = myGameEntry(g);
        const first = document.createElement('strong');
        first.textContent = status;
        const second = document.createElement('span');
        second.append(...who);
        a.append(first, ' ', second);
        a.addEventListener('click', (e) => {
          if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
          e.preventDefault();
          this.actions.attempt(() => this.play.nav.game(g.id));
        });
        li.append(a);
        return li;
      }),
    );
  }

  /** v1.19: why and until when the queue does not pair this player. */
  private drawPlayban(): void {
    const ban = this.ctrl.playban;
    const notice = this.el('playban');
    notice.hidden = ban === null;
    if (!ban) return;
    const reason = t(
      ban.reason === 'abort'
        ? 'fairplay.reasonAbort'
        : ban.reason === 'noStart'
          ? 'fairplay.reasonNoStart'
          : 'fairplay.reasonLeave',
    );
    notice.textContent = t('fairplay.playban', {
      time: new Date(ban.until).toLocaleTimeString(language(), {
        hour: '2-digit',
        minute: '2-digit',
      }),
      minutes: String(Math.max(1, Math.ceil((ban.until - Date.now()) / 60_000))),
      reason,
    });
  }
}
