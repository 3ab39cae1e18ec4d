// mazesearch serve, the page: the sweep view (#/sweep/PATH): its combinations, their convergence,
// the comparison with the leader and the points.
import { Poller, api, showError } from './api.js';
import { hasChart, setLogX, stepChart, valueAt } from './charts.js';
import {
  PALETTE, badge, el, encodePath, fmtDuration, fmtInt, fmtScore, isNum, median, rgba, setBadge, setText,
} from './util.js';

// For one combination: the median, lowest and highest best-so-far over its runs (one a point, or
// one a repeat of each point), on the union of their evaluation counts, each run read as a step
// curve. A run whose point is still running is left out past its last pair; a finished one keeps
// its last value.
function combinationCurves(seriesList) {
  const curves = seriesList.filter((s) => s.pairs.length);
  const xs = Array.from(new Set(curves.flatMap((s) => s.pairs.map((p) => p.x)))).sort((a, b) => a - b);
  const med = [];
  const lo = [];
  const hi = [];
  for (const x of xs) {
    const vals = [];
    for (const s of curves) {
      const last = s.pairs[s.pairs.length - 1];
      if (x > last.x && !s.finished) continue;
      const v = valueAt(s.pairs, x);
      if (v !== null) vals.push(v);
    }
    if (!vals.length) continue;
    med.push({ x, y: median(vals) });
    lo.push({ x, y: Math.min(...vals) });
    hi.push({ x, y: Math.max(...vals) });
  }
  return { med, lo, hi };
}

// A point's runs as /api/sweep keys its series: `ID` for a point of one run, `ID/repeat-NNN` for
// each repeat of a point with repeats (in repeat order).
function pointRuns(series, id) {
  const key = String(id);
  return Object.keys(series).filter((k) => k === key || k.startsWith(`${key}/repeat-`)).sort()
    .map((k) => (Array.isArray(series[k]) ? series[k] : [])
      .filter((p) => Array.isArray(p) && isNum(p[0]) && isNum(p[1])).map((p) => ({ x: p[0], y: p[1] })));
}

