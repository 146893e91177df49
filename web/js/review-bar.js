// The review bar: the totals, the confirmation state and Confirm / Resume play. Beside the
// board (desktop) it stays in the game panel; on a narrow screen, where the panel comes below
// the board, it moves right under the board, so a player who taps a group sees the new totals
// and that the confirmations were cleared without scrolling away from the board.

/** The layout in which the panel comes below the board (see .play-grid in app.css). */
const ONE_COLUMN = '(max-width: 859px)';

export class ReviewBar {
  /** `bar`: the bar; `home`: its place in the panel; `slot`: its place under the board. */
  constructor(bar, home, slot) {
    this.bar = bar;
    this.home = home;
    this.slot = slot;
    this.query = window.matchMedia(ONE_COLUMN);
    this.query.addEventListener('change', () => this.place());
    this.place();
  }

  /** Puts the bar where the layout wants it, keeping the focus on a focused button. */
  place() {
    const target = this.query.matches ? this.slot : this.home;
    if (this.bar.parentElement === target) return;
    const focused = this.bar.contains(document.activeElement) ? document.activeElement : null;
    target.appendChild(this.bar);
    if (focused) focused.focus({ preventScroll: true });
    if (!this.bar.hidden) this.reveal();
  }

  /**
   * Shows or hides the bar. Under the board, a bar that appears or changes is scrolled into
   * view (the least scroll that shows it; the board above it stays on screen on a phone).
   */
  show(visible) {
    this.bar.hidden = !visible;
    if (visible) this.reveal();
  }

  /** Under the board, scrolls the bar into view once the page has settled. */
  reveal() {
    if (!this.query.matches) return;
    // After the page has settled (a route may first scroll to its heading).
    requestAnimationFrame(() => {
      if (this.bar.hidden || this.bar.parentElement !== this.slot) return;
      const r = this.bar.getBoundingClientRect();
      if (r.bottom > window.innerHeight) this.bar.scrollIntoView({ block: 'nearest' });
    });
  }
}
