// Confirmation dialogs on the native <dialog> element (focus trapped, Escape cancels).

/**
 * Asks a question; resolves true for the confirming button, false for Cancel or Escape.
 * `options`: {title, message, confirm, cancel}.
 */
export function ask({ title, message, confirm = 'OK', cancel = 'Cancel' }) {
  const dialog = document.getElementById('confirm-dialog');
  dialog.querySelector('#confirm-title').textContent = title;
  dialog.querySelector('#confirm-message').textContent = message;
  const ok = dialog.querySelector('#confirm-ok');
  const no = dialog.querySelector('#confirm-cancel');
  ok.textContent = confirm;
  no.textContent = cancel;
  return new Promise((resolve) => {
    const done = (value) => {
      dialog.removeEventListener('close', onClose);
      ok.onclick = no.onclick = null;
      if (dialog.open) dialog.close();
      resolve(value);
    };
    const onClose = () => done(false);
    ok.onclick = () => done(true);
    no.onclick = () => done(false);
    dialog.addEventListener('close', onClose);
    dialog.showModal();
    no.focus();
  });
}
