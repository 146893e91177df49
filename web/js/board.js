// The SVG board: wood, lines, star points, coordinates, stones with a subtle gradient, the gold
// dot on the most recent stone, territory squares, a hover/focus preview, keyboard focus as an
// ARIA grid, and touch: tap to place, pinch to enlarge, drag to explore (never placing a stone
// while pinching or dragging).

import { pointName, columnLetters, starPoints, stoneAt, ownerAt } from './points.js';
import { colorName } from './text.js';

const NS = 'http://www.w3.org/2000/svg';
/** Pointer travel (CSS px) after which a touch is a drag, not a tap. */
const TAP_SLOP = 10;

/**
 * The stones counted as dead: the marks during review, the agreed ones once the game is
 * finished (the final count names them), so the board shows exactly what was counted.
 */
export function deadStones(view) {
  if (view.review) return new Set(view.review.dead);
  return new Set((view.phase === 'finished' && view.score && view.score.dead) || []);
}

function el(tag, attrs, parent) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

/** The board widget. `onActivate(name)` is called for a tap, click, Enter or Space. */
export class Board {
  constructor(svg, { onActivate, onFocusChange }) {
    this.svg = svg;
    this.onActivate = onActivate;
    this.onFocusChange = onFocusChange || (() => {});
    this.size = 0;
    this.view = null;
    this.overlay = {};
    this.dead = new Set();
    this.focus = null;
    this.hover = null;
    this.pointers = new Map();
    this.gesture = null;
    this.keyboardMode = false;
    this.bindEvents();
  }

  // ---- building -------------------------------------------------------------------------

  build(size) {
    this.size = size;
    const svg = this.svg;
    svg.replaceChildren();
    this.coords = null;
    const full = size + 1;
    this.full = full;
    this.vb = { x: 0, y: 0, w: full };
    this.applyViewBox();
    svg.setAttribute('role', 'grid');
    svg.setAttribute('aria-label', `Go board, ${size} by ${size}`);
    svg.setAttribute('aria-roledescription', 'Go board');
    svg.setAttribute('tabindex', '0');

    const defs = el('defs', {}, svg);
    const wood = el('linearGradient', { id: 'wood', x1: '0', y1: '0', x2: '1', y2: '1' }, defs);
    el('stop', { offset: '0', class: 'wood-a' }, wood);
    el('stop', { offset: '0.55', class: 'wood-b' }, wood);
    el('stop', { offset: '1', class: 'wood-c' }, wood);
    const black = el('radialGradient', { id: 'stone-black', cx: '0.36', cy: '0.32', r: '0.7' }, defs);
    el('stop', { offset: '0', 'stop-color': '#6b6b6b' }, black);
    el('stop', { offset: '0.45', 'stop-color': '#1d1d1d' }, black);
    el('stop', { offset: '1', 'stop-color': '#000' }, black);
    const white = el('radialGradient', { id: 'stone-white', cx: '0.36', cy: '0.32', r: '0.75' }, defs);
    el('stop', { offset: '0', 'stop-color': '#ffffff' }, white);
    el('stop', { offset: '0.6', 'stop-color': '#ecebe6' }, white);
    el('stop', { offset: '1', 'stop-color': '#bdbab2' }, white);

    el('rect', { class: 'wood', x: 0, y: 0, width: full, height: full, rx: 0.18 }, svg);
    // A few faint grain lines keep the wood from looking flat.
    const grain = el('g', { class: 'grain', 'aria-hidden': 'true' }, svg);
    for (let i = 0; i < 7; i++) {
      const y = ((i + 0.5) * full) / 7;
      el('path', { d: `M0 ${y} Q ${full / 2} ${y + (i % 2 ? 0.35 : -0.35)} ${full} ${y + 0.1}` }, grain);
    }
    let d = '';
    for (let i = 1; i <= size; i++) d += `M1 ${i}H${size}M${i} 1V${size}`;
    el('path', { class: 'lines', d, 'aria-hidden': 'true' }, svg);
    const stars = el('g', { class: 'stars', 'aria-hidden': 'true' }, svg);
    for (const p of starPoints(size)) {
      el('circle', { cx: 1 + p.col, cy: size - p.row, r: size >= 19 ? 0.1 : 0.09 }, stars);
    }
    const coords = el('g', { class: 'coords', 'aria-hidden': 'true' }, svg);
    const letters = columnLetters(size);
    // Labels on all four sides; on a zoomed board the top and left ones follow the visible
    // edge (see placeCoordinates) so the player always knows where they are.
    this.colLabels = [];
    this.rowLabels = [];
    this.strips = [el('rect', { class: 'strip' }, coords), el('rect', { class: 'strip' }, coords)];
    letters.forEach((letter, col) => {
      for (const [y, edge] of [[0.36, 'near'], [full - 0.36, 'far']]) {
        const t = el('text', { x: 1 + col, y, class: edge }, coords);
        t.textContent = letter;
        if (edge === 'near') this.colLabels.push(t);
      }
    });
    for (let row = 0; row < size; row++) {
      for (const [x, edge] of [[0.36, 'near'], [full - 0.36, 'far']]) {
        const t = el('text', { x, y: size - row, class: edge }, coords);
        t.textContent = String(row + 1);
        if (edge === 'near') this.rowLabels.push(t);
      }
    }
    this.coords = coords;
    this.stoneLayer = el('g', { class: 'stones', 'aria-hidden': 'true' }, svg);
    this.territoryLayer = el('g', { class: 'territory', 'aria-hidden': 'true' }, svg);
    this.markLayer = el('g', { class: 'marks', 'aria-hidden': 'true' }, svg);
    svg.appendChild(coords); // above the stones, for the labels of a zoomed board
    this.preview = el('circle', { class: 'preview', r: 0.47, visibility: 'hidden' }, svg);
    this.focusRing = el('rect', { class: 'focus-ring', width: 0.92, height: 0.92, rx: 0.12 }, svg);
    const cells = el('g', { class: 'cells' }, svg);
    this.cells = new Map();
    for (let r = size - 1; r >= 0; r--) {
      const rowEl = el('g', { role: 'row' }, cells);
      for (let col = 0; col < size; col++) {
        const name = pointName(col, r);
        const cell = el('rect', {
          role: 'gridcell', id: `pt-${name}`, 'data-point': name,
          x: col + 0.5, y: size - r - 0.5, width: 1, height: 1,
        }, rowEl);
        this.cells.set(name, cell);
      }
    }
    const mid = Math.floor(size / 2);
    this.focus = { col: mid, row: mid };
    this.hover = null;
  }

