// The merchants' page: a shop owner creates, shares and watches payment links with the shop's API key, no code.
import { badge, callApi, clockTime, dash, dateTime, empty, h, linkAmount, linkConversion, linkRequest, linkStatus, linkUses, number, onSignIn, pkr, showSignIn, table } from './page-kit.js';

const REFRESH_MS = 10_000;
const LINK_LIMIT = 200;
const PAYMENT_LIMIT = 100;
const KEY = 'pvs.merchant.key';
const KEY_REFUSED = 'The API key was refused. Enter it again.';
const STATUS_TONES = { verified: 'ok', manual_review: 'warn', pending: 'muted', failed: 'bad' };
const STATUS_LABELS = { verified: 'verified', manual_review: 'in review', pending: 'pending', failed: 'failed' };

const session = {
  get key() {
    return sessionStorage.getItem(KEY);
  },
  save: (key) => sessionStorage.setItem(KEY, key),
  forget: () => sessionStorage.removeItem(KEY),
};

/** The merchant API with the shop's key. */
const api = (path, { method, body, key = session.key } = {}) => callApi(path, { method, body, headers: { 'x-api-key': key } });

/** A 401 ends the session; any other problem is shown where it happened. */
function showProblem(error, where) {
  if (error.status === 401) return signOut(KEY_REFUSED);
  where.textContent = error.message;
  where.hidden = false;
}

// ---- Sharing a link --------------------------------------------------------------------------

async function copy(text, input, button) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // No clipboard outside a secure context: select it, for the owner to copy by hand.
    input.select();
    button.textContent = 'Selected: copy it';
    return;
  }
  button.textContent = 'Copied';
  setTimeout(() => (button.textContent = 'Copy'), 2000);
}

/** The link's address to copy or send, its page, and its QR code to show or print. */
function linkShare(link) {
  const address = h('input', { type: 'text', readonly: true, value: link.url, class: 'mono', 'aria-label': 'The link' });
  const copyButton = h('button', { type: 'button', class: 'copy' }, 'Copy');
  copyButton.addEventListener('click', () => copy(link.url, address, copyButton));
  const what = [link.description, link.amount === null ? null : pkr(link.amount)].filter(Boolean).join(', ');
  const message = what ? `Pay for ${what}: ${link.url}` : `Pay here: ${link.url}`;
  const qr = `/pay/${encodeURIComponent(link.code)}/qr.svg`;
  return h(
    'div',
    { class: 'share', 'data-share': link.id },
    h('div', { class: 'action-line' }, address, copyButton),
    h(
      'p',
      { class: 'share-links' },
      h('a', { href: `https://wa.me/?text=${encodeURIComponent(message)}`, target: '_blank', rel: 'noreferrer' }, 'Send on WhatsApp'),
      h('a', { href: link.url, target: '_blank', rel: 'noreferrer' }, 'Open the page'),
      h('a', { href: qr, download: `payment-link-${link.code}.svg` }, 'Download the QR code'),
    ),
    h('img', { src: qr, alt: `QR code of ${link.url}`, width: 180, height: 180, class: 'qr' }),
  );
}

// ---- Creating a link -------------------------------------------------------------------------

async function createLink(event) {
  event.preventDefault();
  const form = event.currentTarget;
  const button = form.querySelector('button[type="submit"]');
  const problem = document.getElementById('link-form-error');
  const created = document.getElementById('created');
  const chosen = [...form.querySelectorAll('input[name="gateway"]:checked')].map((box) => box.value);
  const body = linkRequest({
    amount: form.amount.value,
    minAmount: form.min_amount.value,
    maxAmount: form.max_amount.value,
    description: form.description.value,
    singleUse: form.single_use.checked,
    expiresAt: form.expires_at.value,
    // All three is the default; none is sent as it is, for the API to say a way is needed.
    gateways: chosen.length === 3 ? undefined : chosen,
    returnUrl: form.return_url.value,
  });
  button.disabled = true;
  problem.hidden = true;
  try {
    const link = await api('/payment-links', { method: 'POST', body });
    created.replaceChildren(h('h3', {}, 'Your link is ready'), h('p', { class: 'muted' }, `${link.description ?? 'Payment'} · ${linkAmount(link)}`), linkShare(link));
    created.hidden = false;
    form.reset();
    refreshLinks();
  } catch (error) {
    showProblem(error, problem);
  } finally {
    button.disabled = false;
  }
}

// ---- The links and their payments -------------------------------------------------------------

/** What is unfolded under a row (its sharing or its payments), kept across refreshes. */
let unfolded = null;
/** The sharing shown, made once, so a refresh does not take the Copy button from under a finger. */
let sharing = null;

async function paymentsOf(link) {
  const payments = await api(`/payment-links/${link.id}/payments?limit=${PAYMENT_LIMIT}`);
  if (payments.length === 0) return empty('No payment through this link yet.');
  const headings = [['When'], ['Amount', 'num'], ['Status'], ['Payer'], ['Mobile']];
  const rows = payments.map((payment) =>
    h(
      'tr',
      { 'data-payment': payment.uuid },
      h('td', { 'data-label': 'When' }, dateTime(payment.submitted_at)),
      h('td', { class: 'num', 'data-label': 'Amount' }, pkr(payment.amount)),
      h('td', { 'data-label': 'Status' }, badge(STATUS_TONES[payment.status] ?? 'muted', STATUS_LABELS[payment.status] ?? payment.status)),
      h('td', { 'data-label': 'Payer' }, payment.payer_name ?? dash),
      h('td', { class: 'mono', 'data-label': 'Mobile' }, payment.payer_phone ?? dash),
    ),
  );
  return table('payments-table', headings, rows);
}

