/**
 * The gradients board.css paints with (url(#damas-...)): the wood's grain, the classic pieces'
 * light, a piece's shadow. Drawn once per page, in an SVG of their own, so that their ids are
 * unique however many boards the page shows (the game's, the settings' preview).
 */
import { el } from './svg.js';

const ID = 'damas-board-defs';

export function ensureBoardDefs(): void {
  if (document.getElementById(ID)) return;
  const svg = el('svg', {
    id: ID,
    width: 0,
    height: 0,
    'aria-hidden': 'true',
    focusable: 'false',
    // Out of the layout but still rendered: a display:none SVG's gradients paint nothing.
    style: 'position:absolute;width:0;height:0;overflow:hidden',
  });
  const defs = el('defs', {});
  defs.append(
    grain('damas-wood-dark', ['#ad7543', '#9f6737', '#b47d4a', '#a46c3c', '#99622f', '#ab7341']),
    grain('damas-wood-light', ['#eed7b0', '#e6cc9f', '#f1dcb8', '#e9d0a6', '#e3c899', '#edd5ae']),
    radial('damas-classic-white', 0.38, 0.3, [
      [0, '#fffdf7'],
      [0.55, '#efe5cf'],
      [1, '#cdbd9b'],
    ]),
    radial('damas-classic-black', 0.38, 0.3, [
      [0, '#5d5550'],
      [0.5, '#332c28'],
      [1, '#141110'],
    ]),
    radial('damas-shadow', 0.5, 0.5, [
      [0.72, 'rgb(0 0 0 / 50%)'],
      [1, 'rgb(0 0 0 / 0%)'],
    ]),
  );
  svg.append(defs);
  document.body.append(svg);
}

/** Fine stripes across the whole board (board units), slanted, each stop a shade of the wood. */
function grain(id: string, shades: string[]): SVGElement {
  const g = el('linearGradient', {
    id,
    gradientUnits: 'userSpaceOnUse',
    x1: 0,
    y1: 0,
    x2: 0.45,
    y2: 0.08,
    spreadMethod: 'reflect',
  });
  shades.forEach((c, i) =>
    g.append(el('stop', { offset: i / (shades.length - 1), 'stop-color': c })),
  );
  return g;
}

function radial(id: string, fx: number, fy: number, stops: [number, string][]): SVGElement {
  const g = el('radialGradient', { id, cx: 0.5, cy: 0.5, r: 0.5, fx, fy });
  for (const [offset, color] of stops) g.append(el('stop', { offset, 'stop-color': color }));
  return g;
}