  // ---- rendering ------------------------------------------------------------------------

  /**
   * Draws `view`. `overlay`: {interactive, previewColor, estimate (rows of -1..1 or null),
   * computerColor}.
   */
  render(view, overlay = {}) {
    if (view.size !== this.size) this.build(view.size);
    this.view = view;
    this.overlay = overlay;
    const n = view.size;
    const dead = deadStones(view);
    this.dead = dead;
    const last = view.last_move && view.last_move.point;
    const score = view.score;
    const showTerritory = view.phase !== 'playing' && score;

    const stones = document.createDocumentFragment();
    const terr = document.createDocumentFragment();
    const marks = document.createDocumentFragment();
    for (let row = 0; row < n; row++) {
      for (let col = 0; col < n; col++) {
        const name = pointName(col, row);
        const stone = stoneAt(view, col, row);
        const cx = 1 + col;
        const cy = n - row;
        if (stone) {
          const cls = `stone ${stone}${dead.has(name) ? ' dead' : ''}${name === last ? ' placed' : ''}`;
          el('circle', { class: cls, cx, cy, r: 0.47, fill: `url(#stone-${stone})` }, stones);
        }
        if (showTerritory) {
          const owner = ownerAt(score, n, col, row);
          if ((owner === 'B' || owner === 'W') && (!stone || dead.has(name))) {
            el('rect', {
              class: owner === 'B' ? 'terr black' : 'terr white',
              x: cx - 0.15, y: cy - 0.15, width: 0.3, height: 0.3,
            }, terr);
          }
        } else if (overlay.estimate) {
          const v = overlay.estimate[n - 1 - row]?.[col] ?? 0;
          const owner = v > 0 ? 'black' : 'white';
          if (Math.abs(v) >= 0.2 && stone !== owner) {
            const s = 0.16 + 0.22 * Math.abs(v);
            el('rect', {
              class: `terr estimate ${owner}`,
              x: cx - s / 2, y: cy - s / 2, width: s, height: s,
            }, terr);
          }
        }
      }
    }
    if (last) {
      const p = this.cellCenter(last);
      if (p) el('circle', { class: 'last-move', cx: p.x, cy: p.y, r: 0.15 }, marks);
    }
    this.stoneLayer.replaceChildren(stones);
    this.territoryLayer.replaceChildren(terr);
    this.markLayer.replaceChildren(marks);
    this.updateLabels();
    this.updateCursor();
  }

