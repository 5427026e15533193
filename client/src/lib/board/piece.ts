/**
 * A piece as SVG, centred on its square: a shadow, the body, a ring and a groove, a king's crown.
 * Which parts show, and how they are painted, is the piece style's (board.css, body[data-pieces]).
 */
import { ensureBoardDefs } from './board-defs.js';
import { el } from './svg.js';

/**
 * A crown of three points, each with a ball, over a band: one path, half a square wide, centred
 * on the piece (drawn in a 0.4 wide box, scaled by K).
 */
const K = 1.25;
const n = (v: number) => +(v * K).toFixed(3);
const CROWN = [
  `M${n(-0.17)} ${n(0.08)}L${n(-0.2)} ${n(-0.09)}L${n(-0.088)} 0L0 ${n(-0.14)}L${n(0.088)} 0`,
  `L${n(0.2)} ${n(-0.09)}L${n(0.17)} ${n(0.08)}Z`,
  `M${n(-0.17)} ${n(0.105)}H${n(0.17)}V${n(0.15)}H${n(-0.17)}Z`,
  ...[
    [-0.2, -0.09],
    [0, -0.14],
    [0.2, -0.09],
  ].map(([x, y]) => {
    const r = n(0.03);
    return `M${n(x) - r} ${n(y)}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;
  }),
].join('');

/** A piece drawn at column x, row y (the board's, and the settings' preview). */
export function pieceEl(
  sq: number,
  color: string,
  king: boolean,
  x: number,
  y: number,
): SVGElement {
  ensureBoardDefs();
  const g = el('g', {
    class: `piece ${color}${king ? ' king' : ''}`,
    'data-square': sq,
    transform: `translate(${x + 0.5} ${y + 0.5})`,
  });
  g.append(
    el('circle', { cy: 0.05, r: 0.46, class: 'shadow' }),
    el('circle', { r: 0.41, class: 'body' }),
    el('circle', { r: 0.31, class: 'ring' }),
  );
  if (king) g.append(el('path', { d: CROWN, class: 'crown' }));
  else g.append(el('circle', { r: 0.2, class: 'groove' }));
  return g;
}
