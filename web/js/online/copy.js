// Copying a link: the Clipboard API where the page may use it, else the selected text field and
// the old copy command; either way the field is selected so the link can be copied by hand.

/** Copies the value of the input `id`; says what happened in `status`. */
export async function copyField(id, status, done) {
  const input = document.getElementById(id);
  input.focus();
  input.select();
  let ok = false;
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(input.value);
      ok = true;
    }
  } catch (_) { /* fall back below */ }
  if (!ok) {
    try {
      ok = document.execCommand('copy');
    } catch (_) {
      ok = false;
    }
  }
  status.textContent = ok ? done : 'The link is selected: copy it with Ctrl+C (or ⌘C), or your device’s Copy.';
  return ok;
}
