// The TimeGo board of Learn TimeGo: the shared SVG board (../board.js) plus the lesson marks:
// rings on highlighted stones, dots on empty liberties, crosses on cancelled placements
// (solid: cancelled by the last turn; dashed: what the target under preview would cancel),
// and a ring on the stone selected for a time move. Its element ids carry a prefix ("learn-"
// unless told otherwise) so it can live in the page beside the Same device board and the
// TimeGo board.

import { Board } from '../board.js';
import { parsePoint } from '../points.js';

const NS = 'http://www.w3.org/2000/svg';

function el(tag, attrs, parent) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  parent.appendChild(node);
  return node;
}

/** The shared board with lesson marks. */
export class LearnBoard extends Board {
  constructor(svg, handlers, prefix = 'learn-') {
    super(svg, handlers);
    this.prefix = prefix;
    this.marks = { rings: [], dots: [], crosses: [], previews: [], selected: null };
  }

  build(size) {
    super.build(size);
    // Gradient and cell ids of our own: two boards in one page must not share ids.
    const prefix = this.prefix;
    for (const node of this.svg.querySelectorAll('defs [id]')) node.id = prefix + node.id;
    const wood = this.svg.querySelector('rect.wood');
    if (wood) wood.style.fill = `url(#${prefix}wood)`;
    for (const cell of this.cells.values()) cell.id = prefix + cell.id;
    this.lessonLayer = document.createElementNS(NS, 'g');
    this.lessonLayer.setAttribute('class', 'lesson-marks');
    this.lessonLayer.setAttribute('aria-hidden', 'true');
    this.markLayer.after(this.lessonLayer);
    this.svg.setAttribute('aria-label', `TimeGo board, ${size} by ${size}`);
  }

  /** Sets the marks `{rings, dots, crosses, previews, selected}` and redraws. */
  setMarks(marks) {
    this.marks = { rings: [], dots: [], crosses: [], previews: [], selected: null, ...marks };
    if (!this.view) return;
    this.drawMarks();
    this.updateLabels();
  }

  render(view, overlay = {}) {
    super.render(view, overlay);
    for (const stone of this.stoneLayer.children) {
      const fill = stone.getAttribute('fill');
      if (fill && !fill.includes(this.prefix)) stone.setAttribute('fill', fill.replace('url(#', `url(#${this.prefix}`));
    }
    this.drawMarks();
  }

  updateCursor() {
    super.updateCursor();
    const fill = this.preview.getAttribute('fill');
    if (fill && !fill.includes(this.prefix)) this.preview.setAttribute('fill', fill.replace('url(#', `url(#${this.prefix}`));
  }

  center(name) {
    const p = parsePoint(name);
    if (!p || p.col >= this.size || p.row >= this.size) return null;
    return { x: 1 + p.col, y: this.size - p.row };
  }

  drawMarks() {
    const layer = this.lessonLayer;
    if (!layer) return;
    const frag = document.createDocumentFragment();
    const m = this.marks;
    for (const name of m.rings) {
      const c = this.center(name);
      if (c) el('circle', { class: 'ring', cx: c.x, cy: c.y, r: 0.5 }, frag);
    }
    if (m.selected) {
      const c = this.center(m.selected);
      if (c) el('circle', { class: 'ring selected', cx: c.x, cy: c.y, r: 0.52 }, frag);
    }
    for (const name of m.dots) {
      const c = this.center(name);
      if (c) el('circle', { class: 'liberty', cx: c.x, cy: c.y, r: 0.13 }, frag);
    }
    const cross = (name, cls) => {
      const c = this.center(name);
      if (!c) return;
      const s = 0.26;
      el('path', {
        class: cls,
        d: `M${c.x - s} ${c.y - s}L${c.x + s} ${c.y + s}M${c.x + s} ${c.y - s}L${c.x - s} ${c.y + s}`,
      }, frag);
    };
    for (const name of m.crosses) cross(name, 'cross');
    for (const name of m.previews) cross(name, 'cross preview-cross');
    layer.replaceChildren(frag);
  }

  /** What a screen reader hears for a point, with the lesson marks. */
  describe(name, col, row) {
    let label = super.describe(name, col, row);
    const m = this.marks || {};
    if (m.selected === name) label += ', selected for a time move';
    if (m.rings && m.rings.includes(name)) label += ', highlighted';
    if (m.dots && m.dots.includes(name)) label += ', liberty';
    if (m.crosses && m.crosses.includes(name)) label += ', cancelled placement';
    if (m.previews && m.previews.includes(name)) label += ', would be cancelled';
    return label;
  }

  /** The cell element of a point. */
  cell(name) {
    return this.cells.get(name);
  }
}
