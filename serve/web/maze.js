// mazesearch serve, the page: the maze editor (#/maze, #/maze/FILE). A board from a file, a text,
// a run or an empty grid; a click blocks or opens a cell (or walls a passage) and the server walks
// it again at once; the walk is played back by playback.js.
import { ApiError, api, clearError, showError } from './api.js';
import { buildMazeEditor, sliderToSpeed } from './mazeui.js';
import { isPassages, modelOf } from './models.js';
import { createPlayback } from './playback.js';
import { el, encodePath, fmtInt, heatLegend, isNum, setText } from './util.js';

const STORE_KEY = 'mazesearch.editorBoard';

function emptyBoard(model, rows, cols) {
  const n = rows * cols;
  if (modelOf(model).form === 'passages') {
    const right = [];
    const down = [];
    for (let v = 0; v < n; v++) {
      right.push(v % cols < cols - 1 ? 1 : 0);
      down.push(Math.floor(v / cols) < rows - 1 ? 1 : 0);
    }
    return { model, rows, cols, right, down, entrance: 0, exit: 0 };
  }
  const exit = rows > 1 ? [rows - 1, 0] : [0, cols - 1];
  // the form of cells (square or hexagonal): cells open or blocked row by row
  return { model, rows, cols, open: new Array(n).fill(1), start: [0, 0], exit };
}

function cloneBoard(b) {
  return JSON.parse(JSON.stringify(b));
}

export function MazeView(root, route) {
  const ui = buildMazeEditor(root);
  const {
    select, rowsIn, colsIn, modelIn, newBtn, modeBox, movesV, flashV, feasV, mostV, convV, msgV, boardSvg, legendBox,
    sourceV, playBtn, pauseBtn, stepBtn, restartBtn, speedIn, scrub, stepTotal, note, textArea, applyText, download,
  } = ui;

  download.addEventListener('click', () => {
    const text = st.answer && typeof st.answer.text === 'string' ? st.answer.text : '';
    if (!text) return;
    const a = el('a', { href: URL.createObjectURL(new Blob([text], { type: 'text/plain' })), download: 'board.txt' });
    document.body.append(a);
    a.click();
    setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  });

  const st = {
    stopped: false, board: null, answer: null, seq: 0, shownSeq: 0, inflight: false, pending: false,
    handle: null, mode: 'toggle', source: '', boards: [],
    // playback: t moves walked of T; counts of the moves so far
    t: 0, T: 0, counts: null, playing: false, mps: sliderToSpeed(Number(speedIn.value)), acc: 0, lastTs: null,
    raf: 0, final: true, maxVisits: 0,
  };

  function setModes() {
    const passages = st.board && isPassages(st.board);
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
    const passages = isPassages(ans.board);
    setText(movesV, isNum(ans.moves) ? String(ans.moves) : '—');
    setText(flashV, isNum(ans.flash) ? String(ans.flash) : !modelOf(ans.board.model).flash ? 'n/a' : '—');
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
    if (passEl && isPassages(b) && st.mode === 'toggle') {
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
    if (!isPassages(b)) {
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

  // ---- drawing and playback (playback.js)

  const { redraw, pause, detach } = createPlayback(st, ui, stateAttr);

  // ---- choosing a board

  newBtn.addEventListener('click', () => {
    const rows = Math.round(Number(rowsIn.value));
    const cols = Math.round(Number(colsIn.value));
    if (!(rows >= 1 && rows <= 16 && cols >= 1 && cols <= 16)) {
      showError('rows and cols: whole numbers from 1 to 16');
      return;
    }
    if (modelOf(modelIn.value).form === 'cells' && rows * cols < 2) {
      showError(`a ${modelIn.value} board needs at least two cells (a start and an exit)`);
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
          `${b.path} (${b.model !== 'cells' ? `${b.model}, ` : ''}${b.rows}x${b.cols})`)));
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
      detach();
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
