// mazesearch serve, the page: a board (the structured BOARD of the API) drawn as SVG, with visit
// counts as colours and numbers and, for the maze editor, the mouse.
import { modelOf } from './models.js';
import { BLOCKED, UNVISITED, heatColor, heatT, svgEl } from './util.js';

// ------------------------------------------------------------------ boards as SVG

// Draws a board (the structured BOARD of the API) into an <svg>: cells (class `cell` and `open`
// or `blocked`, data-r, data-c), for passage boards the passages (class `passage`, data-dir),
// visit counts as colours and numbers, and optionally the mouse. Returns a handle to update the
// counts and the mouse without drawing it again.
export function drawBoard(svg, board, opts = {}) {
  while (svg.firstChild) svg.firstChild.remove();
  const R = board.rows;
  const C = board.cols;
  const S = opts.cell || 36;
  const model = modelOf(board.model);
  const passages = model.form === 'passages';
  const hex = model.shape === 'hexagon';
  // a hexagonal board: pointy-top hexagons S wide, odd rows half a cell to the right
  const radius = S / Math.sqrt(3);
  const centre = (r, c) => (hex
    ? [S * (c + 0.5 * (r % 2) + 0.5), radius * (1 + 1.5 * r)]
    : [c * S + S / 2, r * S + S / 2]);
  const padX = passages ? 4 : 2;
  const padY = passages ? Math.round(S * 0.8) : 2;
  const W = (hex ? (C + 0.5) * S : C * S) + 2 * padX;
  const H = (hex ? radius * (1.5 * (R - 1) + 2) : R * S) + 2 * padY;
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('width', W);
  svg.setAttribute('height', H);
  svg.setAttribute('role', 'img');
  svg.classList.add('board', passages ? 'board-passages' : hex ? 'board-hex' : 'board-cells');
  svg.dataset.model = board.model;
  if (opts.interactive) svg.classList.add('interactive');
  const g = svgEl('g', { transform: `translate(${padX},${padY})` });
  svg.append(g);
  const isStart = (r, c) => passages ? false : (board.start[0] === r && board.start[1] === c);
  const isExit = (r, c) => passages ? false : (board.exit[0] === r && board.exit[1] === c);
  const cells = [];
  const texts = [];
  const cellLayer = svgEl('g', { class: 'cells' });
  const textLayer = svgEl('g', { class: 'counts' });
  g.append(cellLayer, textLayer);
  for (let r = 0; r < R; r++) {
    for (let c = 0; c < C; c++) {
      const v = r * C + c;
      const open = passages ? true : !!board.open[v];
      const cls = ['cell', open ? 'open' : 'blocked'];
      if (isStart(r, c)) cls.push('start');
      if (isExit(r, c)) cls.push('exit');
      const [cx, cy] = centre(r, c);
      const rect = hex
        ? svgEl('polygon', {
          class: cls.join(' '), points: hexagon(cx, cy, radius), fill: open ? UNVISITED : BLOCKED, 'data-r': r, 'data-c': c,
        })
        : svgEl('rect', {
          class: cls.join(' '), x: c * S, y: r * S, width: S, height: S,
          fill: open ? UNVISITED : BLOCKED, 'data-r': r, 'data-c': c,
        });
      rect.append(svgEl('title', { text: `(${r}, ${c})${open ? '' : ' blocked'}` }));
      cellLayer.append(rect);
      cells.push(rect);
      const t = svgEl('text', { x: cx, y: cy, class: 'count' });
      textLayer.append(t);
      texts.push(t);
    }
  }
  if (hex) {
    for (const [rc, label, cls] of [[board.start, 'S', 'mark-start'], [board.exit, 'E', 'mark-exit']]) {
      const [cx, cy] = centre(rc[0], rc[1]);
      g.append(svgEl('polygon', { class: `mark-frame ${cls}`, points: hexagon(cx, cy, radius - 1.5) }));
      g.append(svgEl('text', { class: `mark ${cls}`, x: cx - S * 0.32, y: cy - radius * 0.62 }, label));
    }
  } else if (!passages) {
    for (const [rc, label, cls] of [[board.start, 'S', 'mark-start'], [board.exit, 'E', 'mark-exit']]) {
      const [r, c] = rc;
      g.append(svgEl('rect', { class: `mark-frame ${cls}`, x: c * S + 1.5, y: r * S + 1.5, width: S - 3, height: S - 3 }));
      g.append(svgEl('text', { class: `mark ${cls}`, x: c * S + 3, y: r * S + 3 }, label));
    }
  } else {
    drawPassages(g, board, S, opts);
  }
  let mouse = null;
  if (opts.mouse) {
    mouse = svgEl('g', { class: 'mouse', id: opts.mouseId || null, visibility: 'hidden' },
      svgEl('path', { class: 'mouse-tail', d: `M ${-S * 0.22} ${S * 0.05} q ${-S * 0.12} ${S * 0.14} ${-S * 0.24} ${S * 0.02}` }),
      svgEl('ellipse', { class: 'mouse-body', cx: 0, cy: S * 0.04, rx: S * 0.24, ry: S * 0.17 }),
      svgEl('circle', { class: 'mouse-ear', cx: S * 0.1, cy: -S * 0.14, r: S * 0.09 }),
      svgEl('circle', { class: 'mouse-ear', cx: S * 0.24, cy: -S * 0.06, r: S * 0.08 }),
      svgEl('circle', { class: 'mouse-eye', cx: S * 0.17, cy: S * 0.0, r: S * 0.03 }));
    g.append(mouse);
  }
  const shown = new Array(R * C).fill(-1);
  const handle = {
    board, svg, cells, S,
    setVisits(counts, max, showCounts = true) {
      for (let v = 0; v < R * C; v++) {
        const open = passages || !!board.open[v];
        const n = counts ? counts[v] || 0 : 0;
        const key = open ? (showCounts ? n : -2 - n) : -3;
        if (shown[v] === key) continue;
        shown[v] = key;
        cells[v].setAttribute('fill', open ? heatColor(n, max) : BLOCKED);
        const t = texts[v];
        if (open && showCounts && n > 0) {
          const s = String(n);
          t.textContent = s;
          t.setAttribute('font-size', Math.min(S * 0.36, (S - 4) / (0.6 * s.length)).toFixed(1));
          t.setAttribute('fill', heatT(n, max) > 0.55 ? '#ffffff' : '#1f2937');
        } else if (t.textContent) {
          t.textContent = '';
        }
      }
    },
    // where: a vertex id r*C+c; for passage boards 'in' (above the entrance) or R*C (outside,
    // below the exit); null hides the mouse.
    setMouse(where) {
      if (!mouse) return;
      if (where === null || where === undefined) { mouse.setAttribute('visibility', 'hidden'); return; }
      let x;
      let y;
      if (where === 'in') { x = board.entrance * S + S / 2; y = -padY / 2 - 2; }
      else if (where >= R * C) { x = board.exit * S + S / 2; y = R * S + padY / 2 + 2; }
      else [x, y] = centre(Math.floor(where / C), where % C);
      mouse.setAttribute('transform', `translate(${x},${y})`);
      mouse.setAttribute('visibility', 'visible');
    },
  };
  return handle;
}

