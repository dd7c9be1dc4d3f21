// What the operators' console and the merchants' page share: the API call, element building, formats, tables.
// Plain browser JavaScript, no build step; every text goes in as a text node.
const API = '/api/v1';

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** Calls the service's API with the caller's credential headers; answers `data`, or throws an ApiError with the service's message. */
export async function callApi(path, { method = 'GET', body, headers = {} } = {}) {
  let response;
  try {
    response = await fetch(`${API}${path}`, {
      method,
      cache: 'no-store',
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'The service did not answer.');
  }
  const payload = await response.json().catch(() => null);
  if (response.ok && payload?.success === true) return payload.data;
  throw new ApiError(response.status, typeof payload?.message === 'string' ? payload.message : `Unexpected answer (HTTP ${response.status}).`);
}

/** Builds an element; strings become text nodes, never markup. */
export function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith('on')) element.addEventListener(name.slice(2), value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  element.append(...children.flat().filter((child) => child !== null && child !== undefined && child !== false));
  return element;
}

export const number = new Intl.NumberFormat('en-PK');
export const rupees = new Intl.NumberFormat('en-PK', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const dash = '—';
export const pkr = (amount) => (amount === null || amount === undefined ? dash : `Rs ${rupees.format(amount)}`);
export const percent = (rate) => (rate === null || rate === undefined ? dash : `${(rate * 100).toFixed(1)} %`);
export const clockTime = (date) => date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
export const dateTime = (iso) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function duration(seconds) {
  if (seconds === null || seconds === undefined) return dash;
  if (seconds > 0 && seconds < 0.1) return '< 0.1 s';
  if (seconds < 10 && !Number.isInteger(seconds)) return `${seconds.toFixed(1)} s`;
  if (seconds < 60) return `${Math.round(seconds)} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
  return `${Math.floor(seconds / 3600)} h ${Math.round((seconds % 3600) / 60)} min`;
}

export function ago(iso) {
  const seconds = Math.max(0, (Date.now() - new Date(iso).getTime()) / 1000);
  return seconds < 5 ? 'just now' : `${duration(Math.round(seconds))} ago`;
}

export const badge = (tone, text) => h('span', { class: `badge ${tone}` }, text);
export const empty = (text) => h('p', { class: 'empty' }, text);
export const table = (className, headings, rows, footer) =>
  h(
    'div',
    { class: 'table-wrap' },
    h(
      'table',
      { class: `data ${className}` },
      h('thead', {}, h('tr', {}, headings.map(([text, cls]) => h('th', { scope: 'col', class: cls }, text)))),
      h('tbody', {}, rows),
      footer && h('tfoot', {}, footer),
    ),
  );

// ---- Payment links, as both pages show them ----------------------------------------------------

const LINK_TONES = { open: 'ok', disabled: 'muted', expired: 'muted', used_up: 'muted' };
const LINK_STATES = { open: 'open', disabled: 'disabled', expired: 'expired', used_up: 'used' };

export const linkStatus = (link) => badge(LINK_TONES[link.status] ?? 'muted', LINK_STATES[link.status] ?? link.status);
export const linkAmount = (link) => (link.amount === null ? `${pkr(link.min_amount)} – ${pkr(link.max_amount)}` : pkr(link.amount));
export const linkUses = (link) => (link.max_uses === null ? number.format(link.uses) : `${number.format(link.uses)} / ${number.format(link.max_uses)}`);
export const linkConversion = (link) => (link.opened > 0 ? percent(link.verified / link.opened) : dash);

/** A typed amount as the API takes it: thousands commas dropped; what is no number is sent as typed, for the API to refuse by name. */
const amountOf = (typed) => {
  const text = typed.trim().replace(/,/g, '');
  return Number.isFinite(Number(text)) ? Number(text) : text;
};

/**
 * The body of a new link from what a form holds; blank fields are left out. `expiresAt` is a datetime-local value,
 * read in the browser's time zone.
 */
export function linkRequest({ amount, minAmount = '', maxAmount = '', description, singleUse, expiresAt = '', gateways, returnUrl = '' }) {
  const body = { description: description.trim() || undefined, max_uses: singleUse ? 1 : undefined, gateways, return_url: returnUrl.trim() || undefined };
  if (amount.trim()) body.amount = amountOf(amount);
  if (minAmount.trim()) body.min_amount = amountOf(minAmount);
  if (maxAmount.trim()) body.max_amount = amountOf(maxAmount);
  if (expiresAt) {
    const expires = new Date(expiresAt);
    body.expires_at = Number.isNaN(expires.getTime()) ? expiresAt : expires.toISOString();
  }
  return body;
}

// ---- Signing in, as both pages do it (their #sign-in, #sign-in-form, #sign-in-error, #console and #session) -----

/**
 * Submitting the sign-in form checks the credential typed in its `field` with `check` (whose answer is kept with it),
 * then calls `signedIn(credential, answer)`; a refused credential is said in `refused` words, and asked for again.
 */
export function onSignIn(field, { check, refused, signedIn }) {
  const form = document.getElementById('sign-in-form');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const credential = form[field].value.trim();
    const button = form.querySelector('button[type="submit"]');
    const problem = document.getElementById('sign-in-error');
    button.disabled = true;
    problem.hidden = true;
    let answer;
    try {
      answer = await check(credential);
    } catch (error) {
      problem.textContent = error.status === 401 ? refused : error.message;
      problem.hidden = false;
      form[field].select();
      return;
    } finally {
      button.disabled = false;
    }
    signedIn(credential, answer);
  });
}

/** Hides the page's console and shows the sign-in form again, empty, saying why when there is a reason. */
export function showSignIn(field, message) {
  document.getElementById('console').hidden = true;
  document.getElementById('session').hidden = true;
  const form = document.getElementById('sign-in-form');
  form[field].value = '';
  const problem = document.getElementById('sign-in-error');
  problem.textContent = message ?? '';
  problem.hidden = !message;
  document.getElementById('sign-in').hidden = false;
  form[field].focus();
}
