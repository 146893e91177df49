// The static markup of the Learn TimeGo section (product wording from the seed text).

const RULES = [
  ['Place', 'Put your stone on an empty intersection. Same-color stones connect horizontally and vertically. Their empty neighboring points are liberties. Capture opposing groups with no liberties; your own group must then have a liberty.'],
  ['Time', 'Choose one of your living stones whose placement is unlocked and move its placement to an earlier allowed position in the order. Its color and intersection stay the same. Later placements replay in order; any that become illegal are removed from the order.'],
  ['Lock', 'Spend your turn protecting all current placements. Both players must leave that past unchanged. You cannot Lock again until there is a new, unlocked placement.'],
  ['Pass', 'Leave the board and placement order unchanged and give the other player a turn. Two consecutive passes end the game. A placement, time move or Lock breaks the sequence of passes.'],
  ['Protected past', 'Lock protects placements, not stones against future capture. A later stone may travel only within the unlocked part of the order. A stone already captured in the locked past cannot return through a later time move.'],
  ['Repetition during replay', 'No placement may recreate an earlier complete board position in the reconstructed placement order, including the initial empty board. An illegal time arrival rejects the move; an illegal later placement is omitted.'],
  ['Repetition across turns', 'A non-pass action may not recreate a previously reached combination of the complete placement order and the locked boundary. The same visible board alone does not make this combination repeat. Passing or using Lock does not erase the record.'],
  ['Score', 'Count surviving stones and empty regions bordered by just one color. Regions touching both colors, or neither, are neutral. Add any komi to White. There is no automatic removal of presumed-dead stones; play out disputed groups before passing.'],
];

function escape(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The section's inner HTML. */
export function learnMarkup() {
  const rules = RULES.map(([name, text]) => `<li><strong>${escape(name)}:</strong> ${escape(text)}</li>`).join('');
  return `
  <div class="learn-head">
    <h1 id="learn-title">Learn TimeGo</h1>
    <p class="lede">Surround more area than your opponent. Start with placing and capturing stones, then discover how changing the past can help. Seven short exercises introduce one idea at a time.</p>
    <p class="hint">This is a tutorial sandbox. Exercises do not change your saved game. TimeGo tutorial explanations are currently in English.</p>
  </div>
  <nav class="lesson-list" aria-label="Exercises">
    <ol id="learn-lessons"></ol>
  </nav>
  <div class="learn-grid">
    <div class="panel learn-brief">
      <h2 id="learn-lesson-title" data-view-heading>Loading lesson…</h2>
      <p id="learn-progress" class="hint"></p>
      <h3 id="learn-task-title">Your task</h3>
      <p id="learn-task"></p>
    </div>
    <div class="learn-main">
      <div class="board-wrap learn-board-wrap">
        <svg id="learn-board" class="board" xmlns="http://www.w3.org/2000/svg" focusable="true" aria-describedby="learn-legend learn-keys"></svg>
      </div>
      <p class="hint legend" id="learn-legend"><span class="key-ring" aria-hidden="true"></span>Rings highlight stones. <span class="key-dot" aria-hidden="true"></span>Dots mark empty liberties. <span class="key-cross" aria-hidden="true"></span>Crosses mark cancelled placements.</p>
      <p class="hint" id="learn-keys">Use arrow keys to move focus, then Enter or Space to select a point.</p>
    </div>
    <div class="panel learn-panel" role="group" aria-label="Play">
      <p id="learn-status" class="status" aria-live="polite"></p>
      <p id="learn-message" class="message learn-message" role="status" aria-live="polite"></p>
      <div id="learn-targets" class="learn-targets" hidden>
        <h3 id="learn-targets-title">Time move</h3>
        <p id="learn-targets-help" class="hint"></p>
        <div id="learn-target-list" class="target-list" role="group" aria-labelledby="learn-targets-title"></div>
        <button type="button" id="learn-time-cancel" class="quiet">Cancel time move</button>
      </div>
      <div class="actions learn-actions" role="group" aria-label="Actions">
        <button type="button" id="learn-time" aria-pressed="false">Time</button>
        <button type="button" id="learn-lock">Lock</button>
        <button type="button" id="learn-pass">Pass</button>
      </div>
      <div class="actions learn-nav">
        <button type="button" id="learn-reset">Reset</button>
        <button type="button" id="learn-next" class="primary">Next</button>
      </div>
    </div>
  </div>
  <section class="learn-records" aria-labelledby="learn-records-title">
    <h2 id="learn-records-title">Placement order and turn record</h2>
    <div class="records-grid">
      <div class="panel">
        <h3 id="learn-order-title">Current placement order</h3>
        <p class="hint">This contains stone placements only. A time move changes their order.</p>
        <div class="table-wrap">
          <table class="order" aria-labelledby="learn-order-title">
            <thead><tr><th scope="col">Index</th><th scope="col">Stone</th><th scope="col">Point</th><th scope="col">Past</th><th scope="col">Now</th></tr></thead>
            <tbody id="learn-order"></tbody>
          </table>
        </div>
      </div>
      <div class="panel">
        <h3 id="learn-turns-title">Actual turns</h3>
        <p class="hint">This records every action taken, including time moves, Lock and passes.</p>
        <ol id="learn-turns" class="turns" aria-labelledby="learn-turns-title"></ol>
        <p class="hint empty">No turns yet.</p>
      </div>
    </div>
  </section>
  <section class="learn-rules" aria-labelledby="learn-rules-title">
    <h2 id="learn-rules-title">Keep these rules together</h2>
    <p>Black starts. Players alternate turns on one board with no wrapping. On each turn, choose one of four actions.</p>
    <ul class="rule-list">${rules}</ul>
  </section>`;
}
