// The tables' HTTP routes (docs/TABLES.md): create, join, read, "Your tables", the SGF link.
// Failures become ApiError (../api.js) with the server's own words.

import { ApiError } from '../api.js';

async function request(method, path, body) {
  let response;
  try {
    response = await fetch('/api/' + path, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (_) {
    throw new ApiError('The server cannot be reached. Check your connection and try again.', 0);
  }
  if (!response.ok) {
    let message = `The server answered ${response.status}.`;
    try {
      const err = await response.json();
      if (err && typeof err.error === 'string') message = err.error;
    } catch (_) { /* not JSON */ }
    if (response.status === 429) message = `Too many requests: ${message} Wait a moment and try again.`;
    throw new ApiError(message, response.status);
  }
  try {
    return await response.json();
  } catch (_) {
    throw new ApiError('The server sent an answer that cannot be read.', 500);
  }
}

/** Creates a table: `{id, seat, token, invite}`. */
export function createTable(settings) {
  return request('POST', 'tables', settings);
}

/** Takes the free seat with an invite code: `{seat, token}` (409 when both are taken). */
export function joinTable(id, invite, name) {
  const body = { invite };
  if (name) body.name = name;
  return request('POST', `tables/${id}/join`, body);
}

/** The table's state as a watcher sees it. */
export function readTable(id) {
  return request('GET', `tables/${id}`);
}

/** Summaries of the tables these seats are at (at most 100; invalid tokens are left out). */
export function myTables(seats) {
  return request('POST', 'tables/mine', { tables: seats.map(({ id, token }) => ({ id, token })) });
}

/** A TimeGo table's stone's legal time-move targets: `{index, targets, note}`. */
export function tableTargets(id, stone) {
  return request('GET', `tables/${id}/timego/targets?stone=${encodeURIComponent(stone)}`);
}

/** Where the table's record downloads as SGF. */
export function sgfUrl(id) {
  return `/api/tables/${id}/sgf`;
}
