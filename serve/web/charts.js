// mazesearch serve, the page: the best-so-far charts of the run and sweep views (Chart.js 3, the
// global `Chart` from /static/chart.js) and the step curves they draw.
import { fmtCompact, fmtInt, fmtScore, median } from './util.js';

export function hasChart() {
  return typeof window.Chart === 'function';
}

if (hasChart()) {
  Chart.defaults.font.family = getComputedStyle(document.body).fontFamily;
  Chart.defaults.color = '#374151';
}

function logTick(value) {
  if (!(value > 0)) return '';
  const r = value / Math.pow(10, Math.floor(Math.log10(value) + 1e-9));
  return [1, 2, 5].some((k) => Math.abs(r - k) < 1e-6) ? fmtCompact(value) : '';
}

// ------------------------------------------------------------------ step curves

// Keeps a repeat's best-so-far curve small: the first row, every row where the best changes, a
// row whenever the evaluations grew by 1% since the last kept one, and the latest row (replaced
// as newer rows come). Drawn as steps, this is exactly the curve of all the rows.
export function addCurvePoint(rep, x, y) {
  const pts = rep.points;
  if (rep.tail) { pts.pop(); rep.tail = false; }
  const prev = pts[pts.length - 1];
  pts.push({ x, y });
  if (prev && y === prev.y && x < prev.x * 1.01) rep.tail = true;
}

export function valueAt(pts, x) {
  // the step curve's value at x: the last point at or before x
  let lo = 0;
  let hi = pts.length - 1;
  if (!pts.length || x < pts[0].x) return null;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (pts[mid].x <= x) lo = mid; else hi = mid - 1;
  }
  return pts[lo].y;
}

// The median curve over several step curves, on the union of their x values (thinned to at most
// ~2000); at each x over the curves that have reached it.
export function medianCurve(curves) {
  const live = curves.filter((c) => c.length);
  if (live.length < 2) return [];
  let xs = Array.from(new Set(live.flatMap((c) => c.map((p) => p.x)))).sort((a, b) => a - b);
  if (xs.length > 2000) {
    const step = xs.length / 2000;
    const thin = [];
    for (let i = 0; i < 2000; i++) thin.push(xs[Math.floor(i * step)]);
    thin.push(xs[xs.length - 1]);
    xs = thin;
  }
  const out = [];
  for (const x of xs) {
    const vals = [];
    for (const c of live) {
      if (x > c[c.length - 1].x) continue; // this repeat has not got there yet
      const v = valueAt(c, x);
      if (v !== null) vals.push(v);
    }
    if (vals.length >= 2) out.push({ x, y: median(vals) });
  }
  return out;
}

export function stepChart(canvas, yLabel, extra = {}) {
  return new Chart(canvas.getContext('2d'), {
    type: 'line',
    data: { datasets: [] },
    options: {
      animation: false,
      parsing: false,
      normalized: true,
      responsive: true,
      maintainAspectRatio: false,
      interaction: { mode: 'nearest', axis: 'x', intersect: false },
      elements: { point: { radius: 0, hitRadius: 6, hoverRadius: 3 }, line: { borderWidth: 1.5, stepped: true } },
      scales: {
        x: { type: 'linear', title: { display: true, text: 'evaluations' }, ticks: { callback: (v) => fmtCompact(v), maxTicksLimit: 10 } },
        y: { title: { display: true, text: yLabel }, ticks: { callback: (v) => fmtScore(v) } },
      },
      plugins: {
        legend: { position: 'bottom', labels: { boxWidth: 14, boxHeight: 2, filter: extra.legendFilter } },
        tooltip: {
          filter: extra.tooltipFilter,
          callbacks: {
            title: (items) => items.length ? `${fmtInt(items[0].parsed.x)} evaluations` : '',
            label: (item) => `${item.dataset.label}: ${fmtScore(item.parsed.y)}`,
          },
        },
      },
    },
  });
}

export function setLogX(chart, on) {
  chart.options.scales.x.type = on ? 'logarithmic' : 'linear';
  chart.options.scales.x.ticks.callback = on ? logTick : (v) => fmtCompact(v);
  chart.options.scales.x.ticks.autoSkip = !on;
  chart.update('none');
}

export function scoreLabel(summary) {
  const conv = summary && typeof summary.convention === 'string' ? summary.convention : '';
  return conv ? `best so far: ${conv}` : 'best so far';
}
