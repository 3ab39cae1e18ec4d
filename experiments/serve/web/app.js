// mazesearch serve: the browser page. Plain ES2020, no build step, no framework; Chart.js 3 is the
// global `Chart` (served as /static/chart.js). Everything it shows comes from the JSON API of
// `mazesearch serve`; the mouse's walk is never computed here, only played back from the server's
// `path`.
'use strict';

(() => {
  // ------------------------------------------------------------------ small helpers

  const SVG_NS = 'http://www.w3.org/2000/svg';

  function setAttrs(e, attrs) {
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k === 'class') e.setAttribute('class', v);
      else if (k === 'text') e.textContent = v;
      else if (k === 'dataset') Object.assign(e.dataset, v);
      // through the CSSOM: the server's Content-Security-Policy (default-src 'self') refuses
      // style attributes, not style properties set from script
      else if (k === 'style') e.style.cssText = String(v);
      else if (k.startsWith('on') && typeof v === 'function') e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v === true ? '' : String(v));
    }
    return e;
  }

  function append(e, kids) {
    for (const k of kids.flat(Infinity)) {
      if (k === null || k === undefined || k === false) continue;
      e.append(k instanceof Node ? k : String(k));
    }
    return e;
  }

  function el(tag, attrs, ...kids) {
    return append(setAttrs(document.createElement(tag), attrs), kids);
  }

  function svgEl(tag, attrs, ...kids) {
    return append(setAttrs(document.createElementNS(SVG_NS, tag), attrs), kids);
  }

  function setText(e, text) {
    const s = text === null || text === undefined ? '' : String(text);
    if (e && e.textContent !== s) e.textContent = s;
  }

  const isNum = (x) => typeof x === 'number' && Number.isFinite(x);

  function fmtInt(x) {
    if (!isNum(x)) return '—';
    return Math.round(x).toLocaleString('en-US');
  }

  // A score: whole numbers with separators, others with one decimal.
  function fmtScore(x) {
    if (typeof x === 'string') return x; // "inf", "nan" as the run files write them
    if (!isNum(x)) return '—';
    if (Number.isInteger(x)) return x.toLocaleString('en-US');
    return x.toLocaleString('en-US', { maximumFractionDigits: 1 });
  }

  function fmtCompact(x) {
    if (!isNum(x)) return '—';
    const a = Math.abs(x);
    const units = [[1e12, 'T'], [1e9, 'G'], [1e6, 'M'], [1e3, 'k']];
    for (const [u, s] of units) {
      if (a >= u) {
        const v = x / u;
        return (Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 10 ? v.toFixed(1) : v.toFixed(2))
          .replace(/\.0+$/, '').replace(/(\.\d*[1-9])0+$/, '$1') + s;
      }
    }
    return String(Math.round(x * 100) / 100);
  }

  function fmtSpeed(x) {
    if (!isNum(x)) return '—';
    return fmtCompact(x) + '/s';
  }

  function fmtDuration(s) {
    if (!isNum(s) || s < 0) return '—';
    if (s === 0) return '0 s';
    if (s < 0.1) return Math.max(1, Math.round(s * 1000)) + ' ms';
    if (s < 10) return s.toFixed(1) + ' s';
    if (s < 60) return Math.round(s) + ' s';
    const m = Math.floor(s / 60);
    if (s < 3600) return `${m} min ${Math.round(s - m * 60)} s`;
    const h = Math.floor(s / 3600);
    if (s < 86400) return `${h} h ${Math.floor((s - h * 3600) / 60)} min`;
    const d = Math.floor(s / 86400);
    return `${d} d ${Math.floor((s - d * 86400) / 3600)} h`;
  }

  function fmtDate(t) {
    if (!isNum(t)) return '';
    return new Date(t * 1000).toLocaleString();
  }

  function fmtAgo(t) {
    if (!isNum(t) || t <= 0) return '—';
    const s = Date.now() / 1000 - t;
    if (s < 5) return 'just now';
    if (s < 60) return `${Math.round(s)} s ago`;
    if (s < 3600) return `${Math.round(s / 60)} min ago`;
    if (s < 86400) return `${Math.round(s / 3600)} h ago`;
    if (s < 7 * 86400) return `${Math.round(s / 86400)} d ago`;
    return new Date(t * 1000).toLocaleDateString();
  }

  function median(values) {
    const v = values.filter(isNum).sort((a, b) => a - b);
    if (!v.length) return null;
    const k = v.length >> 1;
    return v.length % 2 ? v[k] : (v[k - 1] + v[k]) / 2;
  }

  const encodePath = (p) => String(p).split('/').map(encodeURIComponent).join('/');
  const decodePath = (p) => p.split('/').map((s) => {
    try { return decodeURIComponent(s); } catch (e) { return s; }
  }).join('/');

  // ------------------------------------------------------------------ the API

  // A server started with --host other than 127.0.0.1 prints `http://host:port/?token=T`; every
  // API call carries that token.
  const TOKEN = new URLSearchParams(location.search).get('token');

  class ApiError extends Error {}

  function apiUrl(path, params) {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(params || {})) {
      if (v !== undefined && v !== null) q.set(k, String(v));
    }
    if (TOKEN) q.set('token', TOKEN);
    const qs = q.toString();
    return path + (qs ? '?' + qs : '');
  }

  async function api(path, params, body) {
    const init = body === undefined
      ? { cache: 'no-store' }
      : { method: 'POST', cache: 'no-store', headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body) };
    let resp;
    try {
      resp = await fetch(apiUrl(path, params), init);
    } catch (e) {
      throw new ApiError(`cannot reach the server (${path}): ${e.message}`);
    }
    const text = await resp.text().catch(() => '');
    let data = null;
    try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
    if (!resp.ok) {
      const why = data && typeof data.error === 'string' ? data.error : (text.trim().slice(0, 300) || resp.statusText);
      throw new ApiError(`${path}: ${why} (HTTP ${resp.status})`);
    }
    if (data === null || typeof data !== 'object') throw new ApiError(`${path}: the server's answer is not JSON`);
    return data;
  }

  // ------------------------------------------------------------------ the error area

  const errorBox = document.getElementById('error');
  const errorText = document.getElementById('error-text');

  function showError(e) {
    const msg = e instanceof Error ? e.message : String(e);
    setText(errorText, msg);
    errorBox.hidden = false;
    console.warn('mazesearch:', msg);
  }

  function clearError() {
    errorBox.hidden = true;
    setText(errorText, '');
  }

  document.getElementById('error-close').addEventListener('click', clearError);
  window.addEventListener('error', (ev) => showError(`page error: ${ev.message}`));
  window.addEventListener('unhandledrejection', (ev) => showError(ev.reason || 'unknown error'));

  // Repeats fn every `ms` (or what `ms()` says) without overlapping calls; errors go to the error
  // area and the polling goes on.
  class Poller {
    constructor(fn, ms) {
      this.fn = fn;
      this.ms = ms;
      this.timer = null;
      this.stopped = false;
      this.failed = false;
    }
    async run() {
      if (this.stopped) return;
      clearTimeout(this.timer);
      this.timer = null;
      try {
        await this.fn();
        if (this.failed) { this.failed = false; clearError(); }
      } catch (e) {
        this.failed = true;
        if (!this.stopped) showError(e);
      }
      if (!this.stopped) {
        const ms = typeof this.ms === 'function' ? this.ms() : this.ms;
        if (ms) this.timer = setTimeout(() => this.run(), ms);
      }
    }
    start() { this.run(); return this; }
    stop() { this.stopped = true; clearTimeout(this.timer); }
  }

  // ------------------------------------------------------------------ colours

  const PALETTE = ['#2563eb', '#ea580c', '#16a34a', '#dc2626', '#7c3aed', '#a16207', '#db2777',
    '#0891b2', '#65a30d', '#4b5563'];

  function rgba(hex, a) {
    const n = parseInt(hex.slice(1), 16);
    return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${a})`;
  }

  // Sequential scale for visit counts, light to dark.
  const HEAT = [[255, 244, 196], [253, 204, 99], [246, 139, 59], [214, 62, 52], [125, 18, 66]];
  const UNVISITED = '#f3f4f6';
  const BLOCKED = '#2b3039';

  function heatT(v, max) {
    if (!(v > 0) || !(max > 0)) return 0;
    return Math.min(1, Math.log1p(v) / Math.log1p(max));
  }

  function heatColor(v, max) {
    if (!(v > 0)) return UNVISITED;
    const t = heatT(v, max) * (HEAT.length - 1);
    const i = Math.min(HEAT.length - 2, Math.floor(t));
    const f = t - i;
    const c = HEAT[i].map((a, k) => Math.round(a + (HEAT[i + 1][k] - a) * f));
    return `rgb(${c[0]}, ${c[1]}, ${c[2]})`;
  }

  function heatLegend(max, passages = false) {
    const stops = [];
    for (let i = 0; i <= 10; i++) {
      const v = max > 0 ? Math.expm1((i / 10) * Math.log1p(max)) : 0;
      stops.push(`${i === 0 ? heatColor(max > 0 ? 1 : 0, max) : heatColor(v, max)} ${i * 10}%`);
    }
    return el('div', { class: 'legend' },
      el('span', { class: 'legend-label' }, 'visits'),
      el('span', { class: 'legend-swatch', style: `background:${UNVISITED}`, title: 'not visited' }),
      el('span', { class: 'legend-label' }, '0'),
      el('span', { class: 'legend-bar', style: `background: linear-gradient(to right, ${stops.join(', ')})` }),
      el('span', { class: 'legend-label' }, fmtInt(max)),
      passages ? null : el('span', { class: 'legend-swatch', style: `background:${BLOCKED}`, title: 'blocked' }),
      passages ? null : el('span', { class: 'legend-label' }, 'blocked'));
  }

  function badge(status) {
    const s = status || 'unknown';
    return el('span', { class: `badge badge-${s.replace(/[^a-z]/g, '')}` }, s);
  }

  function setBadge(e, status) {
    const s = status || 'unknown';
    e.className = `badge badge-${s.replace(/[^a-z]/g, '')}`;
    setText(e, s);
  }

  function hasChart() {
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

  // ------------------------------------------------------------------ boards as SVG

  // Draws a board (the structured BOARD of the API) into an <svg>: cells (class `cell` and `open`
  // or `blocked`, data-r, data-c), for passage boards the passages (class `passage`, data-dir),
  // visit counts as colours and numbers, and optionally the mouse. Returns a handle to update the
  // counts and the mouse without drawing it again.
  function drawBoard(svg, board, opts = {}) {
    while (svg.firstChild) svg.firstChild.remove();
    const R = board.rows;
    const C = board.cols;
    const S = opts.cell || 36;
    const passages = board.model === 'passages';
    const padX = passages ? 4 : 2;
    const padY = passages ? Math.round(S * 0.8) : 2;
    const W = C * S + 2 * padX;
    const H = R * S + 2 * padY;
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    svg.setAttribute('width', W);
    svg.setAttribute('height', H);
    svg.setAttribute('role', 'img');
    svg.classList.add('board', passages ? 'board-passages' : 'board-cells');
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
        const rect = svgEl('rect', {
          class: cls.join(' '), x: c * S, y: r * S, width: S, height: S,
          fill: open ? UNVISITED : BLOCKED, 'data-r': r, 'data-c': c,
        });
        rect.append(svgEl('title', { text: `(${r}, ${c})${open ? '' : ' blocked'}` }));
        cellLayer.append(rect);
        cells.push(rect);
        const t = svgEl('text', { x: c * S + S / 2, y: r * S + S / 2, class: 'count' });
        textLayer.append(t);
        texts.push(t);
      }
    }
    if (!passages) {
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
        else { x = (where % C) * S + S / 2; y = Math.floor(where / C) * S + S / 2; }
        mouse.setAttribute('transform', `translate(${x},${y})`);
        mouse.setAttribute('visibility', 'visible');
      },
    };
    return handle;
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

  // ------------------------------------------------------------------ the router

  const view = document.getElementById('view');
  let current = null; // {unmount}

  function parseRoute() {
    const h = location.hash.replace(/^#/, '') || '/';
    let m;
    if (h === '/' || h === '') return { view: 'runs' };
    if ((m = h.match(/^\/run\/(.+)$/))) return { view: 'run', path: decodePath(m[1]) };
    if ((m = h.match(/^\/sweep\/(.+)$/))) return { view: 'sweep', path: decodePath(m[1]) };
    if (h === '/maze' || h === '/maze/') return { view: 'maze' };
    if ((m = h.match(/^\/maze\/(.+)$/))) return { view: 'maze', path: decodePath(m[1]) };
    return { view: 'notfound', hash: h };
  }

  function route() {
    if (current) {
      try { current.unmount(); } catch (e) { console.warn(e); }
      current = null;
    }
    clearError();
    window.mazesearchChart = undefined;
    view.replaceChildren();
    const r = parseRoute();
    for (const a of document.querySelectorAll('[data-nav]')) {
      a.classList.toggle('active', a.dataset.nav === (r.view === 'maze' ? 'maze' : 'runs'));
    }
    const views = { runs: RunsView, run: RunView, sweep: SweepView, maze: MazeView, notfound: NotFoundView };
    document.title = { runs: 'Runs', run: 'Run', sweep: 'Sweep', maze: 'Maze', notfound: 'Not found' }[r.view] + ' · mazesearch';
    current = views[r.view](view, r) || { unmount() {} };
  }

  function NotFoundView(root, r) {
    root.append(el('section', { class: 'card' }, el('h1', {}, 'No such page'),
      el('p', {}, `Nothing lives at #${r.hash}. `, el('a', { href: '#/' }, 'Back to the runs'), '.')));
    return null;
  }

  function stat(label, valueEl, extra) {
    return el('div', { class: 'stat' }, el('div', { class: 'stat-label' }, label), valueEl, extra || null);
  }

  function progressBar(fraction) {
    const bar = el('span', { class: 'progress', role: 'progressbar', 'aria-valuemin': 0, 'aria-valuemax': 100 },
      el('span', { class: 'progress-fill' }));
    setProgress(bar, fraction);
    return bar;
  }

  function setProgress(bar, fraction) {
    const known = isNum(fraction);
    bar.hidden = !known;
    if (!known) return;
    const f = Math.max(0, Math.min(1, fraction));
    bar.firstChild.style.width = (f * 100).toFixed(1) + '%';
    bar.setAttribute('aria-valuenow', Math.round(f * 100));
    bar.title = (f * 100).toFixed(1) + '%';
  }

  let rootFolder = null;
  function setRootFolder(root) {
    if (typeof root === 'string' && root !== rootFolder) {
      rootFolder = root;
      setText(document.getElementById('root-folder'), root);
    }
  }

  // ------------------------------------------------------------------ runs view

  function RunsView(root) {
    const filter = el('input', { type: 'search', placeholder: 'filter by name, path, status…', class: 'filter', id: 'runs-filter' });
    const count = el('span', { class: 'muted' });
    const tbody = el('tbody');
    const empty = el('p', { class: 'empty', hidden: true });
    const table = el('table', { id: 'runs-table', class: 'table runs' },
      el('thead', {}, el('tr', {},
        el('th', {}, 'Name'), el('th', {}, 'Kind'), el('th', {}, 'Status'), el('th', { class: 'num' }, 'Best'),
        el('th', { class: 'num' }, 'Evaluations'), el('th', { class: 'num' }, 'Speed'),
        el('th', { class: 'num' }, 'Elapsed'), el('th', { class: 'num' }, 'Time to go'), el('th', {}, 'Modified'))),
      tbody);
    root.append(el('section', { class: 'card' },
      el('div', { class: 'card-head' }, el('h1', {}, 'Runs and sweeps'), count, el('span', { class: 'spacer' }), filter),
      el('div', { class: 'table-wrap' }, table), empty));

    const rows = new Map();
    let last = [];

    function rowFor(r) {
      let row = rows.get(r.path);
      if (row) return row;
      const link = el('a', { class: 'run-link' });
      const sub = el('div', { class: 'sub' });
      const bar = progressBar(null);
      const evalText = el('span', { class: 'eval-text' });
      row = {
        tr: el('tr', { 'data-path': r.path }),
        link, sub, bar, evalText,
        kind: el('td', { class: 'kind' }),
        status: el('td', { class: 'status' }, el('span', { class: 'badge' })),
        best: el('td', { class: 'best num' }),
        evaluations: el('td', { class: 'evaluations num' }, evalText, bar),
        speed: el('td', { class: 'speed num' }),
        elapsed: el('td', { class: 'elapsed num' }),
        ttg: el('td', { class: 'time-to-go num' }),
        modified: el('td', { class: 'modified' }),
      };
      row.tr.append(el('td', { class: 'name' }, link, sub), row.kind, row.status, row.best, row.evaluations,
        row.speed, row.elapsed, row.ttg, row.modified);
      rows.set(r.path, row);
      return row;
    }

    function render() {
      const q = filter.value.trim().toLowerCase();
      const list = last.filter((r) => !q || [r.name, r.path, r.status, r.kind, r.optimizer, r.target]
        .some((s) => typeof s === 'string' && s.toLowerCase().includes(q)));
      list.sort((a, b) => (b.modified || 0) - (a.modified || 0) || String(a.path).localeCompare(String(b.path)));
      const seen = new Set();
      for (const r of list) {
        const row = rowFor(r);
        seen.add(r.path);
        const sweep = r.kind === 'sweep';
        const href = `#/${sweep ? 'sweep' : 'run'}/${encodePath(r.path)}`;
        if (row.link.getAttribute('href') !== href) row.link.setAttribute('href', href);
        setText(row.link, r.name || r.path);
        const bits = [r.path];
        if (r.optimizer) bits.push(r.optimizer);
        if (r.target) bits.push(r.target);
        setText(row.sub, bits.join(' · '));
        setText(row.kind, sweep ? `sweep${isNum(r.points) ? ` (${r.points} points)` : ''}`
          : `run${isNum(r.repeats) && r.repeats > 1 ? ` (${r.repeats} repeats)` : ''}`);
        setBadge(row.status.firstChild, r.status);
        setText(row.best, fmtScore(r.best));
        let frac = null;
        let text = fmtInt(r.evaluations);
        if (sweep && isNum(r.points) && r.points > 0) {
          text += ` · ${fmtInt(r.points_finished)} of ${fmtInt(r.points)} points`;
          frac = (r.points_finished || 0) / r.points;
        } else if (isNum(r.budget_evaluations) && r.budget_evaluations > 0) {
          text += ` of ${fmtInt(r.budget_evaluations)}`;
          frac = (r.evaluations || 0) / r.budget_evaluations;
        } else if (isNum(r.budget_seconds) && r.budget_seconds > 0 && isNum(r.seconds)) {
          text += ` (budget ${fmtDuration(r.budget_seconds)})`;
          if (r.status !== 'running' || !isNum(r.time_to_go)) frac = r.status === 'finished' ? 1 : null;
          else frac = r.seconds / (r.seconds + r.time_to_go);
        }
        if (r.status === 'finished' && frac !== null) frac = 1;
        setText(row.evalText, text);
        setProgress(row.bar, frac);
        row.bar.classList.toggle('running', r.status === 'running');
        setText(row.speed, r.status === 'running' ? fmtSpeed(r.speed) : '—');
        setText(row.elapsed, fmtDuration(r.seconds));
        setText(row.ttg, r.status === 'running' ? fmtDuration(r.time_to_go) : '—');
        setText(row.modified, fmtAgo(r.modified));
        row.modified.title = fmtDate(r.modified);
        row.tr.classList.toggle('is-running', r.status === 'running');
        tbody.append(row.tr); // moves it into sorted place
      }
      for (const [path, row] of rows) {
        if (!seen.has(path)) { row.tr.remove(); if (!last.some((r) => r.path === path)) rows.delete(path); }
      }
      setText(count, last.length ? `${list.length === last.length ? '' : list.length + ' of '}${last.length}` : '');
      empty.hidden = list.length > 0;
      setText(empty, last.length ? 'Nothing matches the filter.'
        : `No runs or sweeps under ${rootFolder || 'the served folder'} yet. Start one with \`mazesearch run CONFIG output=…\` inside it.`);
    }

    filter.addEventListener('input', render);
    const poller = new Poller(async () => {
      const data = await api('/api/runs');
      setRootFolder(data.root);
      last = Array.isArray(data.runs) ? data.runs.filter((r) => r && typeof r.path === 'string') : [];
      render();
    }, 2000).start();
    return { unmount() { poller.stop(); } };
  }

  // ------------------------------------------------------------------ run view

  // Keeps a repeat's best-so-far curve small: the first row, every row where the best changes, a
  // row whenever the evaluations grew by 1% since the last kept one, and the latest row (replaced
  // as newer rows come). Drawn as steps, this is exactly the curve of all the rows.
  function addCurvePoint(rep, x, y) {
    const pts = rep.points;
    if (rep.tail) { pts.pop(); rep.tail = false; }
    const prev = pts[pts.length - 1];
    pts.push({ x, y });
    if (prev && y === prev.y && x < prev.x * 1.01) rep.tail = true;
  }

  function valueAt(pts, x) {
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
  function medianCurve(curves) {
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

  function stepChart(canvas, yLabel, extra = {}) {
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

  function setLogX(chart, on) {
    chart.options.scales.x.type = on ? 'logarithmic' : 'linear';
    chart.options.scales.x.ticks.callback = on ? logTick : (v) => fmtCompact(v);
    chart.options.scales.x.ticks.autoSkip = !on;
    chart.update('none');
  }

  function scoreLabel(summary) {
    const conv = summary && typeof summary.convention === 'string' ? summary.convention : '';
    return conv ? `best so far: ${conv}` : 'best so far';
  }

  function RunView(root, route) {
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
    const openEditor = el('button', { type: 'button', id: 'run-open-editor', class: 'button', disabled: true }, 'Open in maze editor');
    const showBest = el('button', { type: 'button', class: 'link-button', hidden: true }, 'show the best board');
    const archiveList = el('ol', { class: 'archive', id: 'run-archive' });
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
          el('div', { class: 'board-box' }, heat), heatLegendBox, heatCaption),
        el('section', { class: 'card' },
          el('div', { class: 'card-head' }, el('h2', {}, 'Archive')),
          el('p', { class: 'muted small' }, 'The boards the run kept, best first; click one to see it.'),
          archiveList)),
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
        rep = { folder, next: 0, points: [], tail: false, lastRow: null, rows: [], evI: 1, bestI: 3, secI: 8, recent: [] };
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
      setText(chartNote, total ? `${fmtInt(total)} logbook rows` : 'no logbook rows yet');
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
      if (Array.isArray(s.runs)) {
        const reasons = Array.from(new Set(s.runs.map((r) => r && r.stop_reason).filter(Boolean)));
        if (reasons.length) summaryBox.append(el('dt', {}, 'stopped by'), el('dd', {}, reasons.join(', ')));
      }
    }

    function renderArchive() {
      const arch = Array.isArray(state.run.archive) ? state.run.archive : [];
      const key = arch.map((a) => `${a.file}:${a.score}`).join('|');
      if (key === state.archiveKey) return;
      state.archiveKey = key;
      archiveList.replaceChildren();
      if (!arch.length) {
        archiveList.append(el('li', { class: 'muted' }, 'no archive'));
        return;
      }
      for (const a of arch) {
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

    async function showBoard(text, label, score) {
      if (typeof text !== 'string' || !text.trim()) return;
      state.shownText = text;
      state.shownLabel = label;
      showBest.hidden = label === 'best';
      setText(document.getElementById('run-heatmap-title'), label === 'best' ? 'Best board' : `Archive board ${label}`);
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
        heatLegendBox.replaceChildren(heatLegend(max, board.model === 'passages'));
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
      const bests = reps.map((r) => r.best).filter(isNum);
      const best = entry && isNum(entry.best) ? entry.best : (bests.length ? Math.max(...bests) : null);
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
      if (!state.configShown) {
        setText(configPre, run.config_yaml || (run.config ? JSON.stringify(run.config, null, 2) : 'no config'));
        state.configShown = true;
      }
      if (typeof run.best_board === 'string' && run.best_board !== state.bestText) {
        state.bestText = run.best_board;
        if (state.shownLabel === null || state.shownLabel === 'best') await showBoard(run.best_board, 'best');
      } else if (!run.best_board && state.bestText === null) {
        setText(heatCaption, 'no best board yet');
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

  // ------------------------------------------------------------------ sweep view

  // For one combination: the median, lowest and highest best-so-far over its points, on the union
  // of their evaluation counts, each point read as a step curve. A point that is still running
  // is left out past its last pair; a finished one keeps its last value.
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

  function SweepView(root, route) {
    const path = route.path;
    const statusBadge = el('span', { id: 'sweep-status', class: 'badge' }, '…');
    const title = el('h1', {}, path);
    const sub = el('p', { class: 'muted', id: 'sweep-sub' });
    const tableBox = el('div', { class: 'table-wrap' });
    const compareBox = el('div', { id: 'sweep-compare-box' });
    const canvas = el('canvas', { id: 'sweep-chart' });
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
        el('div', { class: 'chart-box' }, canvas)),
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
        const list = ids.map((id) => ({
          pairs: (Array.isArray(series[String(id)]) ? series[String(id)] : [])
            .filter((p) => Array.isArray(p) && isNum(p[0]) && isNum(p[1])).map((p) => ({ x: p[0], y: p[1] })),
          finished: (byId.get(String(id)) || {}).status === 'finished',
        }));
        const { med, lo, hi } = combinationCurves(list);
        const label = labelOf(g.values || {}, keys);
        sets.push({ label: `${label} lowest`, isBand: true, data: lo, borderColor: 'transparent', backgroundColor: 'transparent', borderWidth: 0, stepped: true, fill: false, pointRadius: 0 });
        sets.push({ label: `${label} highest`, isBand: true, data: hi, borderColor: 'transparent', backgroundColor: rgba(color, 0.16), borderWidth: 0, stepped: true, fill: '-1', pointRadius: 0 });
        sets.push({ label: `${label} (${ids.length} points)`, data: med, borderColor: color, backgroundColor: color, borderWidth: 2, stepped: true, fill: false });
      });
      chart.data.datasets = sets;
      chart.options.scales.y.title.text = 'best so far';
      chart.update('none');
    }

    async function tick() {
      const data = await api('/api/sweep', { path });
      if (state.stopped) return;
      state.data = data;
      const pts = Array.isArray(data.points) ? data.points : [];
      const statuses = pts.map((p) => p.status);
      state.running = statuses.includes('running');
      const status = state.running ? 'running'
        : statuses.length && statuses.every((s) => s === 'finished') ? 'finished'
          : statuses.includes('failed') ? 'failed' : statuses.some(Boolean) ? 'interrupted' : '';
      setBadge(statusBadge, status);
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

  // ------------------------------------------------------------------ maze editor

  const STORE_KEY = 'mazesearch.editorBoard';
  const SPEED_MAX = 5000;
  const sliderToSpeed = (v) => Math.max(1, Math.round(Math.pow(SPEED_MAX, v / 100)));
  const speedToSlider = (s) => Math.round((100 * Math.log(s)) / Math.log(SPEED_MAX));

  function emptyBoard(model, rows, cols) {
    const n = rows * cols;
    if (model === 'passages') {
      const right = [];
      const down = [];
      for (let v = 0; v < n; v++) {
        right.push(v % cols < cols - 1 ? 1 : 0);
        down.push(Math.floor(v / cols) < rows - 1 ? 1 : 0);
      }
      return { model: 'passages', rows, cols, right, down, entrance: 0, exit: 0 };
    }
    const exit = rows > 1 ? [rows - 1, 0] : [0, cols - 1];
    return { model: 'cells', rows, cols, open: new Array(n).fill(1), start: [0, 0], exit };
  }

  function cloneBoard(b) {
    return JSON.parse(JSON.stringify(b));
  }

  function MazeView(root, route) {
    const select = el('select', { id: 'maze-board-select' }, el('option', { value: '' }, 'loading the board files…'));
    const rowsIn = el('input', { type: 'number', id: 'maze-rows', min: 1, max: 16, value: 6, class: 'num-input' });
    const colsIn = el('input', { type: 'number', id: 'maze-cols', min: 1, max: 16, value: 6, class: 'num-input' });
    const modelIn = el('select', { id: 'maze-model' }, el('option', { value: 'cells' }, 'cells'), el('option', { value: 'passages' }, 'passages'));
    const newBtn = el('button', { type: 'button', id: 'maze-new', class: 'button' }, 'Empty grid');
    const modeBox = el('div', { class: 'modes', id: 'maze-mode' });
    const movesV = el('span', { id: 'maze-moves', class: 'stat-value' }, '—');
    const flashV = el('span', { id: 'maze-flash', class: 'stat-value' }, '—');
    const feasV = el('span', { id: 'maze-feasible', class: 'stat-value' }, '—');
    const mostV = el('span', { id: 'maze-most', class: 'stat-value' }, '—');
    const convV = el('div', { class: 'stat-sub', id: 'maze-convention' });
    const msgV = el('p', { id: 'maze-message', class: 'message', hidden: true });
    const boardSvg = svgEl('svg', { id: 'maze-board', class: 'board', 'data-state': 'empty' });
    const legendBox = el('div');
    const sourceV = el('p', { class: 'muted small', id: 'maze-source' });
    const playBtn = el('button', { type: 'button', id: 'maze-play', class: 'button primary', title: 'play (space)' }, '▶ Play');
    const pauseBtn = el('button', { type: 'button', id: 'maze-pause', class: 'button', title: 'pause (space)' }, '❚❚ Pause');
    const stepBtn = el('button', { type: 'button', id: 'maze-step', class: 'button', title: 'one move (→)' }, 'Step');
    const restartIcon = svgEl('svg', { viewBox: '0 0 16 16', width: 14, height: 14, 'aria-hidden': 'true' },
      svgEl('path', { d: 'M3 2 V14 M13 2 L5 8 L13 14 Z', fill: 'currentColor', stroke: 'currentColor', 'stroke-width': 2, 'stroke-linejoin': 'round' }));
    const restartBtn = el('button', { type: 'button', id: 'maze-restart', class: 'button', title: 'back to the start', 'aria-label': 'back to the start' }, restartIcon);
    const speedIn = el('input', { type: 'range', id: 'maze-speed', min: 0, max: 100, step: 1, value: speedToSlider(40) });
    const speedV = el('span', { id: 'maze-speed-value', class: 'speed-value' });
    const scrub = el('input', { type: 'range', id: 'maze-scrubber', min: 0, max: 0, step: 1, value: 0 });
    const stepCount = el('span', { id: 'maze-step-count', class: 'step-count' }, '0');
    const stepTotal = el('span', { id: 'maze-step-total', class: 'muted' });
    const note = el('p', { id: 'maze-playback-note', class: 'note', hidden: true });
    const countsIn = el('input', { type: 'checkbox', id: 'maze-show-counts', checked: true });
    const textArea = el('textarea', { class: 'board-text', id: 'maze-text', rows: 8, spellcheck: 'false',
      'aria-label': 'the board as text' });
    const applyText = el('button', { type: 'button', class: 'button', id: 'maze-text-apply' }, 'Walk this text');
    const download = el('button', { type: 'button', class: 'link-button', id: 'maze-download' }, 'Download .txt');
    download.addEventListener('click', () => {
      const text = st.answer && typeof st.answer.text === 'string' ? st.answer.text : '';
      if (!text) return;
      const a = el('a', { href: URL.createObjectURL(new Blob([text], { type: 'text/plain' })), download: 'board.txt' });
      document.body.append(a);
      a.click();
      setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
    });

    root.append(el('div', { class: 'maze-layout' },
      el('aside', { class: 'card maze-side' },
        el('h2', {}, 'Board'),
        el('label', { class: 'field' }, el('span', {}, 'Board file'), select),
        el('div', { class: 'field-row' },
          el('label', { class: 'field' }, el('span', {}, 'Rows'), rowsIn),
          el('label', { class: 'field' }, el('span', {}, 'Cols'), colsIn),
          el('label', { class: 'field' }, el('span', {}, 'Model'), modelIn)),
        newBtn,
        el('h3', {}, 'A click'), modeBox,
        el('h2', {}, 'Walk'),
        el('div', { class: 'stats stats-compact' },
          stat('Moves', movesV, convV),
          stat('Flash count', flashV),
          stat('Feasible', feasV),
          stat('Most visited', mostV)),
        msgV,
        el('details', { class: 'text-details' }, el('summary', {}, 'Board as text'),
          el('p', { class: 'muted small' }, 'Edit or paste a board (cells: . # S E; passages: drawn with + - |).'),
          textArea, el('div', { class: 'text-actions' }, applyText, download))),
      el('section', { class: 'card maze-main' },
        el('div', { class: 'card-head' }, el('h1', {}, 'Maze editor'), el('span', { class: 'spacer' }),
          el('label', { class: 'toggle' }, countsIn, ' show counts')),
        sourceV,
        el('div', { class: 'board-box big' }, boardSvg),
        legendBox,
        el('div', { class: 'player' },
          el('div', { class: 'player-buttons' }, restartBtn, playBtn, pauseBtn, stepBtn,
            el('label', { class: 'speed-control' }, el('span', {}, 'speed'), speedIn, speedV)),
          el('div', { class: 'player-scrub' }, scrub,
            el('span', { class: 'counter' }, el('span', { class: 'muted' }, 'moves walked '), stepCount, ' ', stepTotal))),
        note,
        el('p', { class: 'muted small' }, 'Click a cell to block or open it (or a wall, on a passage board); the walk is redone at once. ',
          'Space plays and pauses; → and ← step.'))));

    const st = {
      stopped: false, board: null, answer: null, seq: 0, shownSeq: 0, inflight: false, pending: false,
      handle: null, mode: 'toggle', source: '', boards: [],
      // playback: t moves walked of T; counts of the moves so far
      t: 0, T: 0, counts: null, playing: false, mps: sliderToSpeed(Number(speedIn.value)), acc: 0, lastTs: null,
      raf: 0, final: true, maxVisits: 0,
    };

    function setModes() {
      const passages = st.board && st.board.model === 'passages';
      const modes = [['toggle', passages ? 'opens or walls a passage' : 'blocks or opens a cell'],
        ['start', passages ? 'sets the entrance (top row)' : 'moves the start S'],
        ['exit', passages ? 'sets the exit (bottom row)' : 'moves the exit E']];
      modeBox.replaceChildren(...modes.map(([m, label]) => el('label', { class: 'mode' },
        el('input', { type: 'radio', name: 'maze-mode', value: m, checked: st.mode === m,
          onchange: () => { st.mode = m; } }), ' ', label)));
    }

    function stateAttr() {
      boardSvg.setAttribute('data-state', st.inflight || st.pending ? 'walking' : st.answer ? 'ready' : 'empty');
    }

    function setBoard(board, source) {
      st.board = board;
      st.source = source || '';
      st.seq += 1;
      try { sessionStorage.setItem(STORE_KEY, JSON.stringify(board)); } catch (e) { /* private mode */ }
      rowsIn.value = board.rows;
      colsIn.value = board.cols;
      modelIn.value = board.model;
      setModes();
      setText(sourceV, st.source);
      pause();
      redraw(null);
      stateAttr();
      requestWalk();
    }

    function edited() {
      st.seq += 1;
      st.source = 'edited board';
      setText(sourceV, st.source);
      if (select.value) select.value = '';
      if (location.hash !== '#/maze') history.replaceState(null, '', '#/maze');
      try { sessionStorage.setItem(STORE_KEY, JSON.stringify(st.board)); } catch (e) { /* private mode */ }
      pause();
      redraw(null);
      requestWalk();
    }

    async function requestWalk() {
      if (st.inflight) { st.pending = true; stateAttr(); return; }
      st.inflight = true;
      st.pending = false;
      stateAttr();
      const seq = st.seq;
      const board = cloneBoard(st.board);
      try {
        const ans = await api('/api/walk', {}, { board });
        if (st.stopped) return;
        if (seq === st.seq) applyAnswer(ans, seq);
      } catch (e) {
        if (st.stopped) return;
        if (seq === st.seq) {
          showError(e);
          st.answer = null;
          setText(movesV, '—'); setText(flashV, '—'); setText(feasV, 'error'); setText(mostV, '—');
          msgV.hidden = false;
          setText(msgV, e.message);
          msgV.className = 'message bad';
        }
      } finally {
        st.inflight = false;
        if (!st.stopped) {
          if (st.pending || seq !== st.seq) { st.pending = false; requestWalk(); } else stateAttr();
        }
      }
    }

    function applyAnswer(ans, seq) {
      if (!ans || !ans.board || !isNum(ans.board.rows)) { showError('/api/walk: the answer has no board'); return; }
      clearError();
      st.answer = ans;
      st.shownSeq = seq;
      window.mazesearchLastWalk = ans;
      st.board = ans.board;
      try { sessionStorage.setItem(STORE_KEY, JSON.stringify(st.board)); } catch (e) { /* private mode */ }
      const passages = ans.board.model === 'passages';
      setText(movesV, isNum(ans.moves) ? String(ans.moves) : '—');
      setText(flashV, isNum(ans.flash) ? String(ans.flash) : passages ? 'n/a' : '—');
      feasV.className = `stat-value ${ans.feasible ? 'good' : 'bad'}`;
      setText(feasV, ans.feasible ? 'feasible' : 'infeasible');
      setText(convV, ans.convention || '');
      const mv = ans.most_visited;
      setText(mostV, mv && Array.isArray(mv.cell) ? `(${mv.cell.join(', ')}): ${fmtInt(mv.visits)}` : '—');
      const msgs = [];
      if (ans.message) msgs.push(ans.message);
      const cut = ans.feasible !== false && ans.walk_complete === false;
      if (cut && !/cut|limit/i.test(ans.message || '')) msgs.push(`The walk was cut at ${fmtInt(ans.limit_moves)} moves.`);
      msgV.hidden = !msgs.length;
      msgV.className = `message ${ans.feasible === false || cut ? 'bad' : ''}`;
      setText(msgV, msgs.join(' '));
      if (document.activeElement !== textArea) textArea.value = ans.text || '';
      const visits = Array.isArray(ans.visits) ? ans.visits : [];
      st.maxVisits = visits.reduce((a, b) => Math.max(a, b || 0), 0);
      legendBox.replaceChildren(heatLegend(st.maxVisits, passages));
      // playback: T moves; a passage board's first move is the move in
      const path = Array.isArray(ans.path) ? ans.path : [];
      st.T = !path.length ? 0 : passages ? path.length : path.length - 1;
      scrub.max = String(st.T);
      st.final = true;
      st.t = st.T;
      st.counts = null;
      const sayT = isNum(ans.moves) ? ans.moves : st.T;
      setText(stepTotal, st.T ? `of ${sayT}` : '');
      note.hidden = true;
      if (!path.length) {
        note.hidden = false;
        setText(note, ans.feasible === false ? 'Nothing to watch: Squeaky cannot reach the exit.' : 'The server sent no path to play.');
      } else if (ans.path_complete === false) {
        note.hidden = false;
        setText(note, `The playback covers only the first ${fmtInt(st.T)} moves` +
          (isNum(ans.moves) ? ` of ${fmtInt(ans.moves)}.` : ' (the walk was cut).'));
      } else if (isNum(ans.moves) && ans.moves !== st.T) {
        note.hidden = false;
        setText(note, `Note: the path holds ${fmtInt(st.T)} moves but the server counts ${fmtInt(ans.moves)}.`);
      }
      for (const b of [playBtn, stepBtn, restartBtn, scrub]) b.disabled = !st.T;
      pauseBtn.disabled = true;
      redraw(visits);
      stateAttr();
    }

    function onBoardClick(ev) {
      if (!st.board) return;
      const passEl = ev.target.closest('.passage');
      const cellEl = ev.target.closest('.cell');
      const b = st.board;
      if (passEl && b.model === 'passages' && st.mode === 'toggle') {
        const r = Number(passEl.dataset.r);
        const c = Number(passEl.dataset.c);
        const arr = passEl.dataset.dir === 'right' ? b.right : b.down;
        arr[r * b.cols + c] = arr[r * b.cols + c] ? 0 : 1;
        edited();
        return;
      }
      if (!cellEl) return;
      const r = Number(cellEl.dataset.r);
      const c = Number(cellEl.dataset.c);
      const v = r * b.cols + c;
      if (b.model === 'cells') {
        const isS = b.start[0] === r && b.start[1] === c;
        const isE = b.exit[0] === r && b.exit[1] === c;
        if (st.mode === 'toggle') {
          if (isS || isE) { flashHint(`The ${isS ? 'start' : 'exit'} is always open; choose "moves the ${isS ? 'start S' : 'exit E'}" to move it.`); return; }
          b.open[v] = b.open[v] ? 0 : 1;
        } else if (st.mode === 'start') {
          if (isE) { flashHint('The start and the exit must be different cells.'); return; }
          b.start = [r, c];
          b.open[v] = 1;
        } else {
          if (isS) { flashHint('The start and the exit must be different cells.'); return; }
          b.exit = [r, c];
          b.open[v] = 1;
        }
        edited();
      } else if (st.mode === 'start') {
        if (r !== 0) { flashHint('The entrance is above a cell of the top row.'); return; }
        b.entrance = c;
        edited();
      } else if (st.mode === 'exit') {
        if (r !== b.rows - 1) { flashHint('The exit is below a cell of the bottom row.'); return; }
        b.exit = c;
        edited();
      }
    }

    let hintTimer = 0;
    function flashHint(text) {
      note.hidden = false;
      setText(note, text);
      clearTimeout(hintTimer);
      hintTimer = setTimeout(() => { if (note.textContent === text) note.hidden = true; }, 4000);
    }

    boardSvg.addEventListener('click', onBoardClick);

    // ---- drawing and playback

    function redraw(visits) {
      if (!st.board) return;
      const cell = Math.max(30, Math.min(64, Math.floor(560 / Math.max(st.board.rows, st.board.cols))));
      st.handle = drawBoard(boardSvg, st.board, { cell, interactive: true, mouse: true, mouseId: 'maze-mouse' });
      stateAttr();
      if (visits) showFrame(); else { st.handle.setVisits(null, 0, false); setText(stepCount, '0'); }
    }

    // where the mouse stands after t moves
    function mouseAt(t) {
      const path = st.answer.path;
      if (st.board.model === 'passages') return t === 0 ? 'in' : path[t - 1];
      return path[t];
    }

    // the cell a move t -> t+1 leaves (none for a passage board's move in)
    function leaving(t) {
      const path = st.answer.path;
      if (st.board.model === 'passages') return t === 0 ? -1 : path[t - 1];
      return path[t];
    }

    function countsTo(t) {
      const n = st.board.rows * st.board.cols;
      const counts = new Int32Array(n + 1);
      for (let k = 0; k < t; k++) {
        const v = leaving(k);
        if (v >= 0 && v < n) counts[v] += 1;
      }
      return counts;
    }

    function showFrame() {
      const ans = st.answer;
      if (!ans || !st.handle) return;
      const showCounts = countsIn.checked;
      if (st.final) {
        // the whole walk: the server's counts, the mouse where the walk ended (hidden when the
        // walk was cut)
        st.handle.setVisits(ans.visits || [], st.maxVisits, showCounts);
        const b = st.board;
        const end = b.model === 'passages' ? b.rows * b.cols : b.exit[0] * b.cols + b.exit[1];
        st.handle.setMouse(st.T && ans.walk_complete !== false ? end : null);
      } else {
        if (!st.counts) st.counts = countsTo(st.t);
        st.handle.setVisits(st.counts, st.maxVisits, showCounts);
        st.handle.setMouse(st.T ? mouseAt(st.t) : null);
      }
      const atEnd = st.t >= st.T;
      const shown = st.final ? (isNum(ans.moves) ? ans.moves : st.T)
        : atEnd && ans.path_complete !== false && isNum(ans.moves) ? ans.moves : st.t;
      setText(stepCount, String(shown));
      if (Number(scrub.value) !== st.t) scrub.value = String(st.t);
    }

    function setT(t, keepFinal) {
      t = Math.max(0, Math.min(st.T, Math.round(t)));
      if (!keepFinal) st.final = false;
      if (st.counts && t >= st.t) {
        for (let k = st.t; k < t; k++) {
          const v = leaving(k);
          if (v >= 0 && v < st.counts.length - 1) st.counts[v] += 1;
        }
      } else {
        st.counts = null; // counted again from the start
      }
      st.t = t;
      showFrame();
    }

    function frame(ts) {
      if (!st.playing || st.stopped) return;
      const dt = st.lastTs === null ? 0 : Math.min(0.25, (ts - st.lastTs) / 1000);
      st.lastTs = ts;
      st.acc += dt * st.mps;
      const n = Math.floor(st.acc);
      if (n > 0) {
        st.acc -= n;
        setT(st.t + n);
      }
      if (st.t >= st.T) { pause(); return; }
      st.raf = requestAnimationFrame(frame);
    }

    function play() {
      if (!st.answer || !st.T || st.playing) return;
      if (st.t >= st.T) { st.counts = null; st.t = 0; }
      st.final = false;
      st.playing = true;
      st.acc = 1; // the first move at once
      st.lastTs = null;
      playBtn.disabled = true;
      pauseBtn.disabled = false;
      boardSvg.classList.add('playing');
      showFrame();
      st.raf = requestAnimationFrame(frame);
    }

    function pause() {
      st.playing = false;
      cancelAnimationFrame(st.raf);
      playBtn.disabled = !st.T;
      pauseBtn.disabled = true;
      boardSvg.classList.remove('playing');
    }

    function step(dir) {
      if (!st.answer || !st.T) return;
      pause();
      if (st.final) { st.final = false; if (dir > 0) { st.t = 0; st.counts = null; } }
      setT(st.t + dir);
    }

    playBtn.addEventListener('click', play);
    pauseBtn.addEventListener('click', pause);
    stepBtn.addEventListener('click', () => step(1));
    restartBtn.addEventListener('click', () => { pause(); st.counts = null; setT(0); });
    scrub.addEventListener('input', () => { pause(); setT(Number(scrub.value)); });
    const showSpeed = () => {
      st.mps = sliderToSpeed(Number(speedIn.value));
      setText(speedV, `${fmtInt(st.mps)} moves/s`);
    };
    speedIn.addEventListener('input', showSpeed);
    showSpeed();
    countsIn.addEventListener('change', () => { if (st.handle) { st.handle.setVisits(null, 0, false); showFrame(); } });

    function onKey(ev) {
      const tag = ev.target && ev.target.tagName;
      const type = ev.target && ev.target.type;
      if (tag === 'TEXTAREA' || tag === 'SELECT' || tag === 'BUTTON' || ev.ctrlKey || ev.metaKey || ev.altKey) return;
      if (tag === 'INPUT' && type !== 'range' && type !== 'checkbox' && type !== 'radio') return;
      if (ev.key === ' ' || ev.code === 'Space') {
        ev.preventDefault();
        if (st.playing) pause(); else play();
      } else if (ev.key === 'ArrowRight' && tag !== 'INPUT') {
        ev.preventDefault();
        step(1);
      } else if (ev.key === 'ArrowLeft' && tag !== 'INPUT') {
        ev.preventDefault();
        step(-1);
      }
    }
    document.addEventListener('keydown', onKey);

    // ---- choosing a board

    newBtn.addEventListener('click', () => {
      const rows = Math.round(Number(rowsIn.value));
      const cols = Math.round(Number(colsIn.value));
      if (!(rows >= 1 && rows <= 16 && cols >= 1 && cols <= 16)) {
        showError('rows and cols: whole numbers from 1 to 16');
        return;
      }
      if (modelIn.value === 'cells' && rows * cols < 2) {
        showError('a cell board needs at least two cells (a start and an exit)');
        return;
      }
      clearError();
      select.value = '';
      if (location.hash !== '#/maze') history.replaceState(null, '', '#/maze');
      setBoard(emptyBoard(modelIn.value, rows, cols), `empty ${rows}x${cols} grid (${modelIn.value})`);
    });

    select.addEventListener('change', () => {
      if (select.value) location.hash = `#/maze/${encodePath(select.value)}`;
    });

    async function loadBoards() {
      try {
        const data = await api('/api/boards');
        if (st.stopped) return;
        st.boards = Array.isArray(data.boards) ? data.boards : [];
        select.replaceChildren(el('option', { value: '' }, st.boards.length ? '— choose a board file —' : 'no board files found'),
          ...st.boards.map((b) => el('option', { value: b.path },
            `${b.path} (${b.model === 'passages' ? 'passages, ' : ''}${b.rows}x${b.cols})`)));
        if (route.path && st.source === route.path) select.value = route.path;
      } catch (e) {
        showError(e);
        select.replaceChildren(el('option', { value: '' }, 'board files unavailable'));
      }
    }

    // a walk answer for a board from elsewhere (a file, a text) becomes the board edited here
    function adopt(ans, source, label) {
      if (!ans || !ans.board || !isNum(ans.board.rows)) throw new ApiError('the answer has no board');
      pause();
      st.seq += 1;
      st.source = source;
      setText(sourceV, label);
      st.board = ans.board;
      rowsIn.value = ans.board.rows;
      colsIn.value = ans.board.cols;
      modelIn.value = ans.board.model;
      setModes();
      redraw(null);
      applyAnswer(ans, st.seq);
    }

    applyText.addEventListener('click', async () => {
      try {
        const ans = await api('/api/walk', {}, { text: textArea.value });
        if (st.stopped) return;
        select.value = '';
        if (location.hash !== '#/maze') history.replaceState(null, '', '#/maze');
        textArea.blur();
        adopt(ans, 'text', 'board from text');
      } catch (e) {
        showError(e);
      }
    });

    async function loadFile(path) {
      try {
        let ans = await api('/api/board', { path });
        if (st.stopped) return;
        if (ans && ans.board && !Array.isArray(ans.path)) {
          // an answer without the walk's vertex list (its `path` taken for the file's): walk the
          // board itself to have something to play
          console.warn(`/api/board?path=${path}: "path" is not the list of vertices; walking the board again`);
          ans = await api('/api/walk', {}, { board: ans.board });
          if (st.stopped) return;
        }
        adopt(ans, path, `board file ${path}`);
        if ([...select.options].some((o) => o.value === path)) select.value = path;
      } catch (e) {
        showError(e);
        setText(sourceV, `could not load ${path}`);
      }
    }

    loadBoards();
    if (route.path) {
      loadFile(route.path);
    } else {
      let board = MazeView.takeHandOver();
      let source = board ? 'board from a run' : '';
      if (!board) {
        try { board = JSON.parse(sessionStorage.getItem(STORE_KEY) || 'null'); } catch (e) { board = null; }
        if (board) source = 'the last board edited here';
      }
      if (!board || !isNum(board.rows)) { board = emptyBoard('cells', 6, 6); source = 'empty 6x6 grid (cells)'; }
      setBoard(board, source);
    }

    return {
      unmount() {
        st.stopped = true;
        pause();
        clearTimeout(hintTimer);
        document.removeEventListener('keydown', onKey);
      },
    };
  }

  let handedOver = null;
  MazeView.handOver = (board) => {
    handedOver = cloneBoard(board);
    try { sessionStorage.setItem(STORE_KEY, JSON.stringify(board)); } catch (e) { /* private mode */ }
  };
  MazeView.takeHandOver = () => {
    const b = handedOver;
    handedOver = null;
    return b;
  };

  // ------------------------------------------------------------------ start

  window.addEventListener('hashchange', route);
  window.mazesearch = { api, version: 1 };
  route();
})();