  cellCenter(name) {
    const cell = this.cells.get(name);
    if (!cell) return null;
    return { x: Number(cell.getAttribute('x')) + 0.5, y: Number(cell.getAttribute('y')) + 0.5 };
  }

  /** What a screen reader hears for a point. */
  describe(name, col, row) {
    const view = this.view;
    const stone = stoneAt(view, col, row);
    const parts = [name];
    const dead = this.dead.has(name);
    const deadWord = view.phase === 'finished' ? ', dead' : ', marked dead';
    if (stone) parts.push(`${stone} stone${dead ? deadWord : ''}`);
    else parts.push('empty');
    if (!stone && view.phase === 'playing' && view.illegal[name]) {
      parts.push(`illegal: ${view.illegal[name]}`);
    }
    if (view.phase !== 'playing' && view.score && (!stone || dead)) {
      const owner = ownerAt(view.score, view.size, col, row);
      if (owner === 'B' || owner === 'W') parts.push(`${owner === 'B' ? 'Black' : 'White'} territory`);
    }
    const last = view.last_move && view.last_move.point;
    if (last === name) parts.push('last move');
    return parts.join(', ');
  }

  updateLabels() {
    const n = this.size;
    for (let row = 0; row < n; row++) {
      for (let col = 0; col < n; col++) {
        const name = pointName(col, row);
        this.cells.get(name).setAttribute('aria-label', this.describe(name, col, row));
      }
    }
    this.labelFocused();
  }

  /** The focused cell also names the last move, so moving around tells where play is. */
  labelFocused() {
    if (!this.focus || !this.view) return;
    const name = pointName(this.focus.col, this.focus.row);
    const cell = this.cells.get(name);
    let label = this.describe(name, this.focus.col, this.focus.row);
    const last = this.view.last_move;
    if (last && last.point && last.point !== name) label += `, last move ${last.point}`;
    else if (last && last.pass) label += `, last move: ${colorName(last.color)} passed`;
    cell.setAttribute('aria-label', label);
    this.svg.setAttribute('aria-activedescendant', cell.id);
  }

  /** Places the focus ring and the preview stone. */
  updateCursor() {
    if (!this.view) return;
    const f = this.focus;
    const fp = this.cellCenter(pointName(f.col, f.row));
    this.focusRing.setAttribute('x', fp.x - 0.46);
    this.focusRing.setAttribute('y', fp.y - 0.46);
    this.svg.classList.toggle('kbd', this.keyboardMode);
    const target = this.hover || (this.keyboardMode ? f : null);
    const color = this.overlay.previewColor;
    let show = false;
    if (target && color && this.overlay.interactive && this.view.phase === 'playing') {
      const name = pointName(target.col, target.row);
      const free = !stoneAt(this.view, target.col, target.row) && !this.view.illegal[name];
      if (free) {
        const p = this.cellCenter(name);
        this.preview.setAttribute('cx', p.x);
        this.preview.setAttribute('cy', p.y);
        this.preview.setAttribute('class', `preview ${color}`);
        this.preview.setAttribute('fill', `url(#stone-${color})`);
        show = true;
      }
    }
    this.preview.setAttribute('visibility', show ? 'visible' : 'hidden');
  }

  // ---- zoom -----------------------------------------------------------------------------

  applyViewBox() {
    const { x, y, w } = this.vb;
    this.svg.setAttribute('viewBox', `${x} ${y} ${w} ${w}`);
    this.placeCoordinates();
    this.svg.classList.toggle('zoomed', this.isZoomed());
    this.svg.dispatchEvent(new CustomEvent('zoomchange', { bubbles: true }));
  }

