// mazesearch serve, the page: the JSON API (with the token of a server on another address), the
// error area, polling, and the served folder shown in the top bar.
import { setText } from './util.js';

// ------------------------------------------------------------------ the API

// A server started with --host other than 127.0.0.1 prints `http://host:port/?token=T`; every
// API call carries that token.
const TOKEN = new URLSearchParams(location.search).get('token');

export class ApiError extends Error {}

function apiUrl(path, params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params || {})) {
    if (v !== undefined && v !== null) q.set(k, String(v));
  }
  if (TOKEN) q.set('token', TOKEN);
  const qs = q.toString();
  return path + (qs ? '?' + qs : '');
}

export async function api(path, params, body) {
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

export function showError(e) {
  const msg = e instanceof Error ? e.message : String(e);
  setText(errorText, msg);
  errorBox.hidden = false;
  console.warn('mazesearch:', msg);
}

export function clearError() {
  errorBox.hidden = true;
  setText(errorText, '');
}

document.getElementById('error-close').addEventListener('click', clearError);
window.addEventListener('error', (ev) => showError(`page error: ${ev.message}`));
window.addEventListener('unhandledrejection', (ev) => showError(ev.reason || 'unknown error'));

// Repeats fn every `ms` (or what `ms()` says) without overlapping calls; errors go to the error
// area and the polling goes on.
export class Poller {
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

export let rootFolder = null;
export function setRootFolder(root) {
  if (typeof root === 'string' && root !== rootFolder) {
    rootFolder = root;
    setText(document.getElementById('root-folder'), root);
  }
}
