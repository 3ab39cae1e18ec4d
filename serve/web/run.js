// mazesearch serve, the page: the run view (#/run/PATH): its numbers, the convergence chart of its
// repeats, the best and archived boards as heat maps, the summary and the config.
import { ApiError, Poller, api, setRootFolder, showError } from './api.js';
import { drawBoard } from './board.js';
import { isPassages } from './models.js';
import { addCurvePoint, hasChart, medianCurve, scoreLabel, setLogX, stepChart } from './charts.js';
import { ElitesMap } from './elites.js';
import { MazeView } from './maze.js';
import {
  PALETTE, badge, el, encodePath, fmtDuration, fmtInt, fmtScore, fmtSpeed, heatLegend, isNum, progressBar,
  rgba, setBadge, setProgress, setText, stat, svgEl,
} from './util.js';

export function RunView(root, route) {
  const path = route.path;
  const sweepMatch = path.match(/^(.*)\/(point-\d+)$/);
  const statusBadge = el('span', { id: 'run-status', class: 'badge' }, '…');
  const title = el('h1', {}, path);
  const evals = el('span', { id: 'run-evals', class: 'stat-value' }, '—');
  const evalsOf = el('span', { class: 'stat-sub' });
  const evalBar = progressBar(null);
  const bestV = el('span', { id: 'run-best', class: 'stat-value' }, '—');
  const speedV = el('span', { id: 'run-speed', class: 'stat-value' }, '—');
  const ttgV = el('span', { id: 'run-time-to-go', class: 'stat-value' }, '—');
  const secV = el('span', { id: 'run-seconds', class: 'stat-value' }, '—');
  const repV = el('span', { id: 'run-repeats', class: 'stat-value' }, '—');
  const canvas = el('canvas', { id: 'run-chart' });
  const logX = el('input', { type: 'checkbox', id: 'run-logx' });
  const chartNote = el('span', { class: 'muted', id: 'run-chart-note' });
  const heat = svgEl('svg', { id: 'run-heatmap', class: 'board' });
  const heatCaption = el('p', { class: 'caption', id: 'run-heatmap-caption' }, 'no board yet');
  const heatLegendBox = el('div');
  // A board of a game target (a cat trap's hexagons, a cat and mouse board with its cat) is shown
  // as its text: the walk and its heat map are for mouse mazes and passage boards.
  const boardText = el('pre', { class: 'board-text', id: 'run-board-text', hidden: true });
  const openEditor = el('button', { type: 'button', id: 'run-open-editor', class: 'button', disabled: true }, 'Open in maze editor');
  const showBest = el('button', { type: 'button', class: 'link-button', hidden: true }, 'show the best board');
  const archiveList = el('ol', { class: 'archive', id: 'run-archive' });
  // A map-elites run's archive: a click on a cell shows its board in the heat map above, walking.
  const elitesMap = ElitesMap((file, value, label) => pickElite(file, value, label));
  const elitesCard = el('section', { class: 'card', id: 'run-elites-card', hidden: true },
    el('div', { class: 'card-head' }, el('h2', {}, 'Archive of elites')),
    el('p', { class: 'muted small' }, 'The best board of each cell of the archive (its descriptors: where the walk '
      + 'piles its visits up, ...), coloured by its value; click a cell to see its board walk.'),
    elitesMap.element);
  const repeatsBody = el('tbody');
  const summaryBox = el('dl', { class: 'facts', id: 'run-summary' });
  const configPre = el('pre', { class: 'config', id: 'run-config' });

  root.append(
    el('div', { class: 'crumbs' }, el('a', { href: '#/' }, 'Runs'),
      sweepMatch ? [' / ', el('a', { href: `#/sweep/${encodePath(sweepMatch[1])}` }, `sweep ${sweepMatch[1]}`)] : null,
      ' / ', el('span', {}, path)),
    el('section', { class: 'card' },
      el('div', { class: 'card-head' }, title, statusBadge),
      el('div', { class: 'stats' },
        stat('Best', bestV),
        stat('Evaluations', el('div', {}, evals, ' ', evalsOf), evalBar),
        stat('Speed', speedV),
        stat('Elapsed', secV),
        stat('Time to go', ttgV),
        stat('Repeats', repV))),
    el('section', { class: 'card' },
      el('div', { class: 'card-head' }, el('h2', {}, 'Convergence'), chartNote, el('span', { class: 'spacer' }),
        el('label', { class: 'toggle' }, logX, ' log evaluations')),
      el('div', { class: 'chart-box' }, canvas)),
    el('div', { class: 'grid-2' },
      el('section', { class: 'card' },
        el('div', { class: 'card-head' }, el('h2', { id: 'run-heatmap-title' }, 'Best board'), el('span', { class: 'spacer' }), showBest, openEditor),
        el('div', { class: 'board-box' }, heat, boardText), heatLegendBox, heatCaption),
      el('section', { class: 'card' },
        el('div', { class: 'card-head' }, el('h2', {}, 'Archive')),
        el('p', { class: 'muted small' }, 'The boards the run kept, best first; click one to see it.'),
        archiveList)),
    elitesCard,
    el('section', { class: 'card' },
      el('div', { class: 'card-head' }, el('h2', {}, 'Repeats')),
      el('div', { class: 'table-wrap' }, el('table', { class: 'table', id: 'run-repeats-table' },
        el('thead', {}, el('tr', {}, el('th', {}, ''), el('th', {}, 'Folder'), el('th', {}, 'Status'),
          el('th', { class: 'num' }, 'Best'), el('th', { class: 'num' }, 'Evaluations'), el('th', { class: 'num' }, 'Seconds'))),
        repeatsBody))),
    el('div', { class: 'grid-2' },
      el('section', { class: 'card' }, el('div', { class: 'card-head' }, el('h2', {}, 'Summary')), summaryBox),
      el('section', { class: 'card' }, el('div', { class: 'card-head' }, el('h2', {}, 'Config')), configPre)));

  const state = {
    run: null, entry: null, reps: new Map(), order: [], chart: null, stopped: false,
    shownText: null, shownLabel: null, bestText: null, walked: null, archiveKey: null, configShown: false,
    lastScan: 0,
  };

  if (hasChart()) {
    state.chart = stepChart(canvas, 'best so far');
    window.mazesearchChart = state.chart;
  } else {
    showError('Chart.js did not load (/static/chart.js): the charts are left out');
  }
  logX.addEventListener('change', () => state.chart && setLogX(state.chart, logX.checked));

  function repState(folder) {
    let rep = state.reps.get(folder);
    if (!rep) {
      rep = { folder, next: 0, points: [], tail: false, lastRow: null, rows: [], evI: 1, bestI: 3, secI: 8, recent: [], offAxis: 0 };
      state.reps.set(folder, rep);
      state.order.push(folder);
      if (state.chart) {
        const i = state.order.length - 1;
        state.chart.data.datasets.push({
          label: folder === '.' ? 'best so far' : folder,
          data: rep.points,
          borderColor: PALETTE[i % PALETTE.length],
          backgroundColor: PALETTE[i % PALETTE.length],
          borderWidth: 1.5,
          stepped: true,
          fill: false,
          order: 1,
        });
      }
    }
    return rep;
  }

  async function fetchLogbook(rep) {
    for (let page = 0; page < 20 && !state.stopped; page++) {
      const lb = await api('/api/logbook', { path, repeat: rep.folder, from: rep.next });
      const cols = Array.isArray(lb.columns) ? lb.columns : [];
      if (cols.length) {
        rep.evI = cols.indexOf('evals') >= 0 ? cols.indexOf('evals') : 1;
        rep.bestI = cols.indexOf('best') >= 0 ? cols.indexOf('best') : 3;
        rep.secI = cols.indexOf('seconds') >= 0 ? cols.indexOf('seconds') : 8;
      }
      const rows = Array.isArray(lb.rows) ? lb.rows : [];
      for (const row of rows) {
        if (!Array.isArray(row)) continue;
        const x = row[rep.evI];
        const y = row[rep.bestI];
        if (isNum(x) && isNum(y)) addCurvePoint(rep, x, y);
        else if (isNum(x) && typeof y === 'string') rep.offAxis++; // "-inf": no place on the axis
        rep.lastRow = row;
        rep.recent.push([row[rep.evI], row[rep.secI]]);
      }
      if (rep.recent.length > 400) rep.recent.splice(0, rep.recent.length - 400);
      const next = isNum(lb.next) ? lb.next : rep.next + rows.length;
      const grew = next > rep.next;
      rep.next = next;
      if (!grew || rows.length < 5000) break;
    }
  }

  // evaluations a second of a repeat, from its last logbook rows (over its last ~10 s)
  function logbookSpeed(rep) {
    const r = rep.recent;
    if (r.length < 2) return null;
    const [e1, s1] = r[r.length - 1];
    let k = r.length - 2;
    while (k > 0 && isNum(r[k][1]) && s1 - r[k][1] < 10) k--;
    const [e0, s0] = r[k];
    return isNum(e0) && isNum(e1) && isNum(s0) && isNum(s1) && s1 > s0 ? (e1 - e0) / (s1 - s0) : null;
  }

  function updateChart() {
    const chart = state.chart;
    if (!chart) return;
    const n = state.order.length;
    state.order.forEach((folder, i) => {
      const ds = chart.data.datasets[i];
      const c = PALETTE[i % PALETTE.length];
      ds.borderColor = n > 1 ? rgba(c, 0.45) : c;
      ds.backgroundColor = ds.borderColor;
      ds.borderWidth = n > 1 ? 1.2 : 2;
    });
    let med = chart.data.datasets.find((d) => d.isMedian);
    if (n > 1) {
      const curve = medianCurve(state.order.map((f) => state.reps.get(f).points));
      if (!med) {
        med = { label: `median of ${n} repeats`, isMedian: true, data: [], borderColor: '#111827',
          backgroundColor: '#111827', borderWidth: 2.5, stepped: true, fill: false, order: 0 };
        chart.data.datasets.push(med);
      }
      // keep the median last, after the repeats that joined later
      chart.data.datasets = chart.data.datasets.filter((d) => !d.isMedian).concat([med]);
      med.label = `median of ${n} repeats`;
      med.data = curve;
    }
    const summary = state.run && state.run.summary;
    chart.options.scales.y.title.text = scoreLabel(summary && !summary.convention && Array.isArray(summary.runs) ? summary.runs[0] : summary);
    chart.update('none');
    const total = state.order.reduce((a, f) => a + state.reps.get(f).next, 0);
    const offAxis = state.order.reduce((a, f) => a + state.reps.get(f).offAxis, 0);
    setText(chartNote, (total ? `${fmtInt(total)} logbook rows` : 'no logbook rows yet')
      + (offAxis ? `; ${fmtInt(offAxis)} with an infinite best (-inf, inf), not drawn` : ''));
  }

  function renderRepeats() {
    const run = state.run;
    const reps = Array.isArray(run.repeats) ? run.repeats : [];
    repeatsBody.replaceChildren(...reps.map((r) => {
      const i = state.order.indexOf(r.folder);
      return el('tr', { 'data-repeat': r.folder },
        el('td', {}, i >= 0 ? el('span', { class: 'swatch', style: `background:${PALETTE[i % PALETTE.length]}` }) : null),
        el('td', {}, r.folder), el('td', {}, badge(r.status)), el('td', { class: 'num' }, fmtScore(r.best)),
        el('td', { class: 'num' }, fmtInt(r.evaluations)), el('td', { class: 'num' }, fmtDuration(r.seconds)));
    }));
  }

  function renderSummary() {
    const s = state.run.summary;
    summaryBox.replaceChildren();
    if (!s || typeof s !== 'object') {
      summaryBox.append(el('p', { class: 'muted' }, 'No summary yet: summary.json appears when the run finishes.'));
      return;
    }
    const labels = { best_score: 'best', median_score: 'median', worst_score: 'worst', reference: 'reference',
      convention: 'unit', evaluations: 'evaluations', rejected: 'rejected (infeasible)', seconds: 'seconds',
      steps: 'steps', stop_reason: 'stopped by', optimizer: 'optimizer', target: 'target', repeats: 'repeats',
      seed: 'seed', label: 'label' };
    const order = Object.keys(labels);
    const keys = Object.keys(s).sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99));
    for (const k of keys) {
      const v = s[k];
      if (v === null || typeof v === 'object' || k === 'best_board' || k === 'name') continue;
      const text = typeof v === 'number'
        ? (k === 'seconds' ? fmtDuration(v) : k === 'seed' ? String(v) : fmtScore(v)) : String(v);
      summaryBox.append(el('dt', {}, labels[k] || k.replace(/_/g, ' ')), el('dd', {}, text));
    }
    if (s.measures && typeof s.measures === 'object') { // the optimizer's, at the end (map-elites' archive)
      const names = { coverage: 'coverage', qd_score: 'QD-score', elites: 'cells held' };
      for (const [k, v] of Object.entries(s.measures)) {
        summaryBox.append(el('dt', {}, names[k] || k.replace(/_/g, ' ')), el('dd', {}, fmtScore(v)));
      }
    }
    if (Array.isArray(s.runs)) {
      const reasons = Array.from(new Set(s.runs.map((r) => r && r.stop_reason).filter(Boolean)));
      if (reasons.length) summaryBox.append(el('dt', {}, 'stopped by'), el('dd', {}, reasons.join(', ')));
    }
  }

  function renderArchive() {
    const arch = Array.isArray(state.run.archive) ? state.run.archive : [];
    const why = typeof state.run.archive_error === 'string' ? state.run.archive_error : '';
    const key = arch.map((a) => `${a.file}:${a.score}:${a.error || ''}`).join('|') + why;
    if (key === state.archiveKey) return;
    state.archiveKey = key;
    archiveList.replaceChildren();
    if (!arch.length) {
      archiveList.append(el('li', { class: 'muted' }, why ? `archive not shown: ${why}` : 'no archive'));
      return;
    }
    for (const a of arch) {
      if (typeof a.error === 'string') { // a board the server will not read: said, not shown
        archiveList.append(el('li', { class: 'muted archive-error' }, `${a.file}: not shown (${a.error})`));
        continue;
      }
      const li = el('li', {},
        el('button', { type: 'button', class: 'archive-item', 'data-file': a.file },
          el('span', { class: 'archive-file' }, a.file), el('span', { class: 'archive-score' }, fmtScore(a.score))));
      li.firstChild.addEventListener('click', () => {
        for (const b of archiveList.querySelectorAll('.archive-item')) b.classList.toggle('selected', b === li.firstChild);
        showBoard(a.board, a.file, a.score);
      });
      archiveList.append(li);
    }
  }

  function renderElites() {
    const elites = state.run.elites;
    elitesCard.hidden = !elites || typeof elites !== 'object';
    if (!elitesCard.hidden) elitesMap.render(elites);
  }

  async function pickElite(file, value, label) {
    try {
      const ans = await api('/api/board', { path: `${path}/${file}` });
      if (state.stopped) return;
      for (const b of archiveList.querySelectorAll('.archive-item')) b.classList.remove('selected');
      showBoard(ans.text, label, value);
    } catch (e) {
      showError(e);
    }
  }

  async function showBoard(text, label, score) {
    if (typeof text !== 'string' || !text.trim()) return;
    state.shownText = text;
    state.shownLabel = label;
    showBest.hidden = label === 'best';
    setText(document.getElementById('run-heatmap-title'), label === 'best' ? 'Best board' : `Archive board ${label}`);
    const target = ((state.run && state.run.config) || {}).target || {};
    const walked = ['mouse-maze', 'passages'].includes(target.kind || 'mouse-maze');
    heat.style.display = walked ? '' : 'none';
    boardText.hidden = walked;
    if (!walked) {
      boardText.textContent = text;
      heatLegendBox.replaceChildren();
      setText(heatCaption, `${label === 'best' ? 'best board' : label} of a ${target.kind} target`
        + (score !== undefined && score !== null ? `: ${fmtScore(score)}` : '')
        + ' (shown as text: Squeaky walks mouse mazes and passage boards)');
      openEditor.disabled = true;
      return;
    }
    try {
      const ans = await api('/api/walk', {}, { text });
      if (state.stopped || state.shownText !== text) return;
      state.walked = ans;
      const board = ans.board;
      if (!board || !isNum(board.rows)) throw new ApiError('/api/walk: no board in the answer');
      const h = drawBoard(heat, board, { cell: board.rows * board.cols <= 64 ? 44 : 36 });
      const visits = Array.isArray(ans.visits) ? ans.visits : [];
      const max = visits.reduce((a, b) => Math.max(a, b || 0), 0);
      h.setVisits(visits, max, true);
      heatLegendBox.replaceChildren(heatLegend(max, isPassages(board)));
      const bits = [];
      if (ans.feasible === false) bits.push('infeasible' + (ans.message ? `: ${ans.message}` : ''));
      else {
        bits.push(`${fmtInt(ans.moves)} moves${ans.convention ? ` (${ans.convention})` : ''}`);
        if (isNum(ans.flash)) bits.push(`Flash ${fmtInt(ans.flash)}`);
        if (ans.most_visited && Array.isArray(ans.most_visited.cell)) {
          bits.push(`most visited (${ans.most_visited.cell.join(', ')}): ${fmtInt(ans.most_visited.visits)} visits`);
        }
        if (ans.message) bits.push(ans.message);
      }
      if (isNum(score) && isNum(ans.moves) && score !== ans.moves) bits.push(`score in the run files ${fmtScore(score)}`);
      setText(heatCaption, `${label === 'best' ? 'best board' : label}: ${bits.join(' · ')}`);
      openEditor.disabled = false;
    } catch (e) {
      showError(e);
      setText(heatCaption, `could not walk the board: ${e.message}`);
    }
  }

  showBest.addEventListener('click', () => {
    for (const b of archiveList.querySelectorAll('.archive-item')) b.classList.remove('selected');
    if (state.bestText) showBoard(state.bestText, 'best');
  });
  openEditor.addEventListener('click', () => {
    if (!state.walked || !state.walked.board) return;
    MazeView.handOver(state.walked.board);
    location.hash = '#/maze';
  });

  function renderHeader() {
    const run = state.run;
    const entry = state.entry;
    setText(title, run.name ? `${run.name}` : path);
    title.title = path;
    const status = run.status || (entry && entry.status) || '';
    setBadge(statusBadge, status);
    const reps = Array.isArray(run.repeats) ? run.repeats : [];
    const evalsSum = reps.reduce((a, r) => a + (isNum(r.evaluations) ? r.evaluations : 0), 0);
    // A score is a number or "-inf", "inf", "nan" (JSON has no infinity); -inf is the lowest.
    const asNumber = (v) => (isNum(v) ? v : v === 'inf' ? Infinity : v === '-inf' ? -Infinity : NaN);
    const scored = reps.map((r) => r.best).filter((v) => !Number.isNaN(asNumber(v)));
    const top = scored.length ? scored.reduce((a, v) => (asNumber(v) > asNumber(a) ? v : a)) : null;
    const best = entry && (isNum(entry.best) || typeof entry.best === 'string') ? entry.best : top;
    setText(bestV, fmtScore(best));
    const ev = entry && isNum(entry.evaluations) ? entry.evaluations : evalsSum;
    setText(evals, fmtInt(ev));
    const cfg = run.config && typeof run.config === 'object' ? run.config : {};
    const budget = cfg.budget && typeof cfg.budget === 'object' ? cfg.budget : {};
    const nrep = isNum(cfg.repeats) ? cfg.repeats : Math.max(1, reps.length);
    const be = entry && isNum(entry.budget_evaluations) ? entry.budget_evaluations
      : (isNum(budget.evaluations) ? budget.evaluations * nrep : null);
    const bs = entry && isNum(entry.budget_seconds) ? entry.budget_seconds : (isNum(budget.seconds) ? budget.seconds : null);
    setText(evalsOf, be ? `of ${fmtInt(be)}` : bs ? `(budget ${fmtDuration(bs)}${nrep > 1 ? ' a repeat' : ''})` : '');
    setProgress(evalBar, be ? ev / be : (status === 'finished' ? 1 : null));
    const running = status === 'running';
    let speed = entry && isNum(entry.speed) ? entry.speed : null;
    if (speed === null && running) {
      const sp = state.order.map((f) => state.reps.get(f))
        .filter((rep) => (reps.find((r) => r.folder === rep.folder) || {}).status === 'running')
        .map(logbookSpeed).filter(isNum);
      speed = sp.length ? sp.reduce((a, b) => a + b, 0) : null;
    }
    setText(speedV, running ? fmtSpeed(speed) : '—');
    let ttg = entry && isNum(entry.time_to_go) ? entry.time_to_go : null;
    if (ttg === null && running && be && speed) ttg = Math.max(0, (be - ev) / speed);
    if (ttg === null && running && bs) {
      // a time budget per repeat: the running repeats' time left, then the repeats not started,
      // as many at once as run now
      const now = reps.filter((r) => r.status === 'running');
      const left = Math.max(0, ...now.map((r) => bs - (isNum(r.seconds) ? r.seconds : 0)));
      const waiting = Math.max(0, nrep - reps.length);
      ttg = left + (now.length ? Math.ceil(waiting / now.length) * bs : 0);
    }
    setText(ttgV, running ? fmtDuration(ttg) : status === 'finished' ? 'done' : '—');
    const secs = entry && isNum(entry.seconds) ? entry.seconds : Math.max(0, ...reps.map((r) => r.seconds).filter(isNum));
    setText(secV, fmtDuration(secs));
    const finished = reps.filter((r) => r.status === 'finished').length;
    setText(repV, nrep > 1 ? `${finished} of ${nrep} finished` : String(reps.length || 1));
  }

  async function tick() {
    const run = await api('/api/run', { path });
    if (state.stopped) return;
    state.run = run;
    const running = run.status === 'running';
    // speed and time to go live in the runs list; a sweep's point is not listed there
    if (!sweepMatch && (running || !state.entry) && Date.now() - state.lastScan > 1500) {
      state.lastScan = Date.now();
      try {
        const all = await api('/api/runs');
        setRootFolder(all.root);
        state.entry = (all.runs || []).find((r) => r.path === path) || null;
      } catch (e) {
        state.entry = null;
      }
    }
    for (const r of Array.isArray(run.repeats) ? run.repeats : []) {
      if (r && typeof r.folder === 'string') repState(r.folder);
    }
    if (!state.order.length) repState('.');
    await Promise.all(state.order.map((f) => fetchLogbook(state.reps.get(f))));
    if (state.stopped) return;
    updateChart();
    renderHeader();
    renderRepeats();
    renderSummary();
    renderArchive();
    renderElites();
    if (!state.configShown) {
      setText(configPre, run.config_yaml || (run.config ? JSON.stringify(run.config, null, 2) : 'no config'));
      state.configShown = true;
    }
    if (typeof run.best_board === 'string' && run.best_board !== state.bestText) {
      state.bestText = run.best_board;
      if (state.shownLabel === null || state.shownLabel === 'best') await showBoard(run.best_board, 'best');
    } else if (!run.best_board && state.bestText === null) {
      setText(heatCaption, typeof run.best_board_error === 'string'
        ? `best board not shown: ${run.best_board_error}` : 'no best board yet');
    }
  }

  const poller = new Poller(tick, () => (state.run && state.run.status === 'running' ? 2000 : 10000)).start();
  return {
    unmount() {
      state.stopped = true;
      poller.stop();
      if (state.chart) state.chart.destroy();
    },
  };
}
