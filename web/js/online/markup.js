// The static markup of the Online page (#/online: create a table, your tables) and of the table
// page (#/table/...). Filled in once when the module loads; everything a player or the server
// names is set later with textContent, never as HTML.

export function onlineMarkup() {
  return `
  <h1 id="online-title">Online</h1>
  <p class="lede">Invite a friend to play from separate devices. Create a table, send the invite link, and play when your friend opens it. Anyone with the watch link can watch.</p>
  <div id="on-mine" class="your-tables" hidden>
    <h2 id="on-mine-title">Your tables</h2>
    <ul id="on-mine-list" class="table-list" aria-labelledby="on-mine-title"></ul>
    <p id="on-mine-note" class="hint"></p>
  </div>
  <div id="on-created" class="panel created" hidden>
    <h2 id="on-created-title" tabindex="-1">Your table is ready</h2>
    <p id="on-created-text"></p>
    <div class="link-row">
      <label class="field" for="on-invite">Invite link (gives the other seat to the first person who opens it)</label>
      <div class="copy-row"><input id="on-invite" type="text" readonly spellcheck="false"><button type="button" id="on-copy-invite" data-copy="on-invite">Copy invite link</button></div>
    </div>
    <div class="link-row">
      <label class="field" for="on-watch">Watch link (read-only)</label>
      <div class="copy-row"><input id="on-watch" type="text" readonly spellcheck="false"><button type="button" id="on-copy-watch" data-copy="on-watch">Copy watch link</button></div>
    </div>
    <p id="on-copied" class="hint" role="status" aria-live="polite"></p>
    <div class="actions">
      <a id="on-open" class="button primary" href="#/">Go to your table</a>
      <button type="button" id="on-another">Create another table</button>
    </div>
  </div>
  <form id="on-form" class="setup online-setup" novalidate>
    <h2 id="on-form-title">Create a table</h2>
    <fieldset>
      <legend>Game</legend>
      <label><input type="radio" name="variant" value="go" checked> Go</label>
      <label><input type="radio" name="variant" value="timego"> TimeGo</label>
      <p class="hint" id="on-variant-hint">TimeGo: a move can change the past. Always area scoring, no score review: two passes end the game.</p>
    </fieldset>
    <fieldset>
      <legend>Board size</legend>
      <label><input type="radio" name="size" value="9" checked> 9 × 9</label>
      <label><input type="radio" name="size" value="13"> 13 × 13</label>
      <label><input type="radio" name="size" value="19"> 19 × 19</label>
    </fieldset>
    <fieldset id="on-scoring">
      <legend>Scoring</legend>
      <label><input type="radio" name="scoring" value="territory" checked> Japanese territory</label>
      <label><input type="radio" name="scoring" value="area"> Chinese area</label>
      <p class="hint">Japanese territory scoring counts surrounded territory and captures. Chinese area scoring counts surrounded territory and living stones.</p>
    </fieldset>
    <label class="field">Komi for White
      <input type="number" id="on-komi" name="komi" value="6.5" step="0.5" min="-100" max="100" inputmode="decimal" aria-describedby="on-komi-hint">
    </label>
    <p class="hint" id="on-komi-hint">Any multiple of 0.5. The default is 6.5 for Japanese territory and 7.5 for Chinese area scoring.</p>
    <fieldset id="on-ko">
      <legend>Ko rule</legend>
      <label><input type="radio" name="ko" value="simple" checked> Simple ko</label>
      <label><input type="radio" name="ko" value="superko"> Positional superko</label>
      <p class="hint">Simple ko forbids a move that recreates the previous position; positional superko forbids repeating any earlier position. The default follows the scoring.</p>
    </fieldset>
    <label class="field" id="on-review-field">Review time per player, in minutes
      <input type="number" id="on-review" name="review" value="2" step="0.5" min="0.5" max="60" inputmode="decimal" aria-describedby="on-review-hint">
    </label>
    <p class="hint" id="on-review-hint">Each player has a separate review timer for the score review. Running out of review time does not forfeit the game: your current proposal is submitted.</p>
    <fieldset id="on-clock">
      <legend>Game clock</legend>
      <label><input type="radio" name="clock" value="none" checked> None</label>
      <label><input type="radio" name="clock" value="byoyomi"> Byo-yomi</label>
      <label><input type="radio" name="clock" value="fischer"> Fischer</label>
      <div id="on-byoyomi" class="clock-fields" hidden>
        <label class="field">Main time, minutes <input type="number" id="on-byo-main" value="10" min="0" max="1440" step="1" inputmode="numeric"></label>
        <label class="field">Periods <input type="number" id="on-byo-periods" value="5" min="1" max="100" step="1" inputmode="numeric"></label>
        <label class="field">Seconds per period <input type="number" id="on-byo-seconds" value="30" min="1" max="3600" step="1" inputmode="numeric"></label>
      </div>
      <div id="on-fischer" class="clock-fields" hidden>
        <label class="field">Main time, minutes <input type="number" id="on-fischer-main" value="5" min="0" max="1440" step="1" inputmode="numeric"></label>
        <label class="field">Seconds added per move <input type="number" id="on-fischer-inc" value="10" min="0" max="3600" step="1" inputmode="numeric"></label>
      </div>
      <p class="hint">A player whose game time runs out loses. The clocks stop during the score review.</p>
    </fieldset>
    <fieldset>
      <legend>Your color</legend>
      <label><input type="radio" name="color" value="black" checked> Black (you start)</label>
      <label><input type="radio" name="color" value="white"> White (you receive komi)</label>
      <label><input type="radio" name="color" value="random"> Random</label>
    </fieldset>
    <label class="field">Your name (optional)
      <input type="text" id="on-name" name="name" maxlength="40" autocomplete="nickname" spellcheck="false">
    </label>
    <p id="on-error" class="message" role="alert"></p>
    <div class="actions">
      <button type="submit" class="primary" id="on-create">Create table</button>
    </div>
  </form>`;
}

