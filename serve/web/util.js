// mazesearch serve, the page: small helpers (DOM building, formatting), the colour scales and the
// little widgets (badges, stats, progress bars) the views share.

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

export function el(tag, attrs, ...kids) {
  return append(setAttrs(document.createElement(tag), attrs), kids);
}

export function svgEl(tag, attrs, ...kids) {
  return append(setAttrs(document.createElementNS(SVG_NS, tag), attrs), kids);
}

export function setText(e, text) {
  const s = text === null || text === undefined ? '' : String(text);
  if (e && e.textContent !== s) e.textContent = s;
}

export const isNum = (x) => typeof x === 'number' && Number.isFinite(x);

export function fmtInt(x) {
  if (!isNum(x)) return '—';
  return Math.round(x).toLocaleString('en-US');
}

// A score: whole numbers with separators, others with one decimal.
export function fmtScore(x) {
  if (typeof x === 'string') return x; // "inf", "nan" as the run files write them
  if (!isNum(x)) return '—';
  if (Number.isInteger(x)) return x.toLocaleString('en-US');
  return x.toLocaleString('en-US', { maximumFractionDigits: 1 });
}

export function fmtCompact(x) {
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

export function fmtSpeed(x) {
  if (!isNum(x)) return '—';
  return fmtCompact(x) + '/s';
}

export function fmtDuration(s) {
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

export function fmtDate(t) {
  if (!isNum(t)) return '';
  return new Date(t * 1000).toLocaleString();
}

export function fmtAgo(t) {
  if (!isNum(t) || t <= 0) return '—';
  const s = Date.now() / 1000 - t;
  if (s < 5) return 'just now';
  if (s < 60) return `${Math.round(s)} s ago`;
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86400) return `${Math.round(s / 3600)} h ago`;
  if (s < 7 * 86400) return `${Math.round(s / 86400)} d ago`;
  return new Date(t * 1000).toLocaleDateString();
}

export function median(values) {
  const v = values.filter(isNum).sort((a, b) => a - b);
  if (!v.length) return null;
  const k = v.length >> 1;
  return v.length % 2 ? v[k] : (v[k - 1] + v[k]) / 2;
}

export const encodePath = (p) => String(p).split('/').map(encodeURIComponent).join('/');
export const decodePath = (p) => p.split('/').map((s) => {
  try { return decodeURIComponent(s); } catch (e) { return s; }
}).join('/');

// ------------------------------------------------------------------ colours

export const PALETTE = ['#2563eb', '#ea580c', '#16a34a', '#dc2626', '#7c3aed', '#a16207', '#db2777',
  '#0891b2', '#65a30d', '#4b5563'];

export function rgba(hex, a) {
  const n = parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${a})`;
}

// Sequential scale for visit counts, light to dark.
const HEAT = [[255, 244, 196], [253, 204, 99], [246, 139, 59], [214, 62, 52], [125, 18, 66]];
export const UNVISITED = '#f3f4f6';
export const BLOCKED = '#2b3039';

export function heatT(v, max) {
  if (!(v > 0) || !(max > 0)) return 0;
  return Math.min(1, Math.log1p(v) / Math.log1p(max));
}

// The colour of the heat scale at t, 0 (pale) to 1 (dark).
export function heatAt(t) {
  const x = Math.max(0, Math.min(1, t)) * (HEAT.length - 1);
  const i = Math.min(HEAT.length - 2, Math.floor(x));
  const f = x - i;
  const c = HEAT[i].map((a, k) => Math.round(a + (HEAT[i + 1][k] - a) * f));
  return `rgb(${c[0]}, ${c[1]}, ${c[2]})`;
}

export function heatColor(v, max) {
  if (!(v > 0)) return UNVISITED;
  return heatAt(heatT(v, max));
}

export function heatLegend(max, passages = false) {
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

export function badge(status) {
  const s = status || 'unknown';
  return el('span', { class: `badge badge-${s.replace(/[^a-z]/g, '')}` }, s);
}

export function setBadge(e, status) {
  const s = status || 'unknown';
  e.className = `badge badge-${s.replace(/[^a-z]/g, '')}`;
  setText(e, s);
}

// ------------------------------------------------------------------ stats and progress bars

export function stat(label, valueEl, extra) {
  return el('div', { class: 'stat' }, el('div', { class: 'stat-label' }, label), valueEl, extra || null);
}

export function progressBar(fraction) {
  const bar = el('span', { class: 'progress', role: 'progressbar', 'aria-valuemin': 0, 'aria-valuemax': 100 },
    el('span', { class: 'progress-fill' }));
  setProgress(bar, fraction);
  return bar;
}

export function setProgress(bar, fraction) {
  const known = isNum(fraction);
  bar.hidden = !known;
  if (!known) return;
  const f = Math.max(0, Math.min(1, fraction));
  bar.firstChild.style.width = (f * 100).toFixed(1) + '%';
  bar.setAttribute('aria-valuenow', Math.round(f * 100));
  bar.title = (f * 100).toFixed(1) + '%';
}
