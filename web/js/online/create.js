// The Online page (#/online): "Your tables", and the form that creates a table (variant, size,
// scoring, komi, ko, review time, game clock, color, name), then the invite and watch links.

import { createTable } from './http.js';
import { saveSeat } from './tokens.js';
import { renderMine } from './mine.js';
import { loadPref, savePref } from '../store.js';
import { colorName } from '../text.js';
import { copyField } from './copy.js';

const $ = (id) => document.getElementById(id);
const KOMI = { territory: 6.5, area: 7.5 };
const KO = { territory: 'simple', area: 'superko' };

/** The invite and watch links of a table, as full URLs of this site. */
export function tableLinks(id, invite) {
  const base = `${location.origin}${location.pathname}`;
  return {
    invite: invite ? `${base}#/table/${id}/invite/${invite}` : '',
    watch: `${base}#/table/${id}`,
  };
}

const radio = (form, name) => form.querySelector(`input[name="${name}"]:checked`).value;
const setRadio = (form, name, value) => {
  for (const i of form.querySelectorAll(`input[name="${name}"]`)) i.checked = i.value === value;
};

/** A whole number from an input within [min, max], or null. */
function whole(input, min, max) {
  const v = Number(input.value);
  return input.value.trim() !== '' && Number.isInteger(v) && v >= min && v <= max ? v : null;
}

export class CreatePage {
  constructor() {
    this.form = $('on-form');
    this.komiTouched = false;
    this.koTouched = false;
    this.busy = false;
    const f = this.form;
    f.addEventListener('change', (e) => this.changed(e));
    $('on-komi').addEventListener('input', () => { this.komiTouched = true; });
    f.addEventListener('submit', (e) => {
      e.preventDefault();
      this.create();
    });
    $('on-copy-invite').addEventListener('click', () => copyField('on-invite', $('on-copied'), 'Invite link copied.'));
    $('on-copy-watch').addEventListener('click', () => copyField('on-watch', $('on-copied'), 'Watch link copied.'));
    $('on-another').addEventListener('click', () => {
      $('on-created').hidden = true;
      this.form.hidden = false;
      $('on-form-title').scrollIntoView({ block: 'nearest' });
      this.form.querySelector('input[name="variant"]:checked').focus();
    });
    this.restore();
  }

  /** The last settings used (a name and choices are handy the next time). */
  restore() {
    const p = loadPref('online', null);
    if (!p || typeof p !== 'object') return this.sync();
    const f = this.form;
    if (['go', 'timego'].includes(p.variant)) setRadio(f, 'variant', p.variant);
    if ([9, 13, 19].includes(p.size)) setRadio(f, 'size', String(p.size));
    if (['territory', 'area'].includes(p.scoring)) setRadio(f, 'scoring', p.scoring);
    if (['black', 'white', 'random'].includes(p.color)) setRadio(f, 'color', p.color);
    if (typeof p.name === 'string') $('on-name').value = p.name.slice(0, 40);
    $('on-komi').value = KOMI[radio(f, 'scoring')];
    setRadio(f, 'ko', KO[radio(f, 'scoring')]);
    this.sync();
  }

  changed(e) {
    const f = this.form;
    const t = e.target;
    if (t.name === 'ko') this.koTouched = true;
    if (t.name === 'scoring' || t.name === 'variant') {
      const scoring = radio(f, 'variant') === 'timego' ? 'area' : radio(f, 'scoring');
      if (!this.komiTouched) $('on-komi').value = KOMI[scoring];
      if (!this.koTouched) setRadio(f, 'ko', KO[scoring]);
    }
    this.sync();
  }

  /** Shows what applies: TimeGo has area scoring, its own repetition rule and no review. */
  sync() {
    const f = this.form;
    const timego = radio(f, 'variant') === 'timego';
    $('on-variant-hint').hidden = !timego;
    for (const id of ['on-scoring', 'on-ko']) $(id).disabled = timego;
    $('on-review').disabled = timego;
    $('on-review-field').classList.toggle('off', timego);
    const clock = radio(f, 'clock');
    $('on-byoyomi').hidden = clock !== 'byoyomi';
    $('on-fischer').hidden = clock !== 'fischer';
  }

