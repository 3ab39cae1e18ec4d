// mazesearch serve, the page: the board models the server's maze editor takes (GET /api/models),
// read once before the page is built. A model is known here by what its boards are: its form
// ("cells": cells open or blocked with a start and an exit; "passages": the passages right of and
// below each cell, with an entrance and an exit column) and the shape of its cells ("square",
// "hexagon"). Only the drawing of a shape (board.js) is written here; a model of a form and a
// shape the page draws needs nothing on the page.
import { api, showError } from './api.js';

let models = [];

// Reads the models from the server; on failure says so and leaves the list empty.
export async function loadModels() {
  try {
    const list = await api('/api/models');
    models = Array.isArray(list) ? list : [];
  } catch (e) {
    showError(e);
  }
}

// The models, in the server's order: [{name, form, shape, flash, text}].
export const boardModels = () => models;

// The model of a name; an unknown name (the list not read) is taken as square cells.
export function modelOf(name) {
  return models.find((m) => m.name === name)
    || { name, form: name === 'passages' ? 'passages' : 'cells', shape: 'square', flash: false, text: '' };
}

export const isPassages = (board) => modelOf(board.model).form === 'passages';
