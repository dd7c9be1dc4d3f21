'use strict';
// The payer's page works without this script: it only adds copy buttons, and on a payment's status page, polls
// until the status changes (then reloads the server's page) and follows the merchant's return link once decided.
(function () {
  for (const button of document.querySelectorAll('button.copy')) {
    button.hidden = false;
    button.addEventListener('click', async () => {
      const label = button.textContent;
      try {
        await navigator.clipboard.writeText(button.dataset.copy);
        button.textContent = button.dataset.copied;
        setTimeout(() => { button.textContent = label; }, 2000);
      } catch {
        // No clipboard here (an insecure context, an old browser): the number is on screen to copy by hand.
      }
    });
  }

  const status = document.getElementById('status');
  if (!status) return;
  if (status.dataset.return) setTimeout(() => location.assign(status.dataset.return), 3000);
  if (!status.dataset.poll) return;
  // 2 s, then half as long again each time up to 15 s: quick at first, light on a slow connection after.
  let delay = 2000;
  const check = async () => {
    try {
      const response = await fetch(status.dataset.poll, { cache: 'no-store', headers: { accept: 'application/json' } });
      if (response.ok) {
        const body = await response.json();
        if (body.status && body.status !== status.dataset.status) {
          location.reload();
          return;
        }
      }
    } catch {
      // Offline for a moment: try again later.
    }
    delay = Math.min(delay * 1.5, 15000);
    setTimeout(check, delay);
  };
  setTimeout(check, delay);
})();