  /** The request body, or a message saying which field is wrong (and that field). */
  settings() {
    const f = this.form;
    const variant = radio(f, 'variant');
    const timego = variant === 'timego';
    const body = {
      variant,
      size: Number(radio(f, 'size')),
      scoring: timego ? 'area' : radio(f, 'scoring'),
      color: radio(f, 'color'),
    };
    const komi = Number($('on-komi').value);
    if ($('on-komi').value.trim() === '' || !Number.isFinite(komi) || Math.round(komi * 2) !== komi * 2 || Math.abs(komi) > 100) {
      return { error: 'Komi must be a number in steps of 0.5, such as 6.5, 7.5 or 0.', field: $('on-komi') };
    }
    body.komi = komi;
    if (!timego) {
      body.ko = radio(f, 'ko');
      const minutes = Number($('on-review').value);
      const seconds = Math.round(minutes * 60);
      if (!Number.isFinite(minutes) || seconds < 10 || seconds > 3600) {
        return { error: 'The review time must be between 10 seconds and 60 minutes (for example 2).', field: $('on-review') };
      }
      body.review_seconds = seconds;
    }
    const clock = radio(f, 'clock');
    if (clock === 'byoyomi') {
      const main = whole($('on-byo-main'), 0, 1440);
      const periods = whole($('on-byo-periods'), 1, 100);
      const period = whole($('on-byo-seconds'), 1, 3600);
      if (main === null) return { error: 'Main time must be a whole number of minutes, 0 to 1440.', field: $('on-byo-main') };
      if (periods === null) return { error: 'Byo-yomi needs 1 to 100 periods.', field: $('on-byo-periods') };
      if (period === null) return { error: 'A byo-yomi period lasts 1 to 3600 seconds.', field: $('on-byo-seconds') };
      body.clock = { kind: 'byoyomi', main_seconds: main * 60, periods, period_seconds: period };
    } else if (clock === 'fischer') {
      const main = whole($('on-fischer-main'), 0, 1440);
      const inc = whole($('on-fischer-inc'), 0, 3600);
      if (main === null) return { error: 'Main time must be a whole number of minutes, 0 to 1440.', field: $('on-fischer-main') };
      if (inc === null) return { error: 'The increment must be 0 to 3600 seconds.', field: $('on-fischer-inc') };
      if (main === 0 && inc === 0) return { error: 'A Fischer clock needs some main time or an increment.', field: $('on-fischer-main') };
      body.clock = { kind: 'fischer', main_seconds: main * 60, increment_seconds: inc };
    } else {
      body.clock = null;
    }
    const name = $('on-name').value.trim();
    if ([...name].length > 40) return { error: 'Names have at most 40 characters.', field: $('on-name') };
    if (name) body.name = name;
    return { body };
  }

  async create() {
    if (this.busy) return;
    const { body, error, field } = this.settings();
    const err = $('on-error');
    if (error) {
      err.textContent = error;
      field.setAttribute('aria-invalid', 'true');
      field.focus();
      return;
    }
    for (const i of this.form.querySelectorAll('[aria-invalid]')) i.removeAttribute('aria-invalid');
    err.textContent = '';
    this.busy = true;
    $('on-create').disabled = true;
    try {
      const t = await createTable(body);
      if (!saveSeat({ id: t.id, token: t.token, seat: t.seat, invite: t.invite })) {
        err.textContent = 'This browser refused to keep your seat (storage is full or disabled): keep this page open, or you cannot come back to the table.';
      }
      savePref('online', { variant: body.variant, size: body.size, scoring: body.scoring, color: body.color, name: body.name || '' });
      this.showCreated(t);
    } catch (e) {
      err.textContent = `The table could not be created: ${e.message}`;
    } finally {
      this.busy = false;
      $('on-create').disabled = false;
    }
  }

  showCreated(t) {
    const links = tableLinks(t.id, t.invite);
    $('on-invite').value = links.invite;
    $('on-watch').value = links.watch;
    $('on-open').href = `#/table/${t.id}`;
    $('on-created-text').textContent = `You play ${colorName(t.seat)}. Send the invite link to your friend: the first person who opens it takes the other seat. Anyone with the watch link can watch. Your seat is kept in this browser.`;
    $('on-copied').textContent = '';
    this.form.hidden = true;
    $('on-created').hidden = false;
    $('on-created-title').focus();
  }

  /** Shows the page with the form (the links of a table stay in "Your tables") and the list. */
  async open() {
    $('on-created').hidden = true;
    this.form.hidden = false;
    await renderMine($('on-mine'), $('on-mine-list'), $('on-mine-note'));
  }
}
