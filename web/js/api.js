// The server's JSON API (docs/API.md). Every failure becomes an ApiError with the server's
// message, the HTTP status and the index of the action at fault.

/** An error answered by the server (status > 0) or a network failure (status 0). */
export class ApiError extends Error {
  constructor(message, status, index) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.index = index ?? null;
  }
}

async function post(path, body, asText = false) {
  let response;
  try {
    response = await fetch('/api/' + path, {
      method: 'POST',
      headers: { 'Content-Type': asText ? 'text/plain' : 'application/json' },
      body: asText ? body : JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError('The server cannot be reached. Is Tengen still running?', 0);
  }
  if (!response.ok) {
    let message = `The server answered ${response.status}.`;
    let index = null;
    try {
      const err = await response.json();
      message = err.error || message;
      index = err.index ?? null;
    } catch (_) { /* not JSON */ }
    throw new ApiError(message, response.status, index);
  }
  return response;
}

/** The view of a record. */
export async function evaluate(record) {
  return (await post('evaluate', record)).json();
}

/** `{record, view}` after appending `action`. */
export async function apply(record, action) {
  return (await post('apply', { record, action })).json();
}

/** The computer's move: `{action, record, view}`. */
export async function genmove(record, level) {
  return (await post('genmove', { record, level })).json();
}

/** The computer's estimate: `{dead, ownership, score}`. */
export async function estimate(record) {
  return (await post('estimate', record)).json();
}

/** The record as SGF text. */
export async function exportSgf(record) {
  return (await post('sgf/export', record)).text();
}

/** TimeGo: the legal time-move targets of `stone`, with what each would cancel. */
export async function timegoTargets(record, stone) {
  return (await post('timego/targets', { record, stone })).json();
}