export function SweepView(root, route) {
  const path = route.path;
  const statusBadge = el('span', { id: 'sweep-status', class: 'badge' }, '…');
  const title = el('h1', {}, path);
  const sub = el('p', { class: 'muted', id: 'sweep-sub' });
  const tableBox = el('div', { class: 'table-wrap' });
  const compareBox = el('div', { id: 'sweep-compare-box' });
  const canvas = el('canvas', { id: 'sweep-chart' });
  const chartNote = el('p', { class: 'muted small', id: 'sweep-chart-note' });
  const logX = el('input', { type: 'checkbox', id: 'sweep-logx' });
  const pointsBody = el('tbody');
  const pointsHead = el('tr');
  root.append(
    el('div', { class: 'crumbs' }, el('a', { href: '#/' }, 'Runs'), ' / ', el('span', {}, path)),
    el('section', { class: 'card' }, el('div', { class: 'card-head' }, title, statusBadge), sub),
    el('section', { class: 'card' },
      el('div', { class: 'card-head' }, el('h2', {}, 'Combinations')), tableBox),
    el('section', { class: 'card' },
      el('div', { class: 'card-head' }, el('h2', {}, 'Convergence by combination'),
        el('span', { class: 'muted small' }, 'median over the points (line), lowest to highest (band)'),
        el('span', { class: 'spacer' }), el('label', { class: 'toggle' }, logX, ' log evaluations')),
      el('div', { class: 'chart-box' }, canvas), chartNote),
    el('section', { class: 'card' }, el('div', { class: 'card-head' }, el('h2', {}, 'Comparison with the leader')), compareBox),
    el('section', { class: 'card' }, el('div', { class: 'card-head' }, el('h2', {}, 'Points')),
      el('div', { class: 'table-wrap' }, el('table', { class: 'table', id: 'sweep-points' }, el('thead', {}, pointsHead), pointsBody))));

  const state = { stopped: false, chart: null, data: null, running: false };
  if (hasChart()) {
    state.chart = stepChart(canvas, 'best so far', {
      legendFilter: (item, data) => !data.datasets[item.datasetIndex].isBand,
      tooltipFilter: (item) => !item.dataset.isBand,
    });
    window.mazesearchSweepChart = state.chart;
  } else {
    showError('Chart.js did not load (/static/chart.js): the charts are left out');
  }
  logX.addEventListener('change', () => state.chart && setLogX(state.chart, logX.checked));

  const labelOf = (values, keys) => keys.map((k) => `${k}=${values[k]}`).join(', ') || 'all';

  function renderTable(t) {
    const keys = Array.isArray(t.keys) ? t.keys : [];
    const groups = Array.isArray(t.groups) ? t.groups : [];
    const hasPast = isNum(t.past);
    const head = el('tr', {}, keys.map((k) => el('th', {}, k)), el('th', {}, ''),
      el('th', { class: 'num' }, 'finished'), el('th', { class: 'num' }, 'runs'), el('th', { class: 'num' }, 'best'),
      el('th', { class: 'num' }, 'median'), el('th', { class: 'num' }, 'worst'),
      hasPast ? el('th', { class: 'num' }, `past ${fmtScore(t.past)}`) : null,
      el('th', { class: 'num' }, 'evaluations per run'), el('th', { class: 'num' }, 'seconds per run'));
    const body = el('tbody', {}, groups.map((g, i) => {
      const runs = isNum(g.runs) ? g.runs : 0;
      const values = g.values && typeof g.values === 'object' ? g.values : {};
      return el('tr', { 'data-group': i },
        keys.map((k) => el('td', { class: 'key' }, values[k] === undefined ? '—' : String(values[k]))),
        el('td', {}, el('span', { class: 'swatch', style: `background:${PALETTE[i % PALETTE.length]}` })),
        el('td', { class: 'num' }, `${fmtInt(g.finished)} of ${fmtInt(Array.isArray(g.points) ? g.points.length : null)}`),
        el('td', { class: 'num' }, fmtInt(runs)),
        el('td', { class: 'num best' }, fmtScore(g.best)),
        el('td', { class: 'num median' }, fmtScore(g.median)),
        el('td', { class: 'num worst' }, fmtScore(g.worst)),
        hasPast ? el('td', { class: 'num' }, isNum(g.runs_past) ? `${g.runs_past} of ${runs}` : '—') : null,
        el('td', { class: 'num' }, runs && isNum(g.evaluations) ? fmtInt(g.evaluations / runs) : '—'),
        el('td', { class: 'num' }, runs && isNum(g.seconds) ? fmtDuration(g.seconds / runs) : '—'));
    }));
    tableBox.replaceChildren(el('table', { class: 'table', id: 'sweep-table' }, el('thead', {}, head), body));
    if (!groups.length) tableBox.append(el('p', { class: 'empty' }, 'No combinations yet.'));
  }

  function renderCompare(cmp) {
    compareBox.replaceChildren();
    if (!cmp || !cmp.leader) {
      compareBox.append(el('p', { class: 'muted' }, 'No comparison yet: it needs two combinations with finished runs.'));
      return;
    }
    compareBox.append(el('p', {}, 'Leader (highest median): ', el('strong', {}, cmp.leader)));
    const others = Array.isArray(cmp.others) ? cmp.others : [];
    const conf = isNum(cmp.confidence) ? Math.round(cmp.confidence * 100) : 95;
    compareBox.append(el('div', { class: 'table-wrap' }, el('table', { class: 'table', id: 'sweep-compare' },
      el('thead', {}, el('tr', {}, el('th', {}, 'combination'), el('th', { class: 'num' }, "leader's lead"),
        el('th', { class: 'num' }, `${conf}% interval`), el('th', { class: 'num' }, 'Mann-Whitney p'),
        el('th', { class: 'num' }, 'U'), el('th', {}, 'verdict'))),
      el('tbody', {}, others.map((o) => el('tr', {},
        el('td', {}, o.combination),
        el('td', { class: 'num' }, fmtScore(o.lead)),
        el('td', { class: 'num' }, `${fmtScore(o.lead_low)} to ${fmtScore(o.lead_high)}`
          + (isNum(o.lead_confidence) && Math.round(o.lead_confidence * 100) !== conf ? ` (${(o.lead_confidence * 100).toFixed(0)}%)` : '')),
        el('td', { class: 'num' }, isNum(o.p_two_sided)
          ? (o.p_two_sided < 0.001 ? o.p_two_sided.toExponential(1) : o.p_two_sided.toFixed(3)) + (o.exact === false ? ' (normal approx.)' : '')
          : '—'),
        el('td', { class: 'num' }, fmtScore(o.u)),
        el('td', { class: `verdict ${o.verdict === 'the leader is better' ? 'good' : ''}` }, o.verdict || '')))))));
  }

  function renderPoints(data) {
    const pts = Array.isArray(data.points) ? data.points : [];
    const keys = Array.from(new Set(pts.flatMap((p) => Object.keys(p.overrides || {}))));
    pointsHead.replaceChildren(el('th', { class: 'num' }, 'id'), el('th', {}, 'folder'), ...keys.map((k) => el('th', {}, k)),
      el('th', {}, 'status'), el('th', { class: 'num' }, 'best'), el('th', { class: 'num' }, 'evaluations'), el('th', { class: 'num' }, 'seconds'));
    pointsBody.replaceChildren(...pts.map((p) => el('tr', { 'data-point': p.id },
      el('td', { class: 'num' }, String(p.id)),
      el('td', {}, el('a', { href: `#/run/${encodePath(path + '/' + p.folder)}` }, p.folder)),
      keys.map((k) => el('td', { class: 'key' }, (p.overrides || {})[k] ?? '')),
      el('td', {}, badge(p.status)),
      el('td', { class: 'num' }, fmtScore(p.best)),
      el('td', { class: 'num' }, fmtInt(p.evaluations)),
      el('td', { class: 'num' }, fmtDuration(p.seconds)))));
  }

  function renderChart(data) {
    const chart = state.chart;
    if (!chart) return;
    const t = data.table || {};
    const keys = Array.isArray(t.keys) ? t.keys : [];
    const groups = Array.isArray(t.groups) ? t.groups : [];
    const byId = new Map((data.points || []).map((p) => [String(p.id), p]));
    const series = data.series && typeof data.series === 'object' ? data.series : {};
    const sets = [];
    groups.forEach((g, i) => {
      const color = PALETTE[i % PALETTE.length];
      const ids = Array.isArray(g.points) ? g.points : [];
      const list = ids.flatMap((id) => {
        const finished = (byId.get(String(id)) || {}).status === 'finished';
        return pointRuns(series, id).map((pairs) => ({ pairs, finished }));
      });
      const { med, lo, hi } = combinationCurves(list);
      const label = labelOf(g.values || {}, keys);
      const runs = list.length > ids.length ? `, ${list.length} runs` : '';
      const points = `${ids.length} point${ids.length === 1 ? '' : 's'}`;
      // group and role tell the browser test which combination and which line a dataset draws
      const band = { isBand: true, group: i, borderColor: 'transparent', borderWidth: 0, stepped: true, pointRadius: 0 };
      sets.push({ ...band, label: `${label} lowest`, role: 'lowest', data: lo, backgroundColor: 'transparent', fill: false });
      sets.push({ ...band, label: `${label} highest`, role: 'highest', data: hi, backgroundColor: rgba(color, 0.16), fill: '-1' });
      sets.push({ label: `${label} (${points}${runs})`, group: i, role: 'median', data: med, borderColor: color, backgroundColor: color, borderWidth: 2, stepped: true, fill: false });
    });
    chart.data.datasets = sets;
    chart.options.scales.y.title.text = 'best so far';
    // A best of -inf or inf (a cat trap that cannot be won) has no place on the axis: say so.
    const offAxis = Object.entries(series).filter(([, pairs]) => Array.isArray(pairs)
      && pairs.some((p) => Array.isArray(p) && typeof p[1] === 'string')).map(([k]) => k).sort();
    setText(chartNote, offAxis.length
      ? `not drawn where the best so far is infinite (-inf, inf), in ${offAxis.length} run${offAxis.length === 1 ? '' : 's'}: ${offAxis.join(', ')}`
      : '');
    chart.update('none');
  }

  async function tick() {
    const data = await api('/api/sweep', { path });
    if (state.stopped) return;
    state.data = data;
    const pts = Array.isArray(data.points) ? data.points : [];
    const statuses = pts.map((p) => p.status);
    state.running = statuses.includes('running');
    setBadge(statusBadge, data.status); // the server's word, as the runs table gives it
    const spec = data.spec || {};
    const finished = statuses.filter((s) => s === 'finished').length;
    setText(title, `Sweep ${path}`);
    const axes = Array.isArray(spec.axes) ? spec.axes.map((a) => (a.keys || []).join(' + ')).join(' × ') : '';
    setText(sub, [spec.config ? `config ${spec.config}` : '', axes ? `axes ${axes}` : '',
      Array.isArray(spec.fixed) && spec.fixed.length ? `fixed ${spec.fixed.join(' ')}` : '',
      `${finished} of ${pts.length} points finished`].filter(Boolean).join(' · '));
    renderTable(data.table || {});
    renderCompare(data.compare);
    renderPoints(data);
    renderChart(data);
  }

  const poller = new Poller(tick, () => (state.running ? 2000 : 10000)).start();
  return {
    unmount() {
      state.stopped = true;
      poller.stop();
      if (state.chart) state.chart.destroy();
      window.mazesearchSweepChart = undefined;
    },
  };
}
