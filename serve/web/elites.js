// mazesearch serve, the page: a map-elites run's archive as a heat map (GET /api/run's `elites`:
// its axes and its cells). x runs down and y across, as studies/plot_elites.py draws it (hot-row x
// hot-col is the board's own layout); three axes give a grid for each bin of z. A cell is coloured
// by its board's value (pale: the lowest of the archive, dark: the highest), an empty one is left
// blank, the best is outlined; a click on a cell calls onPick(file, value, label).
import { el, fmtInt, fmtScore, heatAt, isNum, svgEl } from './util.js';

const CELL = 22;   // pixels a cell, at most
const LABEL = 44;  // room for the axes' names and ticks

export function ElitesMap(onPick) {
  const box = el('div', { class: 'elites-box', id: 'run-elites' });
  const caption = el('p', { class: 'caption', id: 'run-elites-caption' });
  const element = el('div', {}, box, caption);
  let key = null;
  let selected = null;

  function render(elites) {
    const axes = elites && Array.isArray(elites.axes) ? elites.axes : [];
    const cells = elites && Array.isArray(elites.cells) ? elites.cells : [];
    const k = JSON.stringify([axes, cells.map((c) => [c.cell, c.value]), elites && elites.error]);
    if (k === key) return;
    key = k;
    box.replaceChildren();
    if (elites && typeof elites.error === 'string') {
      caption.textContent = `archive not shown: ${elites.error}`;
      return;
    }
    const bins = [0, 1, 2].map((a) => (axes[a] && isNum(axes[a].bins) ? axes[a].bins : 1));
    const values = cells.map((c) => c.value).filter(isNum);
    const lo = values.length ? Math.min(...values) : 0;
    const hi = values.length ? Math.max(...values) : 1;
    const best = cells.find((c) => c.value === hi);
    const size = Math.max(6, Math.min(CELL, Math.floor(480 / Math.max(bins[0], bins[1]))));
    const byCell = new Map(cells.map((c) => [c.cell, c]));
    for (let z = 0; z < bins[2]; z++) {
      const w = LABEL + bins[1] * size + 2;
      const h = LABEL + bins[0] * size + 2;
      const svg = svgEl('svg', { class: 'elites', width: w, height: h, viewBox: `0 0 ${w} ${h}` });
      const name = (a) => (axes[a] ? axes[a].descriptor : '');
      svg.append(svgEl('text', { x: LABEL + (bins[1] * size) / 2, y: 12, 'text-anchor': 'middle', class: 'elites-axis' },
        axes.length >= 2 ? name(1) : name(0)));
      if (axes.length >= 2) {
        svg.append(svgEl('text', { x: 12, y: LABEL + (bins[0] * size) / 2, 'text-anchor': 'middle', class: 'elites-axis',
          transform: `rotate(-90 12 ${LABEL + (bins[0] * size) / 2})` }, name(0)));
      }
      const rows = axes.length >= 2 ? bins[0] : 1;
      const cols = axes.length >= 2 ? bins[1] : bins[0];
      for (let r = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
          const index = axes.length >= 2 ? r + bins[0] * (c + bins[1] * z) : c;
          const cell = byCell.get(index);
          const rect = svgEl('rect', {
            x: LABEL + c * size, y: LABEL + r * size, width: size - 1, height: size - 1,
            class: cell ? 'elite' : 'elite-empty', 'data-cell': index,
            fill: cell ? heatAt(hi > lo ? (cell.value - lo) / (hi - lo) : 1) : '#ffffff',
          });
          if (cell) {
            const label = `cell ${index} (${axes.map((a, i) => `${a.descriptor} bin ${[r, c, z][axes.length >= 2 ? i : 1]}`).join(', ')})`;
            rect.append(svgEl('title', {}, `${label}: ${fmtScore(cell.value)}`));
            if (cell === best) rect.classList.add('elite-best');
            rect.addEventListener('click', () => {
              if (selected) selected.classList.remove('elite-selected');
              selected = rect;
              rect.classList.add('elite-selected');
              onPick(cell.file, cell.value, label);
            });
          }
          svg.append(rect);
        }
      }
      if (axes.length >= 3) {
        svg.append(svgEl('text', { x: LABEL, y: 28, class: 'elites-axis' }, `${name(2)} bin ${z}`));
      }
      box.append(svg);
    }
    caption.textContent = `${fmtInt(cells.length)} of ${fmtInt(bins[0] * bins[1] * bins[2])} cells hold a board; `
      + `values ${fmtScore(lo)} (pale) to ${fmtScore(hi)} (dark, outlined). Click a cell to see its board walk.`;
  }

  return { element, render };
}
