/**
 * TV drawn from its state: the channel picker, the featured game's board from its featured
 * player's side with the last move marked, both players (names linked to their profiles, the
 * computer by its level) and their clocks, a line saying who is to play, and a link to the game.
 */
import type { TvChannelKey, TvPlayer } from '../../../../src/common/protocol.js';
import { opponent, Position, VARIANT_IDS, type Color } from '../../../../src/rules/index.js';
import { drawMiniBoard } from '../../lib/board/mini.js';
import { byId, type El } from '../../lib/dom.js';
import { t, variantName } from '../../lib/i18n/index.js';
import { pageRoot } from '../../lib/page.js';
import { playerName } from '../../lib/player-name.js';
import type { TvCtrl } from './ctrl.js';
import { TV_IDS } from './ids.js';
import { clockText } from './tv-route.js';
import markup from './tv.html?raw';

const CHANNELS: readonly TvChannelKey[] = ['best', ...VARIANT_IDS];

export const channelName = (key: TvChannelKey): string =>
  key === 'best' ? t('tv.best') : variantName(key);

export class TvView {
  readonly root = pageRoot(markup);
  private readonly el: El<typeof TV_IDS> = byId(this.root, TV_IDS);
  /** The board as last drawn (redrawn only when the position or the side changes). */
  private drawn = '';

  constructor(
    private readonly ctrl: TvCtrl,
    /** Another channel picked. */
    pick: (key: TvChannelKey) => void,
  ) {
    const select = this.el('tv-channel');
    select.addEventListener('change', () => pick(select.value as TvChannelKey));
  }

  redraw(): void {
    const { el, ctrl } = this;
    const name = channelName(ctrl.channel);
    document.title = t('tv.pageTitle', { channel: name });
    el('tv-title').textContent = t('tv.titleOf', { channel: name });
    const select = el('tv-channel');
    select.replaceChildren(...CHANNELS.map((k) => new Option(channelName(k), k)));
    select.value = ctrl.channel;
    const game = ctrl.game;
    el('tv-off').hidden = !ctrl.off;
    el('tv-game').hidden = game === null;
    if (!game) return;
    el('tv-game').dataset.gameId = game.id;
    const pos = Position.fromFen(game.variant, game.fen);
    const key = `${game.id} ${game.fen} ${game.orientation} ${game.lastMove.join('-')}`;
    if (pos.ok && key !== this.drawn) {
      this.drawn = key;
      drawMiniBoard(el('tv-board'), pos.value, game.orientation, game.lastMove);
    }
    const bottom = game.orientation;
    const top = opponent(bottom);
    el('tv-top').replaceChildren(this.side(top));
    el('tv-bottom').replaceChildren(this.side(bottom));
    el('tv-top').dataset.color = top;
    el('tv-bottom').dataset.color = bottom;
    this.tick();
    const turn = pos.ok ? pos.value.turn : null;
    el('tv-caption').textContent = turn
      ? t('tv.toPlay', { variant: variantName(game.variant), side: t(`tv.side.${turn}`) })
      : '';
    el('tv-watch').href = `/game/${game.id}`;
  }

  /** The clocks only (several times a second while one runs). */
  tick(): void {
    const { el, ctrl } = this;
    const game = ctrl.game;
    if (!game) return;
    const clocks: [HTMLSpanElement, Color][] = [
      [el('tv-bottom-clock'), game.orientation],
      [el('tv-top-clock'), opponent(game.orientation)],
    ];
    for (const [span, color] of clocks) {
      const left = ctrl.secondsLeft(color);
      span.hidden = left === null;
      span.textContent = left === null ? '' : clockText(left);
      span.classList.toggle('running', game.running === color);
    }
  }

  private side(color: Color): HTMLElement {
    const p = this.ctrl.game?.players.find((x) => x.color === color) as TvPlayer;
    if (!p.user) return playerName({ name: t('game.computerName', { level: p.ai ?? 0 }) });
    return playerName({ ...p.user, rating: p.rating }, { link: true, rating: true });
  }
}
