// mazesearch serve, the page: the maze editor's controls and their layout; the editor (maze.js)
// and the player (playback.js) work them.
import { boardModels } from './models.js';
import { el, stat, svgEl } from './util.js';

// the speed slider: 0 to 100 for 1 to 5,000 moves a second, on a log scale
const SPEED_MAX = 5000;
export const sliderToSpeed = (v) => Math.max(1, Math.round(Math.pow(SPEED_MAX, v / 100)));
const speedToSlider = (s) => Math.round((100 * Math.log(s)) / Math.log(SPEED_MAX));

// Makes the editor's elements and lays them out in root; returns them by name.
export function buildMazeEditor(root) {
  const select = el('select', { id: 'maze-board-select' }, el('option', { value: '' }, 'loading the board files…'));
  const rowsIn = el('input', { type: 'number', id: 'maze-rows', min: 1, max: 16, value: 6, class: 'num-input' });
  const colsIn = el('input', { type: 'number', id: 'maze-cols', min: 1, max: 16, value: 6, class: 'num-input' });
  const modelIn = el('select', { id: 'maze-model' }, ...boardModels().map((m) => el('option', { value: m.name }, m.name)));
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
        el('p', { class: 'muted small' }, `Edit or paste a board (${boardModels().map((m) => `${m.name}: ${m.text}`).join('; ')}).`),
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

  return {
    select, rowsIn, colsIn, modelIn, newBtn, modeBox, movesV, flashV, feasV, mostV, convV, msgV, boardSvg, legendBox,
    sourceV, playBtn, pauseBtn, stepBtn, restartBtn, speedIn, speedV, scrub, stepCount, stepTotal, note, countsIn,
    textArea, applyText, download,
  };
}
