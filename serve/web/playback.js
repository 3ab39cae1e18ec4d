// mazesearch serve, the page: the maze editor's player. It plays back the walk the server sent
// (its `path`), move by move: the mouse, the visit counts so far, the scrubber, the speed, and the
// keys (space plays and pauses, the arrows step).
import { drawBoard } from './board.js';
import { isPassages } from './models.js';
import { sliderToSpeed } from './mazeui.js';
import { fmtInt, isNum, setText } from './util.js';

// st: the editor's state (board, answer, and the playback's t, T, counts, playing, …); ui: the
// editor's elements (mazeui.js); stateAttr: sets the board's data-state. Returns what the editor
// calls, and detach() to let go of the keys when the view goes.
export function createPlayback(st, ui, stateAttr) {
  const { boardSvg, playBtn, pauseBtn, stepBtn, restartBtn, speedIn, speedV, scrub, stepCount, countsIn } = ui;

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
    if (isPassages(st.board)) return t === 0 ? 'in' : path[t - 1];
    return path[t];
  }

  // the cell a move t -> t+1 leaves (none for a passage board's move in)
  function leaving(t) {
    const path = st.answer.path;
    if (isPassages(st.board)) return t === 0 ? -1 : path[t - 1];
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
      const end = isPassages(b) ? b.rows * b.cols : b.exit[0] * b.cols + b.exit[1];
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

  return {
    redraw, showFrame, play, pause, step, setT,
    detach() { document.removeEventListener('keydown', onKey); },
  };
}
