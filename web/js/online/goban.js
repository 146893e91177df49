// The table's board: the shared SVG board (../board.js) with ids of its own ("tb-" prefix, so
// it can sit in the page beside the other boards) and the TimeGo marks a table needs: a ring on
// the stone selected for a time move, crosses on the placements the last turn cancelled
// (dashed: what the target under preview would cancel).

import { Board } from '../board.js';
import { parsePoint } from '../points.js';

const NS = 'http://www.w3.org/2000/svg';
export const PREFIX = 'tb-';

function el(tag, attrs, parent) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  parent.appendChild(node);
  return node;
}

/** Swaps the shared gradient names for ours in a `fill` attribute. */
function ownFill(node) {
  const fill = node.getAttribute('fill');
  if (fill && fill.startsWith('url(#') && !fill.includes(PREFIX)) {
    node.setAttribute('fill', fill.replace('url(#', `url(#${PREFIX}`));
  }
}

export class TableBoard extends Board {
  constructor(svg, handlers) {
    super(svg, handlers);
    this.marks = { crosses: [], previews: [], selected: null };
  }

  build(size) {
    super.build(size);
    for (const node of this.svg.querySelectorAll('defs [id]')) node.id = PREFIX + node.id;
    const wood = this.svg.querySelector('rect.wood');
    if (wood) wood.style.fill = `url(#${PREFIX}wood)`;
    for (const cell of this.cells.values()) cell.id = PREFIX + cell.id;
    this.tableLayer = document.createElementNS(NS, 'g');
    this.tableLayer.setAttribute('class', 'lesson-marks');
    this.tableLayer.setAttribute('aria-hidden', 'true');
    this.markLayer.after(this.tableLayer);
  }

  render(view, overlay = {}) {
    super.render(view, overlay);
    for (const stone of this.stoneLayer.children) ownFill(stone);
    this.drawMarks();
  }

  updateCursor() {
    super.updateCursor();
    ownFill(this.preview);
  }

  /** Sets the TimeGo marks `{crosses, previews, selected}` and redraws them. */
  setMarks(marks) {
    this.marks = { crosses: [], previews: [], selected: null, ...marks };
    if (!this.view) return;
    this.drawMarks();
    this.updateLabels();
  }

  center(name) {
    const p = parsePoint(name);
    if (!p || p.col >= this.size || p.row >= this.size) return null;
    return { x: 1 + p.col, y: this.size - p.row };
  }

  drawMarks() {
    if (!this.tableLayer) return;
    const frag = document.createDocumentFragment();
    const m = this.marks;
    if (m.selected) {
      const c = this.center(m.selected);
      if (c) el('circle', { class: 'ring selected', cx: c.x, cy: c.y, r: 0.52 }, frag);
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
    this.tableLayer.replaceChildren(frag);
  }

  describe(name, col, row) {
    let label = super.describe(name, col, row);
    const m = this.marks || {};
    if (m.selected === name) label += ', selected for a time move';
    if (m.crosses && m.crosses.includes(name)) label += ', cancelled placement';
    if (m.previews && m.previews.includes(name)) label += ', would be cancelled';
    return label;
  }

  /** The cell element of a point. */
  cell(name) {
    return this.cells.get(name);
  }
}