  /** Keeps the top and left labels at the visible edges, at their usual size on screen. */
  placeCoordinates() {
    if (!this.coords) return;
    const { x, y, w } = this.vb;
    const zoomed = this.isZoomed();
    const width = this.svg.getBoundingClientRect().width || 300;
    // At least 12 CSS px on screen, at most 0.4 of a line spacing.
    const font = Math.min(0.4, Math.max((0.36 * w) / this.full, (12 * w) / width));
    this.coords.classList.toggle('floating', zoomed);
    this.coords.style.fontSize = zoomed ? `${font}px` : '';
    this.coords.style.strokeWidth = zoomed ? `${font * 0.25}px` : '';
    const band = font * 1.6;
    const [top, left] = this.strips;
    for (const [r, a] of [[top, { x, y, width: w, height: band }], [left, { x, y, width: band, height: w }]]) {
      for (const [k, v] of Object.entries(a)) r.setAttribute(k, v);
    }
    for (const t of this.colLabels) t.setAttribute('y', zoomed ? y + font * 0.75 : 0.36);
    for (const t of this.rowLabels) t.setAttribute('x', zoomed ? x + font * 0.9 : 0.36);
    // Where the two strips cross, neither label is drawn over the other.
    this.colLabels.forEach((t, col) => {
      t.style.visibility = zoomed && 1 + col < x + band ? 'hidden' : '';
    });
    this.rowLabels.forEach((t, row) => {
      t.style.visibility = zoomed && this.size - row < y + band ? 'hidden' : '';
    });
  }

  isZoomed() {
    return this.vb && this.vb.w < this.full - 1e-6;
  }

  setViewBox(x, y, w) {
    const minW = Math.min(this.full, Math.max(5, this.full / 3.5));
    w = Math.min(this.full, Math.max(minW, w));
    x = Math.min(this.full - w, Math.max(0, x));
    y = Math.min(this.full - w, Math.max(0, y));
    this.vb = { x, y, w };
    this.applyViewBox();
  }

  /** Shows the whole board again. */
  resetZoom() {
    this.setViewBox(0, 0, this.full);
  }

  /** Zooms by `factor` keeping the board point under client (cx, cy) in place. */
  zoomAt(factor, cx, cy) {
    const rect = this.svg.getBoundingClientRect();
    const fx = (cx - rect.left) / rect.width;
    const fy = (cy - rect.top) / rect.height;
    const px = this.vb.x + fx * this.vb.w;
    const py = this.vb.y + fy * this.vb.w;
    const w = this.vb.w / factor;
    this.setViewBox(px - fx * w, py - fy * w, w);
  }

  /** Keeps the focused point inside the visible part of a zoomed board. */
  revealFocus() {
    if (!this.isZoomed()) return;
    const p = this.cellCenter(pointName(this.focus.col, this.focus.row));
    let { x, y, w } = this.vb;
    if (p.x - 0.6 < x) x = p.x - 0.6;
    if (p.x + 0.6 > x + w) x = p.x + 0.6 - w;
    if (p.y - 0.6 < y) y = p.y - 0.6;
    if (p.y + 0.6 > y + w) y = p.y + 0.6 - w;
    this.setViewBox(x, y, w);
  }

  // ---- input ----------------------------------------------------------------------------

