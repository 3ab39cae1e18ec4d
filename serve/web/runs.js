// mazesearch serve, the page: the runs view (#/), every run and sweep under the served folder.
import { Poller, api, rootFolder, setRootFolder } from './api.js';
import {
  el, encodePath, fmtAgo, fmtDate, fmtDuration, fmtInt, fmtScore, fmtSpeed, isNum, progressBar, setBadge,
  setProgress, setText,
} from './util.js';

export function RunsView(root) {
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
      if (typeof r.error === 'string') bits.push(r.error); // why an unreadable folder is not shown
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