async function unfold(link, kind, detail) {
  const problem = h('p', { class: 'row-error', role: 'alert', hidden: true });
  try {
    if (kind === 'share' && sharing?.id !== link.id) sharing = { id: link.id, element: linkShare(link) };
    detail.replaceChildren(kind === 'share' ? sharing.element : await paymentsOf(link));
  } catch (error) {
    showProblem(error, problem);
    detail.replaceChildren(problem);
  }
}

async function disable(link, button, problem) {
  if (!confirm(`Stop "${link.description ?? link.code}" taking payments? Payments already made through it go on.`)) return;
  button.disabled = true;
  try {
    await api(`/payment-links/${link.id}/disable`, { method: 'POST' });
    refreshLinks();
  } catch (error) {
    showProblem(error, problem);
    button.disabled = false;
  }
}

function linkRows(link) {
  const detail = h('td', { colspan: 8 });
  const detailRow = h('tr', { class: 'detail', 'data-detail': link.id, hidden: true }, detail);
  const problem = h('p', { class: 'row-error', role: 'alert', hidden: true });
  const toggle = (kind) => {
    const closing = unfolded?.id === link.id && unfolded.kind === kind;
    unfolded = closing ? null : { id: link.id, kind };
    refreshLinks();
  };
  const share = h('button', { type: 'button', class: 'small' }, 'Share');
  share.addEventListener('click', () => toggle('share'));
  const payments = h('button', { type: 'button', class: 'small secondary' }, 'Payments');
  payments.addEventListener('click', () => toggle('payments'));
  const stop = link.status === 'open' && h('button', { type: 'button', class: 'small reject' }, 'Disable');
  if (stop) stop.addEventListener('click', () => disable(link, stop, problem));
  // Each cell names its column, which a phone shows beside it (a row per card: the table is too wide for the screen).
  const row = h(
    'tr',
    { 'data-link': link.id },
    h('th', { scope: 'row' }, link.description ?? 'Payment', h('span', { class: 'sub mono' }, link.code)),
    h('td', { 'data-label': 'Status' }, linkStatus(link)),
    h('td', { class: 'num', 'data-label': 'Amount' }, linkAmount(link)),
    h('td', { class: 'num', 'data-col': 'opened', 'data-label': 'Opened' }, number.format(link.opened)),
    h('td', { class: 'num', 'data-col': 'uses', 'data-label': 'Payments' }, linkUses(link)),
    h('td', { class: 'num', 'data-col': 'verified', 'data-label': 'Verified' }, h('span', {}, number.format(link.verified), h('span', { class: 'sub' }, linkConversion(link)))),
    h('td', { 'data-label': 'Expires' }, link.expires_at ? dateTime(link.expires_at) : dash),
    h('td', { class: 'actions' }, h('div', { class: 'action-line' }, share, payments, stop), problem),
  );
  if (unfolded?.id === link.id) {
    detailRow.hidden = false;
    unfold(link, unfolded.kind, detail);
  }
  return [row, detailRow];
}

async function refreshLinks() {
  const section = document.getElementById('links');
  const body = section.querySelector('.panel-body');
  const meta = section.querySelector('.panel-meta');
  let links;
  try {
    links = await api(`/payment-links?limit=${LINK_LIMIT}`);
  } catch (error) {
    if (error.status === 401) return signOut(KEY_REFUSED);
    return body.replaceChildren(h('p', { class: 'error', role: 'alert' }, error.message));
  }
  const open = links.filter((link) => link.status === 'open').length;
  const verified = links.reduce((sum, link) => sum + link.verified, 0);
  meta.textContent = `${number.format(open)} open · ${number.format(verified)} paid and verified`;
  const headings = [['Link'], ['Status'], ['Amount', 'num'], ['Opened', 'num'], ['Payments', 'num'], ['Verified', 'num'], ['Expires'], ['']];
  body.replaceChildren(links.length > 0 ? table('links-table', headings, links.flatMap(linkRows)) : empty('No link yet: create one above.'));
  document.getElementById('refresh-state').textContent = `Updated ${clockTime(new Date())}`;
}

// ---- Session ---------------------------------------------------------------------------------

let timer;

function showLinks() {
  document.getElementById('sign-in').hidden = true;
  document.getElementById('console').hidden = false;
  document.getElementById('session').hidden = false;
  clearInterval(timer);
  refreshLinks();
  timer = setInterval(refreshLinks, REFRESH_MS);
}

function signOut(message) {
  clearInterval(timer);
  session.forget();
  unfolded = null;
  document.getElementById('created').hidden = true;
  document.getElementById('link-form').reset();
  document.getElementById('link-form-error').hidden = true;
  showSignIn('key', message);
}

onSignIn('key', {
  check: (key) => api('/payment-links?limit=1', { key }),
  refused: 'That API key was refused. Check it and try again.',
  signedIn: (key) => {
    session.save(key);
    showLinks();
  },
});
document.getElementById('link-form').addEventListener('submit', createLink);
document.getElementById('sign-out').addEventListener('click', () => signOut());
if (session.key) showLinks();
else signOut();