  /** The point under client coordinates, or null off the grid. */
  pointAt(clientX, clientY) {
    const ctm = this.svg.getScreenCTM();
    if (!ctm || !this.size) return null;
    const p = new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse());
    const col = Math.round(p.x - 1);
    const rowFromTop = Math.round(p.y - 1);
    if (col < 0 || col >= this.size || rowFromTop < 0 || rowFromTop >= this.size) return null;
    return { col, row: this.size - 1 - rowFromTop };
  }

  bindEvents() {
    const svg = this.svg;
    svg.addEventListener('pointerdown', (e) => this.pointerDown(e));
    svg.addEventListener('pointermove', (e) => this.pointerMove(e));
    svg.addEventListener('pointerup', (e) => this.pointerUp(e));
    svg.addEventListener('pointercancel', (e) => this.pointerCancel(e));
    svg.addEventListener('pointerleave', (e) => {
      if (e.pointerType === 'mouse') {
        this.hover = null;
        this.updateCursor();
      }
    });
    svg.addEventListener('keydown', (e) => this.keyDown(e));
    svg.addEventListener('focus', () => this.labelFocused());
    svg.addEventListener('blur', () => {
      this.keyboardMode = false;
      this.updateCursor();
    });
    svg.addEventListener('wheel', (e) => {
      if (!e.ctrlKey || !this.size) return; // trackpad pinch arrives as ctrl+wheel
      e.preventDefault();
      this.zoomAt(Math.exp(-e.deltaY / 200), e.clientX, e.clientY);
    }, { passive: false });
  }

  pointerDown(e) {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    this.keyboardMode = false;
    try { this.svg.setPointerCapture(e.pointerId); } catch (_) { /* synthetic pointers */ }
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, x0: e.clientX, y0: e.clientY });
    if (this.pointers.size === 1) {
      this.gesture = { kind: 'tap', vb: { ...this.vb } };
    } else if (this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      this.gesture = {
        kind: 'pinch',
        dist: Math.hypot(a.x - b.x, a.y - b.y) || 1,
        mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
        vb: { ...this.vb },
      };
    } else {
      this.gesture = { kind: 'none' };
    }
  }

  pointerMove(e) {
    const p = this.pointers.get(e.pointerId);
    if (!p) {
      if (e.pointerType === 'mouse') {
        this.hover = this.pointAt(e.clientX, e.clientY);
        this.updateCursor();
      }
      return;
    }
    p.x = e.clientX;
    p.y = e.clientY;
    const g = this.gesture;
    if (!g) return;
    const rect = this.svg.getBoundingClientRect();
    const unit = rect.width / g.vb.w; // CSS px per board unit at gesture start
    if (g.kind === 'pinch' && this.pointers.size >= 2) {
      const [a, b] = [...this.pointers.values()];
      const dist = Math.hypot(a.x - b.x, a.y - b.y) || 1;
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      const w = g.vb.w * (g.dist / dist);
      const fx = (g.mid.x - rect.left) / rect.width;
      const fy = (g.mid.y - rect.top) / rect.height;
      const px = g.vb.x + fx * g.vb.w;
      const py = g.vb.y + fy * g.vb.w;
      const shiftX = (mid.x - g.mid.x) / (rect.width / w);
      const shiftY = (mid.y - g.mid.y) / (rect.width / w);
      this.setViewBox(px - fx * w - shiftX, py - fy * w - shiftY, w);
      return;
    }
    const moved = Math.hypot(p.x - p.x0, p.y - p.y0);
    if (g.kind === 'tap' && moved > TAP_SLOP) {
      g.kind = this.isZoomed() ? 'pan' : 'none';
    }
    if (g.kind === 'pan') {
      this.setViewBox(g.vb.x - (p.x - p.x0) / unit, g.vb.y - (p.y - p.y0) / unit, g.vb.w);
    }
    if (e.pointerType === 'mouse' && g.kind === 'tap') {
      this.hover = this.pointAt(e.clientX, e.clientY);
      this.updateCursor();
    }
  }

  pointerUp(e) {
    const p = this.pointers.get(e.pointerId);
    if (!p) return;
    this.pointers.delete(e.pointerId);
    const g = this.gesture;
    if (this.pointers.size === 0) this.gesture = null;
    else if (g && g.kind === 'pinch') this.gesture = { kind: 'none' }; // lifting one finger
    if (g && g.kind === 'tap' && this.pointers.size === 0) {
      const pt = this.pointAt(e.clientX, e.clientY);
      if (pt) {
        this.focus = pt;
        this.labelFocused();
        this.updateCursor();
        this.onActivate(pointName(pt.col, pt.row));
      }
    }
  }

  pointerCancel(e) {
    this.pointers.delete(e.pointerId);
    this.gesture = this.pointers.size ? { kind: 'none' } : null;
  }

  keyDown(e) {
    if (!this.size || e.altKey || e.ctrlKey || e.metaKey) return;
    const f = { ...this.focus };
    const n = this.size;
    switch (e.key) {
      case 'ArrowUp': f.row = Math.min(n - 1, f.row + 1); break;
      case 'ArrowDown': f.row = Math.max(0, f.row - 1); break;
      case 'ArrowLeft': f.col = Math.max(0, f.col - 1); break;
      case 'ArrowRight': f.col = Math.min(n - 1, f.col + 1); break;
      case 'Home': f.col = Math.floor(n / 2); f.row = Math.floor(n / 2); break;
      case 'Enter':
      case ' ':
      case 'Spacebar':
        e.preventDefault();
        this.keyboardMode = true;
        this.onActivate(pointName(f.col, f.row));
        return;
      default:
        return;
    }
    e.preventDefault();
    this.keyboardMode = true;
    this.focus = f;
    this.hover = null;
    this.revealFocus();
    this.labelFocused();
    this.updateCursor();
    this.onFocusChange(pointName(f.col, f.row));
  }

  /** The name of the focused point. */
  focusedPoint() {
    return this.focus ? pointName(this.focus.col, this.focus.row) : null;
  }
}
