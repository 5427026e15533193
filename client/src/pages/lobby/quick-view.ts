/**
 * The lobby's quick pairing drawn: the variant (remembered), a tile per common clock (one click
 * searches, a second cancels), "Custom game" (the form below) and "Play the computer" (its
 * levels: a second click starts the game).
 */
import type { ClientPayload } from '../../../../src/common/protocol.js';
import { VARIANT_IDS, type VariantId } from '../../../../src/rules/index.js';
import { LEVEL_RATINGS } from '../../../../src/engine/level-ratings.js';
import type { El } from '../../lib/dom.js';
import { t, variantName } from '../../lib/i18n/index.js';
import type { LobbyCtrl } from './ctrl.js';
import type { LOBBY_IDS } from './ids.js';
import { QUICK_TILES, rememberVariant, rememberedVariant, tileSpeed } from './quick-tiles.js';

export class QuickView {
  private readonly tiles = new Map<string, HTMLButtonElement>();

  constructor(
    private readonly el: El<typeof LOBBY_IDS>,
    private readonly ctrl: LobbyCtrl,
    attempt: (fn: () => Promise<unknown>) => void,
  ) {
    const variant = el('quick-variant');
    for (const id of VARIANT_IDS) variant.add(new Option(variantName(id), id));
    variant.value = rememberedVariant();
    variant.addEventListener('change', () => {
      rememberVariant(this.variant);
      this.draw();
      // The forms below follow (unless a set-up position holds them to its variant).
      for (const select of [el('variant'), el('friend-variant')])
        if (!select.disabled) select.value = this.variant;
    });
    for (const tile of QUICK_TILES) {
      const b = tileButton(`quick-${tile.id}`);
      b.dataset.tile = tile.id;
      b.addEventListener('click', () => attempt(() => ctrl.quickPair(tile, this.variant)));
      this.tiles.set(tile.id, b);
    }
    el('quick-custom').addEventListener('click', () => {
      el('play-form').scrollIntoView({ behavior: 'smooth', block: 'start' });
      el('clock').focus({ preventScroll: true });
    });
    el('quick-computer-open').addEventListener('click', () => {
      el('quick-computer').hidden = !el('quick-computer').hidden;
      this.draw();
      if (!el('quick-computer').hidden) el('quick-levels').querySelector('button')?.focus();
    });
    el('quick-grid').prepend(...this.tiles.values());
    el('quick-levels').replaceChildren(
      ...LEVEL_RATINGS.map((_, i) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'tile level';
        b.dataset.level = String(i + 1);
        b.addEventListener('click', () =>
          attempt(() =>
            ctrl.quickComputer({
              variant: this.variant,
              level: i + 1,
              color: el('quick-color').value as ClientPayload<'computer:play'>['color'],
            }),
          ),
        );
        return b;
      }),
    );
  }

  get variant(): VariantId {
    return this.el('quick-variant').value as VariantId;
  }

  draw(): void {
    const { el, ctrl } = this;
    for (const o of el('quick-variant').options) o.text = variantName(o.value as VariantId);
    // A set-up position from the editor holds the variant to its own (the computer plays it).
    const setup = ctrl.setup;
    if (setup) el('quick-variant').value = setup.variant;
    el('quick-variant').disabled = setup !== null;
    const rules = el('quick-rules');
    rules.href = `/rules/${this.variant}`;
    rules.setAttribute('aria-label', t('rulesLink.of', { variant: variantName(this.variant) }));
    const waiting = ctrl.quickWaiting;
    for (const [id, b] of this.tiles) {
      const tile = QUICK_TILES.find((q) => q.id === id)!;
      const on = waiting === id;
      b.setAttribute('aria-pressed', String(on));
      b.classList.toggle('searching', on);
      tileText(
        b,
        tile.days === null ? id : t('quick.days', { count: tile.days }),
        on ? t('quick.cancel') : t(`speed.${tileSpeed(tile)}`),
        on,
      );
    }
    el('quick-status').textContent = waiting
      ? t('quick.searching', { tile: waitingText(waiting) })
      : '';
    tileText(el('quick-custom'), t('quick.custom'), t('quick.customHint'));
    const open = el('quick-computer-open');
    open.setAttribute('aria-expanded', String(!el('quick-computer').hidden));
    tileText(open, t('lobby.playComputer'), t('quick.computerHint'));
    for (const b of el('quick-levels').querySelectorAll<HTMLButtonElement>('button')) {
      const level = Number(b.dataset.level);
      tileText(b, t('quick.level', { level }), `~${LEVEL_RATINGS[level - 1]}`);
    }
  }
}

/** "3+2" or "2 days", as the status line says which search is on. */
function waitingText(id: string): string {
  const tile = QUICK_TILES.find((q) => q.id === id);
  return tile?.days ? t('quick.days', { count: tile.days }) : id;
}

function tileButton(id: string): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.id = id.replace('+', '-');
  b.className = 'tile';
  return b;
}

/** A tile's two lines: the big one (the clock) and its caption (the speed, or what it does). */
function tileText(b: HTMLElement, main: string, caption: string, spinner = false): void {
  const big = document.createElement('span');
  big.className = 'tile-main';
  big.textContent = main;
  const small = document.createElement('span');
  small.className = 'tile-caption';
  small.textContent = caption;
  const parts: Node[] = [big, small];
  if (spinner) {
    const spin = document.createElement('span');
    spin.className = 'spinner';
    spin.setAttribute('aria-hidden', 'true');
    parts.unshift(spin);
  }
  b.replaceChildren(...parts);
}
