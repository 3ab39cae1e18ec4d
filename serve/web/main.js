// mazesearch serve: the browser page. Plain ES2020 modules, no build step, no framework; Chart.js 3
// is the global `Chart` (served as /static/chart.js, a classic script loaded first). Everything it
// shows comes from the JSON API of `mazesearch serve`; the mouse's walk is never computed here, only
// played back from the server's `path`. This module routes (#/, #/run/…, #/sweep/…, #/maze/…) and
// starts the page.
import { api, clearError } from './api.js';
import { MazeView } from './maze.js';
import { loadModels } from './models.js';
import { RunView } from './run.js';
import { RunsView } from './runs.js';
import { SweepView } from './sweep.js';
import { decodePath, el } from './util.js';

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

// ------------------------------------------------------------------ start

window.addEventListener('hashchange', route);
window.mazesearch = { api, version: 1 };
// The board models first: the editor and the boards' pictures are built from them.
loadModels().then(route);
