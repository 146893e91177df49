// The static markup of the TimeGo section (#/timego on one device, #/timego/computer against
// the computer): the setup form for the computer, the board with its order and turn panels,
// the actions, the final count and the round buttons.

/** The section's inner HTML. */
export function timegoMarkup() {
  return `
  <div class="tg-head">
    <h1 id="tg-title" data-view-heading>TimeGo</h1>
    <p class="lede" id="tg-lede">The Go variant in which a move can change the past.</p>
    <p class="hint">Saved in this browser, separately from your Go rounds and from Learn TimeGo. New to TimeGo? <a href="#/learn">Learn TimeGo</a> has seven short exercises.</p>
  </div>
  <form id="tg-setup" class="setup" hidden>
    <fieldset>
      <legend>Board size</legend>
      <label><input type="radio" name="tg-size" value="9" checked> 9 × 9</label>
      <label><input type="radio" name="tg-size" value="13"> 13 × 13</label>
      <label><input type="radio" name="tg-size" value="19"> 19 × 19</label>
    </fieldset>
    <fieldset>
      <legend>Your color</legend>
      <label><input type="radio" name="tg-color" value="black" checked> Black (you start)</label>
      <label><input type="radio" name="tg-color" value="white"> White (you receive komi)</label>
      <label><input type="radio" name="tg-color" value="random"> Random</label>
    </fieldset>
    <label class="field">Level <output id="tg-level-out" for="tg-level">3</output>
      <input type="range" id="tg-level" name="level" min="1" max="10" value="3" aria-describedby="tg-level-hint">
    </label>
    <p class="hint" id="tg-level-hint">1 is a gentle beginner, 10 the full TimeGo player. It uses time moves and Lock too.</p>
    <label class="field">Komi for White
      <input type="number" id="tg-komi" name="komi" value="7.5" step="0.5" min="-50" max="50" inputmode="decimal">
    </label>
    <div class="actions">
      <button type="submit" class="primary" id="tg-start">Start</button>
      <button type="button" id="tg-continue" hidden>Continue your round</button>
    </div>
  </form>
  <div id="tg-game" hidden>
    <div class="learn-grid tg-grid">
      <div class="learn-main">
        <div class="board-wrap learn-board-wrap">
          <svg id="tg-board" class="board" xmlns="http://www.w3.org/2000/svg" focusable="true" aria-describedby="tg-legend tg-keys"></svg>
        </div>
        <p class="hint legend" id="tg-legend"><span class="key-ring" aria-hidden="true"></span>A ring marks the stone selected for a time move. <span class="key-cross" aria-hidden="true"></span>Crosses mark cancelled placements; dashed ones what a time target would cancel.</p>
        <p class="hint" id="tg-keys">Use arrow keys to move focus, then Enter or Space to place a stone or select one of yours for a time move. Escape cancels a time move.</p>
      </div>
      <div class="panel learn-panel tg-panel" role="group" aria-label="Play">
        <div class="players">
          <div class="player black" id="tg-player-black">
            <span class="dot" aria-hidden="true"></span>
            <span class="who" id="tg-name-black">Black</span>
            <span class="caps">Captures <b id="tg-caps-black">0</b></span>
          </div>
          <div class="player white" id="tg-player-white">
            <span class="dot" aria-hidden="true"></span>
            <span class="who" id="tg-name-white">White</span>
            <span class="caps">Captures <b id="tg-caps-white">0</b> · komi <b id="tg-komi-white">7.5</b></span>
          </div>
        </div>
        <p id="tg-status" class="status" aria-live="polite"></p>
        <div id="tg-thinking" class="thinking" hidden>
          <p class="thinking-line" role="status"><span class="spinner" aria-hidden="true"></span> <span id="tg-thinking-text">The computer is thinking…</span></p>
          <progress id="tg-thinking-bar" class="thinking-bar" max="1" aria-label="The computer’s search"></progress>
        </div>
        <p id="tg-message" class="message learn-message" role="status" aria-live="polite"></p>
        <div id="tg-targets" class="learn-targets" hidden>
          <h3 id="tg-targets-title">Time move</h3>
          <p id="tg-targets-help" class="hint"></p>
          <div id="tg-target-list" class="target-list" role="group" aria-labelledby="tg-targets-title"></div>
          <button type="button" id="tg-time-cancel" class="quiet">Cancel time move</button>
        </div>
        <div id="tg-count" class="tg-count" hidden>
          <h2 id="tg-count-title">Final count</h2>
          <p id="tg-result" class="result"></p>
          <table class="score" aria-describedby="tg-count-title">
            <thead><tr><th scope="col"><span class="visually-hidden">Color</span></th><th scope="col">Stones</th><th scope="col">Territory</th><th scope="col">Komi</th><th scope="col">Total</th></tr></thead>
            <tbody>
              <tr><th scope="row">Black</th><td id="tg-b-stones"></td><td id="tg-b-terr"></td><td>–</td><td id="tg-b-total"></td></tr>
              <tr><th scope="row">White</th><td id="tg-w-stones"></td><td id="tg-w-terr"></td><td id="tg-w-komi"></td><td id="tg-w-total"></td></tr>
            </tbody>
          </table>
          <p class="hint" id="tg-count-note">Area count of the final board: surviving stones and empty regions bordered by one color. TimeGo removes no dead stones. Small squares on the board mark the counted territory.</p>
        </div>
        <div class="actions learn-actions" role="group" aria-label="Actions">
          <button type="button" id="tg-time" aria-pressed="false">Time</button>
          <button type="button" id="tg-lock">Lock</button>
          <button type="button" id="tg-pass">Pass</button>
        </div>
        <div class="actions" role="group" aria-label="Round">
          <button type="button" id="tg-undo">Undo</button>
          <button type="button" id="tg-resign">Resign</button>
          <button type="button" id="tg-new">New round</button>
          <label class="inline" id="tg-size-wrap">Size
            <select id="tg-size" aria-label="Board size for a new round">
              <option value="9">9 × 9</option>
              <option value="13">13 × 13</option>
              <option value="19">19 × 19</option>
            </select>
          </label>
          <button type="button" id="tg-download">Download record</button>
        </div>
        <p class="hint">Download record saves the game as JSON (SGF cannot express a time move); <code>tengen replay</code> reads it back.</p>
      </div>
    </div>
    <section class="learn-records" aria-labelledby="tg-records-title">
      <h2 id="tg-records-title">Placement order and turn record</h2>
      <div class="records-grid">
        <div class="panel">
          <h3 id="tg-order-title">Current placement order</h3>
          <p class="hint">Stone placements only. The locked part is above the lock boundary; a highlighted row is the stone the last time move moved.</p>
          <div class="table-wrap">
            <table class="order" aria-labelledby="tg-order-title">
              <thead><tr><th scope="col">Index</th><th scope="col">Stone</th><th scope="col">Point</th><th scope="col">Past</th><th scope="col">Now</th></tr></thead>
              <tbody id="tg-order"></tbody>
            </table>
          </div>
          <div id="tg-order-cancelled" class="order-cancelled" hidden>
            <p id="tg-order-cancelled-title"></p>
            <ul id="tg-order-cancelled-list" aria-labelledby="tg-order-cancelled-title"></ul>
          </div>
        </div>
        <div class="panel">
          <h3 id="tg-turns-title">Actual turns</h3>
          <p class="hint">Every action taken, with what each time move cancelled.</p>
          <ol id="tg-turns" class="turns" aria-labelledby="tg-turns-title"></ol>
          <p class="hint empty">No turns yet.</p>
        </div>
      </div>
    </section>
  </div>`;
}