function playerRow(color, label) {
  return `
      <div class="player ${color}" id="tb-player-${color}">
        <span class="dot" aria-hidden="true"></span>
        <span class="who"><span id="tb-name-${color}"></span> <span class="you" id="tb-you-${color}" hidden>(you)</span></span>
        <span class="caps"><span class="presence" id="tb-presence-${color}"></span> · ${label} <b id="tb-caps-${color}">0</b><span id="tb-komi-wrap-${color}"></span></span>
        <span class="timers">
          <span class="clock" id="tb-clock-${color}" hidden></span>
          <span class="review-clock" id="tb-review-${color}" hidden></span>
        </span>
      </div>`;
}

export function tableMarkup() {
  return `
  <div class="play-head">
    <h1 id="tb-title">Online table</h1>
    <p id="tb-status" class="status"></p>
  </div>
  <p id="tb-conn" class="conn" role="status" hidden><span id="tb-conn-text"></span> <button type="button" id="tb-reconnect" class="quiet">Reconnect now</button></p>
  <div class="play-grid">
    <div class="board-wrap">
      <svg id="tb-board" class="board" xmlns="http://www.w3.org/2000/svg" focusable="true" aria-describedby="tb-keys"></svg>
      <button type="button" id="tb-zoom-reset" class="zoom-reset" hidden>Show whole board</button>
    </div>
    <aside class="panel" aria-label="Table">
      <div class="players">${playerRow('black', 'Captures')}${playerRow('white', 'Captures')}
      </div>
      <form id="tb-join" class="join" hidden>
        <h2 id="tb-join-title">You are invited to play</h2>
        <p id="tb-join-text"></p>
        <label class="field">Your name (optional)
          <input type="text" id="tb-join-name" maxlength="40" autocomplete="nickname" spellcheck="false">
        </label>
        <div class="actions"><button type="submit" class="primary" id="tb-join-go">Take your seat</button></div>
      </form>
      <div id="tb-share" class="share" hidden>
        <p id="tb-share-text">Waiting for your friend. Send them the invite link: the first person who opens it takes the other seat.</p>
        <div class="copy-row"><input id="tb-invite" type="text" readonly spellcheck="false" aria-label="Invite link"><button type="button" id="tb-copy-invite" data-copy="tb-invite">Copy invite link</button></div>
      </div>
      <div id="tb-undo-ask" class="undo-ask" role="group" aria-labelledby="tb-undo-text" hidden>
        <p id="tb-undo-text"></p>
        <div class="actions">
          <button type="button" id="tb-undo-accept" class="primary">Accept undo</button>
          <button type="button" id="tb-undo-decline">Decline</button>
        </div>
      </div>
      <p id="tb-message" class="message" role="status" aria-live="polite"></p>
      <div id="tb-review" class="review" hidden>
        <h2 id="tb-review-title">Score review</h2>
        <p id="tb-review-turn" class="review-turn"></p>
        <p id="tb-review-help" class="hint"></p>
        <div class="table-wrap"><table class="score" aria-describedby="tb-review-title">
          <thead><tr><th scope="col"></th><th scope="col">Stones</th><th scope="col">Territory</th><th scope="col">Prisoners</th><th scope="col">Komi</th><th scope="col">Total</th></tr></thead>
          <tbody>
            <tr><th scope="row">Black</th><td id="tb-sc-b-stones"></td><td id="tb-sc-b-terr"></td><td id="tb-sc-b-pris"></td><td>–</td><td id="tb-sc-b-total"></td></tr>
            <tr><th scope="row">White</th><td id="tb-sc-w-stones"></td><td id="tb-sc-w-terr"></td><td id="tb-sc-w-pris"></td><td id="tb-sc-w-komi"></td><td id="tb-sc-w-total"></td></tr>
          </tbody>
        </table></div>
        <p class="hint" id="tb-sc-note"></p>
        <p id="tb-proposals" class="confirm-state"></p>
        <div class="actions"><button type="button" id="tb-propose" class="primary" hidden>Submit your proposal</button></div>
      </div>
      <div id="tb-timego" class="timego-controls" hidden>
        <div id="tb-targets" class="learn-targets" hidden>
          <h3 id="tb-targets-title">Time move</h3>
          <p id="tb-targets-help" class="hint"></p>
          <div id="tb-target-list" class="target-list" role="group" aria-labelledby="tb-targets-title"></div>
          <button type="button" id="tb-time-cancel" class="quiet">Cancel time move</button>
        </div>
        <div class="actions" role="group" aria-label="TimeGo actions">
          <button type="button" id="tb-time" aria-pressed="false">Time</button>
          <button type="button" id="tb-lock">Lock</button>
        </div>
      </div>
      <p id="tb-result" class="result" hidden></p>
      <div class="actions play-actions">
        <button type="button" id="tb-pass">Pass</button>
        <button type="button" id="tb-undo">Request undo</button>
        <button type="button" id="tb-resign">Resign</button>
      </div>
      <div class="actions">
        <a id="tb-sgf" class="button" href="#" download>Download SGF</a>
        <button type="button" id="tb-copy-watch" data-copy-url="watch">Copy watch link</button>
      </div>
      <p id="tb-copied" class="hint" role="status" aria-live="polite"></p>
      <p class="hint" id="tb-settings"></p>
      <p class="hint keys" id="tb-keys">Click or tap where two lines meet. With the board focused, use arrow keys to select an intersection and Enter or Space to play there; Home returns to the center. During score review, the same controls mark or restore a group.</p>
    </aside>
  </div>
  <section id="tb-timego-records" class="learn-records" aria-labelledby="tb-records-title" hidden>
    <h2 id="tb-records-title">Placement order and turn record</h2>
    <div class="records-grid">
      <div class="panel">
        <h3 id="tb-order-title">Current placement order</h3>
        <div class="table-wrap">
          <table class="order" aria-labelledby="tb-order-title">
            <thead><tr><th scope="col">Index</th><th scope="col">Stone</th><th scope="col">Point</th><th scope="col">Past</th><th scope="col">Now</th></tr></thead>
            <tbody id="tb-order"></tbody>
          </table>
        </div>
      </div>
      <div class="panel">
        <h3 id="tb-turns-title">Actual turns</h3>
        <ol id="tb-turns" class="turns" aria-labelledby="tb-turns-title"></ol>
        <p class="hint empty">No turns yet.</p>
      </div>
    </div>
  </section>
  <section class="table-log" aria-labelledby="tb-log-title">
    <h2 id="tb-log-title">What happened</h2>
    <ol id="tb-log" class="log" reversed></ol>
  </section>
  <div id="tb-live" class="visually-hidden" aria-live="polite" aria-atomic="true"></div>
  <div id="tb-alert" class="visually-hidden" aria-live="assertive" aria-atomic="true"></div>`;
}
