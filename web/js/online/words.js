// What the table page says: events, turns, results, settings (wording after the product texts).

import { colorName, resultText as baseResult, sizeText, num } from '../text.js';
import { clockSetting } from './clocks.js';

export const other = (c) => (c === 'black' ? 'white' : 'black');

/** A player's name as shown (always used as text), or the color when none was given. */
export function playerName(state, color) {
  const p = state && state.players && state.players[color];
  return p && typeof p.name === 'string' && p.name.trim() ? p.name : colorName(color);
}

/** "Black (Alice)" or "Black". */
export function who(state, color) {
  const p = state && state.players && state.players[color];
  const name = p && typeof p.name === 'string' && p.name.trim() ? p.name : '';
  return name ? `${colorName(color)} (${name})` : colorName(color);
}

/** Results in words, with time losses ("W+T"). */
export function resultText(result) {
  const m = /^([BW])\+T(ime)?$/i.exec(result || '');
  if (m) return `${m[1] === 'B' ? 'Black' : 'White'} wins on time.`;
  return baseResult(result);
}

function count(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

/** One event in words ("Black (Alice) played D4."). */
export function eventText(ev, state) {
  const by = ev.seat ? who(state, ev.seat) : 'The server';
  switch (ev.kind) {
    case 'seated':
      return `${ev.name ? `${ev.name} took` : 'A player took'} the ${colorName(ev.seat)} seat.`;
    case 'undo_requested':
      return `${by} asks to take back their last move.`;
    case 'undo_answered':
      return ev.accept ? `${by} accepted: the last move was taken back.` : `${by} declined the undo request.`;
    case 'action':
      return actionText(ev, by);
    default:
      return '';
  }
}

function actionText(ev, by) {
  const a = ev.action || {};
  if ('place' in a) return `${by} played ${a.place}.`;
  if ('pass' in a) return `${by} passed.`;
  if ('resign' in a) return `${colorName(a.resign)} resigned.`;
  if ('timeout' in a) return `${colorName(a.timeout)} ran out of time.`;
  if ('time' in a) return `${by} moved the placement of ${a.time.stone} to index ${a.time.to}.`;
  if ('lock' in a) return `${by} locked the past.`;
  if ('toggle_dead' in a) return `${by} changed the marks at ${a.toggle_dead}.`;
  if ('set_dead' in a) {
    const n = a.set_dead.length;
    return ev.cause === 'suggestion'
      ? `Score review: the server suggests ${n ? count(n, 'dead group', 'dead groups') : 'no dead groups'}.`
      : `${by} set the marks (${count(n, 'group', 'groups')}).`;
  }
  if ('propose' in a) {
    const c = a.propose.color;
    return ev.cause === 'review_timeout'
      ? `${colorName(c)}’s review time ran out: their current marks were submitted.`
      : `${colorName(c)} submitted a proposal.`;
  }
  if ('confirm' in a) return `${colorName(a.confirm)} confirmed.`;
  return `${by} acted.`;
}

/** Why an empty point cannot be played, as the player reads it. */
export function illegalText(point, reason) {
  switch (reason) {
    case 'suicide':
      return `${point} is suicide: your group must have at least one liberty after captures.`;
    case 'ko':
      return `${point} is forbidden by ko: it would recreate the previous position. Play elsewhere first.`;
    case 'superko':
      return `${point} is forbidden by superko: it would repeat an earlier board position.`;
    case 'repeated_order':
      return `${point} would repeat a placement order and lock boundary reached before.`;
    default:
      return `${point} cannot be played now.`;
  }
}

/** The settings line: "9 × 9 Go · Japanese territory · komi 6.5 · simple ko · review 2 min each · no game clock". */
export function settingsText(s) {
  if (!s) return '';
  const parts = [`${sizeText(s.size)} ${s.variant === 'timego' ? 'TimeGo' : 'Go'}`];
  parts.push(s.scoring === 'territory' ? 'Japanese territory scoring' : 'Chinese area scoring');
  parts.push(`komi ${num(s.komi)}`);
  if (s.variant !== 'timego') {
    parts.push(s.ko === 'simple' ? 'simple ko' : 'positional superko');
    const r = s.review_seconds;
    parts.push(`review ${r % 60 === 0 ? `${r / 60} min` : `${r} s`} per player`);
  }
  parts.push(clockSetting(s.clock).replace(/^No/, 'no'));
  return parts.join(' · ');
}

/** "9 × 9 Go" for lists. */
export function shortSettings(variant, size) {
  return `${sizeText(size)} ${variant === 'timego' ? 'TimeGo' : 'Go'}`;
}
