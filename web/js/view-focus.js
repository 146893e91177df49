// Each view has its own page title, and following a link to a view takes the keyboard focus to
// the view's heading, so a screen reader says where the player arrived instead of staying on
// the page body. A view names its heading with `data-view-heading` on an element inside it
// (Learn TimeGo: the exercise title), else its first h1 is used.

/** The page title of the visible view: "Same device · Tengen". */
function titleOf(section, heading) {
  if (section.id === 'home') return 'Tengen · Go for two';
  const h1 = section.querySelector('h1');
  const names = [heading, h1]
    .filter((el, i, all) => el && all.indexOf(el) === i)
    .map((el) => el.textContent.trim())
    .filter(Boolean);
  return [...names, 'Tengen'].join(' · ');
}

/**
 * Names the visible view in the page title and, unless `focus` is false (the first load),
 * moves the focus to its heading.
 */
export function enterView(hash, { focus = true } = {}) {
  const section = [...document.querySelectorAll('main > section')].find((s) => !s.hidden);
  if (!section) return;
  const heading = section.querySelector('[data-view-heading]') || section.querySelector('h1');
  document.title = titleOf(section, heading);
  if (!focus || !heading) return;
  // A dialog or a control the view focused on purpose (the board after Start) keeps it.
  const active = document.activeElement;
  if (active && active !== document.body && section.contains(active)) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  heading.scrollIntoView({ block: 'nearest' });
  if (heading.tagName === 'H1') window.scrollTo(0, 0);
}
