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

/** The media type of a streamed answer: one JSON object per line. */
const NDJSON = 'application/x-ndjson';

async function post(path, body, { asText = false, type = null, accept = null } = {}) {
  let response;
  const headers = { 'Content-Type': type || (asText ? 'text/plain' : 'application/json') };
  if (accept) headers.Accept = accept;
  try {
    response = await fetch('/api/' + path, {
      method: 'POST',
      headers,
      body: asText || type ? body : JSON.stringify(body),
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

const LOST = 'The connection to the server was lost while the computer was thinking.';

/**
 * Reads a streamed answer line by line: `{"progress": ...}` lines go to `onProgress`; the last
 * other line is the answer (or `{"error", "index"}`, thrown as an ApiError). Browsers without
 * readable streams read the whole answer at once (no progress then).
 */
async function readStream(response, onProgress) {
  let answer = null;
  const take = (text) => {
    const line = text.trim();
    if (!line) return;
    let value;
    try {
      value = JSON.parse(line);
    } catch (_) {
      throw new ApiError('The server sent an answer that cannot be read.', 500);
    }
    if (value && typeof value === 'object' && 'progress' in value) {
      if (answer === null && onProgress) onProgress(value.progress);
    } else {
      answer = value;
    }
  };
  if (!response.body || typeof response.body.getReader !== 'function' || typeof TextDecoder === 'undefined') {
    let text;
    try {
      text = await response.text();
    } catch (_) {
      throw new ApiError(LOST, 0);
    }
    text.split('\n').forEach(take);
  } else {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let pending = '';
    for (;;) {
      let chunk;
      try {
        chunk = await reader.read();
      } catch (_) {
        throw new ApiError(LOST, 0);
      }
      if (chunk.done) break;
      pending += decoder.decode(chunk.value, { stream: true });
      let end;
      while ((end = pending.indexOf('\n')) >= 0) {
        take(pending.slice(0, end));
        pending = pending.slice(end + 1);
      }
    }
    take(pending + decoder.decode());
  }
  if (answer === null) throw new ApiError(LOST, 0);
  if (typeof answer.error === 'string') throw new ApiError(answer.error, 500, answer.index);
  return answer;
}

/** The view of a record. */
export async function evaluate(record) {
  return (await post('evaluate', record)).json();
}

/** `{record, view}` after appending `action`. */
export async function apply(record, action) {
  return (await post('apply', { record, action })).json();
}

/**
 * The computer's move: `{action, record, view}`. With `onProgress`, the answer is streamed and
 * `onProgress({playouts, budget, fraction})` is called as the search goes on (about every
 * 200 ms); a server that answers plain JSON still works, without progress.
 */
export async function genmove(record, level, onProgress = null) {
  const response = await post('genmove', { record, level }, { accept: onProgress ? NDJSON : null });
  const type = (response.headers.get('Content-Type') || '').toLowerCase();
  if (!type.startsWith(NDJSON)) return response.json();
  return readStream(response, onProgress);
}

/** The computer's estimate: `{dead, ownership, score}`. */
export async function estimate(record) {
  return (await post('estimate', record)).json();
}

/** The record as SGF text. */
export async function exportSgf(record) {
  return (await post('sgf/export', record)).text();
}

/**
 * `{record, view}` read from an SGF file (the main line of the first game): its bytes, which
 * the server decodes in the character set the file names (`CA`), or text.
 */
export async function importSgf(file) {
  return (await post('sgf/import', file, { type: 'application/x-go-sgf' })).json();
}

/** TimeGo: the legal time-move targets of `stone`, with what each would cancel. */
export async function timegoTargets(record, stone) {
  return (await post('timego/targets', { record, stone })).json();
}

/** The chain at `point` of a record's position: `{point, color, stones, liberties}`. */
export async function chainAt(record, point) {
  return (await post('chain', { record, point })).json();
}