// The corners of a pointy-top hexagon of corner radius `radius` around (x, y), as SVG points.
function hexagon(x, y, radius) {
  const points = [];
  for (let k = 0; k < 6; k++) {
    const a = ((60 * k + 30) * Math.PI) / 180;
    points.push(`${(x + radius * Math.cos(a)).toFixed(2)},${(y + radius * Math.sin(a)).toFixed(2)}`);
  }
  return points.join(' ');
}

function drawPassages(g, board, S, opts) {
  const R = board.rows;
  const C = board.cols;
  const T = 4; // wall thickness
  const layer = svgEl('g', { class: 'walls' });
  g.append(layer);
  // the outer border, with the entrance gap on top and the exit gap below
  const border = [];
  for (let c = 0; c < C; c++) {
    if (c !== board.entrance) border.push(`M ${c * S} 0 H ${(c + 1) * S}`);
    if (c !== board.exit) border.push(`M ${c * S} ${R * S} H ${(c + 1) * S}`);
  }
  border.push(`M 0 0 V ${R * S}`, `M ${C * S} 0 V ${R * S}`);
  layer.append(svgEl('path', { class: 'border', d: border.join(' '), 'stroke-width': T }));
  // entrance and exit arrows
  const ax = board.entrance * S + S / 2;
  const ex = board.exit * S + S / 2;
  layer.append(svgEl('path', { class: 'door door-in', d: `M ${ax} ${-S * 0.55} V ${-S * 0.12} m -5 -6 l 5 6 l 5 -6` }));
  layer.append(svgEl('path', { class: 'door door-out', d: `M ${ex} ${R * S + S * 0.12} V ${R * S + S * 0.55} m -5 -6 l 5 6 l 5 -6` }));
  const items = [];
  for (let r = 0; r < R; r++) {
    for (let c = 0; c < C; c++) {
      const v = r * C + c;
      if (c + 1 < C) items.push([r, c, 'right', !!board.right[v]]);
      if (r + 1 < R) items.push([r, c, 'down', !!board.down[v]]);
    }
  }
  for (const [r, c, dir, open] of items) {
    const right = dir === 'right';
    const x0 = right ? (c + 1) * S : c * S;
    const y0 = right ? r * S : (r + 1) * S;
    const wall = right
      ? svgEl('rect', { class: 'wall', x: x0 - T / 2, y: y0 - T / 2, width: T, height: S + T })
      : svgEl('rect', { class: 'wall', x: x0 - T / 2, y: y0 - T / 2, width: S + T, height: T });
    const grp = svgEl('g', { class: `passage ${open ? 'open' : 'closed'}`, 'data-r': r, 'data-c': c, 'data-dir': dir });
    if (opts.interactive) {
      const hit = right
        ? svgEl('rect', { class: 'hit', x: x0 - 6, y: y0 + 4, width: 12, height: S - 8 })
        : svgEl('rect', { class: 'hit', x: x0 + 4, y: y0 - 6, width: S - 8, height: 12 });
      hit.append(svgEl('title', { text: `passage ${dir} of (${r}, ${c}): ${open ? 'open' : 'walled'}` }));
      grp.append(hit);
    }
    grp.append(wall);
    layer.append(grp);
  }
  // corner posts
  const posts = [];
  for (let r = 0; r <= R; r++) {
    for (let c = 0; c <= C; c++) posts.push(`M ${c * S - T / 2} ${r * S - T / 2} h ${T} v ${T} h ${-T} z`);
  }
  layer.append(svgEl('path', { class: 'posts', d: posts.join(' ') }));
}
