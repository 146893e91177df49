// Open SGF…: a game file chosen with the button (a visually hidden file input) or dropped on
// the board is read here, checked, sent to the server's SGF reader (POST /api/sgf/import) and,
// after the usual question when a round is in progress, becomes the Same device round. Anything
// that goes wrong is said in the message area and changes nothing.

import * as api from './api.js';
import { ask } from './dialog.js';
import { colorName, resultText, sizeText } from './text.js';
import { playCount } from './round.js';

const $ = (id) => document.getElementById(id);

/** The largest file opened: the server's request limit (a long 19 × 19 game is about 10 KB). */
export const SGF_LIMIT = 256 * 1024;

/** A reason a file cannot be opened, in the words the player reads. */
export class SgfOpenError extends Error {}

/** "12 KB" / "1.2 MB". */
function bytesText(n) {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(n / 1024))} KB`;
}

/**
 * The file's bytes (the server decodes them in the character set the file names with `CA`), or
 * an SgfOpenError when it is too large, empty or not an SGF file.
 */
export async function readSgfFile(file) {
  if (file.size > SGF_LIMIT) {
    throw new SgfOpenError(
      `it is too large (${bytesText(file.size)}; the limit is ${bytesText(SGF_LIMIT)})`,
    );
  }
  if (file.size === 0) throw new SgfOpenError('the file is empty');
  let bytes;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch (_) {
    throw new SgfOpenError('this browser could not read the file');
  }
  // SGF syntax is ASCII in every character set, so a byte-for-byte reading finds "(;".
  if (!/\(\s*;/.test(new TextDecoder('latin1').decode(bytes))) {
    throw new SgfOpenError('it is not an SGF file: no Go game record was found in it');
  }
  return bytes;
}

/**
 * The server's complaint in plain words: "SGF line 3, column 2: move 3 (Black E5) is illegal:
 * E5 is occupied" reads "move 3 (Black E5) is illegal: E5 is occupied (line 3, column 2)".
 */
export function importErrorText(error) {
  if (error.status === 413) return `it is too large (the limit is ${bytesText(SGF_LIMIT)})`;
  const m = /^SGF line (\d+), column (\d+): (.*)$/s.exec(error.message);
  if (m) return `${m[3]} (line ${m[1]}, column ${m[2]})`;
  return error.message;
}

/** What the message area says once a game is open. */
function openedText(name, record, view) {
  const n = playCount(record);
  const moves = `${n} ${n === 1 ? 'move' : 'moves'}`;
  const head = `Opened “${name}”: ${sizeText(view.size)}, ${moves}.`;
  if (view.phase === 'finished') return `${head} The game is over: ${resultText(view.result)}`;
  if (view.phase === 'review') return `${head} The game is in score review.`;
  return `${head} ${colorName(view.to_move)} to play; continue the game from here.`;
}

/** Wires the Open SGF… button, its file input and dropping a file on the board. */
export class SgfOpener {
  /** `round`: the page's Round (its Same device round is the one replaced). */
  constructor(round) {
    this.round = round;
    this.opening = false;
    this.input = $('sgf-file');
    $('open-sgf').addEventListener('click', () => {
      if (this.opening || this.round.busy) return;
      this.input.click();
    });
    this.input.addEventListener('change', () => {
      const file = this.input.files && this.input.files[0];
      this.input.value = ''; // choosing the same file again fires `change` again
      // The focus never stays on the invisible input: it belongs on the button.
      if (document.activeElement === this.input) $('open-sgf').focus({ preventScroll: true });
      if (file) this.open(file);
    });
    this.dropZone(document.querySelector('#play .board-wrap'));
  }

  /** Dropping a file on the board opens it; the board is outlined while a file is over it. */
  dropZone(zone) {
    let depth = 0;
    const hasFiles = (e) => e.dataTransfer && Array.from(e.dataTransfer.types || []).includes('Files');
    const clear = () => {
      depth = 0;
      zone.classList.remove('drop-target');
    };
    zone.addEventListener('dragenter', (e) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth++;
      zone.classList.add('drop-target');
    });
    zone.addEventListener('dragover', (e) => {
      if (!hasFiles(e)) return;
      e.preventDefault(); // otherwise the browser leaves the page to show the file
      e.dataTransfer.dropEffect = 'copy';
    });
    zone.addEventListener('dragleave', () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0) zone.classList.remove('drop-target');
    });
    zone.addEventListener('drop', (e) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      clear();
      const file = e.dataTransfer.files[0];
      if (!file) return;
      if (this.round.mode !== 'local') {
        this.round.message(
          'SGF files open in Same device mode. Your round against the computer is unchanged.',
        );
        return;
      }
      this.open(file);
    });
  }

  /** Reads, checks and imports `file`, asks before replacing a round in progress, then opens it. */
  async open(file) {
    const round = this.round;
    if (this.opening || round.busy || round.mode !== 'local') return;
    const name = file.name || 'the file';
    const fail = (why) => round.message(`“${name}” could not be opened: ${why}. Your round is unchanged.`);
    this.opening = true;
    const epoch = round.epoch;
    try {
      let bytes;
      try {
        bytes = await readSgfFile(file);
      } catch (e) {
        fail(e instanceof SgfOpenError ? e.message : 'this browser could not read the file');
        return;
      }
      round.message(`Opening “${name}”…`);
      let imported;
      round.busy = true;
      try {
        imported = await api.importSgf(bytes);
      } catch (e) {
        fail(importErrorText(e));
        return;
      } finally {
        round.busy = false;
      }
      if (epoch !== round.epoch || round.mode !== 'local') return; // the page moved on
      if (round.unfinished()) {
        const v = round.view;
        const n = playCount(round.record);
        const ok = await ask({
          title: `Open “${name}”?`,
          message: `Opening this game replaces the unfinished round (${sizeText(v.size)}, ${n} ${n === 1 ? 'move' : 'moves'} played).`,
          confirm: 'Open game',
        });
        if (!ok) {
          round.message(`“${name}” was not opened. Your round is unchanged.`);
          return;
        }
        if (epoch !== round.epoch || round.mode !== 'local') return;
      }
      round.replace(imported.record, imported.view);
      round.message(openedText(name, imported.record, imported.view));
    } finally {
      this.opening = false;
    }
  }
}
