// The operators' console. Plain browser JavaScript, no build step; every text goes in as a text node.
import { ApiError, ago, badge, callApi, clockTime, dash, dateTime, duration, empty, h, linkAmount, linkConversion, linkRequest, linkStatus, linkUses, number, onSignIn, percent, pkr, rupees, showSignIn, table } from './page-kit.js';

const REFRESH_MS = 5000;
const REVIEW_LIMIT = 200;
const DEAD_LIMIT = 1000;
const TOKEN_KEY = 'pvs.admin.token';
const OPERATOR_KEY = 'pvs.admin.operator';
const TOKEN_REFUSED = 'The operator token was refused. Enter it again.';

const STATUSES = ['verified', 'manual_review', 'pending', 'failed'];
const STATUS_LABELS = { verified: 'Verified', manual_review: 'In review', pending: 'Pending', failed: 'Failed' };
const GATEWAYS = ['wallet_one', 'wallet_two', 'bank'];
const GATEWAY_LABELS = { wallet_one: 'Wallet one', wallet_two: 'Wallet two', bank: 'Bank' };

const session = {
  get token() {
    return sessionStorage.getItem(TOKEN_KEY);
  },
  get operator() {
    return sessionStorage.getItem(OPERATOR_KEY);
  },
  save(token, operator) {
    sessionStorage.setItem(TOKEN_KEY, token);
    sessionStorage.setItem(OPERATOR_KEY, operator);
  },
  forgetToken() {
    sessionStorage.removeItem(TOKEN_KEY);
  },
};

/** The admin API with the operator's token. */
const api = (path, { method, body, token = session.token } = {}) => callApi(path, { method, body, headers: { authorization: `Bearer ${token}` } });

/**
 * A table whose rows live across refreshes (a note being typed, a button pressed stay as they are): rows of items
 * gone are dropped, new ones made by `makeRow(item, notice)`, each shown with `row.show?.(item)`, all in the items'
 * order. Answers the panel's notice line.
 */
function liveRows(body, rowsById, { className, headings, emptyText }, items, keyOf, makeRow) {
  let rows = body.querySelector('tbody');
  let notice = body.querySelector('.notice');
  if (!rows) {
    rowsById.clear();
    notice = h('p', { class: 'notice', role: 'status', hidden: true });
    body.replaceChildren(notice, table(className, headings, []), empty(emptyText));
    rows = body.querySelector('tbody');
  }
  const wanted = new Set(items.map(keyOf));
  for (const [key, row] of rowsById) {
    if (!wanted.has(key)) {
      row.remove();
      rowsById.delete(key);
    }
  }
  let cursor = rows.firstElementChild;
  for (const item of items) {
    let row = rowsById.get(keyOf(item));
    if (!row) rowsById.set(keyOf(item), (row = makeRow(item, notice)));
    row.show?.(item);
    if (row === cursor) cursor = cursor.nextElementSibling;
    else rows.insertBefore(row, cursor);
  }
  body.querySelector('.table-wrap').hidden = items.length === 0;
  body.querySelector('.empty').hidden = items.length > 0;
  return notice;
}

// ---- Today per tenant -------------------------------------------------------------------------

function figureCell(figure, column) {
  const count = figure?.count ?? 0;
  return h(
    'td',
    { class: count === 0 ? 'num zero' : 'num', 'data-col': column },
    h('span', { class: 'count' }, number.format(count)),
    count > 0 && h('span', { class: 'amount' }, pkr(figure.amount)),
  );
}

function sumFigures(tenants, pick) {
  return tenants.reduce(
    (total, tenant) => {
      const figure = pick(tenant);
      return { count: total.count + (figure?.count ?? 0), amount: Math.round((total.amount + (figure?.amount ?? 0)) * 100) / 100 };
    },
    { count: 0, amount: 0 },
  );
}

function renderDaily(body, { date, tenants }, meta) {
  meta.textContent = date;
  if (tenants.length === 0) return body.replaceChildren(empty('No payment registered today yet.'));
  const headings = [
    ['Tenant'],
    ['Registered', 'num'],
    ...STATUSES.map((status) => [STATUS_LABELS[status], 'num']),
    ...GATEWAYS.map((gateway) => [GATEWAY_LABELS[gateway], 'num']),
    ['Match rate', 'num'],
    ['Median to verify', 'num'],
  ];
  const rows = tenants.map((tenant) =>
    h(
      'tr',
      { 'data-tenant': tenant.tenant_id },
      h('th', { scope: 'row' }, tenant.tenant_name ?? 'Unnamed tenant', h('span', { class: 'sub mono' }, tenant.tenant_id.slice(0, 8))),
      h('td', { class: 'num', 'data-col': 'registered' }, number.format(tenant.registered)),
      STATUSES.map((status) => figureCell(tenant.by_status?.[status], status)),
      GATEWAYS.map((gateway) => figureCell(tenant.by_gateway?.[gateway], gateway)),
      h('td', { class: 'num', 'data-col': 'match_rate' }, percent(tenant.match_rate)),
      h('td', { class: 'num', 'data-col': 'median' }, duration(tenant.median_seconds_to_verify)),
    ),
  );
  const totals = h(
    'tr',
    {},
    h('th', { scope: 'row' }, `All ${number.format(tenants.length)} tenants`),
    h('td', { class: 'num' }, number.format(tenants.reduce((sum, tenant) => sum + tenant.registered, 0))),
    STATUSES.map((status) => figureCell(sumFigures(tenants, (tenant) => tenant.by_status?.[status]), status)),
    GATEWAYS.map((gateway) => figureCell(sumFigures(tenants, (tenant) => tenant.by_gateway?.[gateway]), gateway)),
    h('td', { colspan: 2 }),
  );
  body.replaceChildren(table('daily-table', headings, rows, totals));
}

// ---- Manual review ----------------------------------------------------------------------------

const REVIEW_REASON_LABELS = {
  amount_mismatch: 'The amount received differs',
  no_reference_amount_match: 'No reference: the only pending payment of that amount',
  balance_inconsistent: 'The balance stated does not follow from the last one',
  unconfirmed_reading: 'The SMS reading is not sure enough for the tenant’s policy',
  foreign_account: 'Credited to an account the tenant did not configure',
  third_party: 'Credited to somebody else’s account, named in the SMS',
};
const reviewRows = new Map();
const decided = new Set();
let tenantNames = new Map();
/** A page of /admin/tenants at its largest: the tenants panel, and the names shown beside tenant ids, come from it. */
const TENANT_LIMIT = 1000;
const loadTenants = () => api(`/admin/tenants?limit=${TENANT_LIMIT}`);

async function loadReview() {
  const [payments, tenants] = await Promise.all([
    api(`/admin/payments?status=manual_review&limit=${REVIEW_LIMIT}`),
    loadTenants().catch(() => null),
  ]);
  if (tenants) tenantNames = new Map(tenants.map((tenant) => [tenant.id, tenant.name]));
  return payments;
}

function reviewRow(payment, notice) {
  const note = h('input', { type: 'text', class: 'note', placeholder: 'Note (optional)', maxlength: 1000, 'aria-label': `Note on ${payment.transaction_reference}` });
  const problem = h('p', { class: 'row-error', role: 'alert', hidden: true });
  const buttons = [h('button', { type: 'button', class: 'approve' }, 'Approve'), h('button', { type: 'button', class: 'reject' }, 'Reject')];
  const difference = payment.amount_detected === null ? null : Math.round((payment.amount_detected - payment.amount_expected) * 100) / 100;
  const row = h(
    'tr',
    { 'data-uuid': payment.uuid },
    h('td', {}, tenantNames.get(payment.tenant_id) ?? payment.tenant_id),
    h('td', {}, GATEWAY_LABELS[payment.gateway] ?? payment.gateway),
    h('td', { class: 'mono' }, payment.transaction_reference),
    h('td', { class: 'num' }, pkr(payment.amount_expected)),
    h(
      'td',
      { class: 'num' },
      pkr(payment.amount_detected),
      difference !== null && h('span', { class: `sub ${difference < 0 ? 'short' : 'over'}` }, `${difference < 0 ? '−' : '+'}${rupees.format(Math.abs(difference))}`),
    ),
    h(
      'td',
      { class: 'why', 'data-col': 'why' },
      REVIEW_REASON_LABELS[payment.review_reason] ?? payment.review_reason ?? dash,
      (payment.departures ?? []).map((departure) => h('span', { class: 'sub departure' }, departure)),
    ),
    h('td', { class: 'when', title: payment.created_at }, dateTime(payment.created_at)),
    h('td', { class: 'actions' }, h('div', { class: 'action-line' }, note, buttons), problem),
  );
  const decide = async (verdict, pastTense) => {
    buttons.forEach((button) => (button.disabled = true));
    problem.hidden = true;
    try {
      await api(`/admin/payments/${encodeURIComponent(payment.uuid)}/${verdict}`, {
        method: 'POST',
        body: { note: note.value.trim() },
      });
      decided.add(payment.uuid);
      reviewRows.delete(payment.uuid);
      row.remove();
      notice.textContent = `${pastTense} ${payment.transaction_reference} (${pkr(payment.amount_expected)}).`;
      notice.hidden = false;
    } catch (error) {
      if (error.status === 401) return signOut(TOKEN_REFUSED);
      problem.textContent = error.message;
      problem.hidden = false;
      buttons.forEach((button) => (button.disabled = false));
    }
  };
  buttons[0].addEventListener('click', () => decide('approve', 'Approved'));
  buttons[1].addEventListener('click', () => decide('reject', 'Rejected'));
  return row;
}

// Rows are kept and only added or removed, so a note being typed survives the refresh.
function renderReview(body, payments, meta) {
  const waiting = payments.filter((payment) => !decided.has(payment.uuid));
  meta.textContent = payments.length >= REVIEW_LIMIT ? `${REVIEW_LIMIT}+ waiting` : `${waiting.length} waiting`;
  const headings = [['Tenant'], ['Gateway'], ['Reference'], ['Expected', 'num'], ['Received', 'num'], ['Why'], ['Registered'], ['Decision']];
  liveRows(body, reviewRows, { className: 'review-table', headings, emptyText: 'Nothing is waiting for review.' }, waiting, (payment) => payment.uuid, reviewRow);
}

// ---- Webhook endpoints ------------------------------------------------------------------------

async function loadWebhooks() {
  const [endpoints, dead] = await Promise.all([api('/admin/webhooks/endpoints'), api(`/admin/webhooks/deliveries?status=dead&limit=${DEAD_LIMIT}`)]);
  return { endpoints, dead };
}

const stat = (label, value, tone, name) =>
  h('div', { class: `stat ${tone}`, 'data-stat': name }, h('span', { class: 'value' }, value), h('span', { class: 'label' }, label));

function renderWebhooks(body, { endpoints, dead }, meta) {
  const failing = endpoints.filter((endpoint) => endpoint.disabled_at !== null || endpoint.consecutive_failures > 0);
  meta.textContent = `${endpoints.length} known`;
  const deadCount = dead.length >= DEAD_LIMIT ? `${DEAD_LIMIT}+` : number.format(dead.length);
  const stats = h(
    'div',
    { class: 'stats' },
    stat('failing endpoints', number.format(failing.length), failing.length > 0 ? 'bad' : 'ok', 'failing'),
    stat('dead deliveries', deadCount, dead.length > 0 ? 'bad' : 'ok', 'dead'),
  );
  const rows = failing.map((endpoint) =>
    h(
      'tr',
      { 'data-origin': endpoint.origin },
      h('td', { class: 'mono' }, endpoint.origin),
      h('td', {}, endpoint.disabled_at ? badge('bad', 'disabled') : badge('warn', 'failing')),
      h('td', { class: 'num', 'data-col': 'failures' }, number.format(endpoint.consecutive_failures)),
      h('td', { title: endpoint.failing_since ?? '' }, endpoint.failing_since ? ago(endpoint.failing_since) : dash),
    ),
  );
  body.replaceChildren(
    stats,
    rows.length > 0
      ? table('endpoints-table', [['Endpoint'], ['State'], ['Failures in a row', 'num'], ['Failing since']], rows)
      : empty('Every endpoint answered its last delivery.'),
  );
}

// ---- Projections ------------------------------------------------------------------------------

function lagTone(projection) {
  if (projection.lag_seconds > 300) return 'bad';
  return projection.lag_events > 0 ? 'warn' : 'ok';
}

function projectionState(rebuild) {
  if (!rebuild || rebuild.status === 'done') {
    return h('div', {}, badge('ok', 'live'), rebuild?.finished_at && h('span', { class: 'sub' }, `rebuilt ${ago(rebuild.finished_at)}`));
  }
  if (rebuild.status === 'failed') return h('div', {}, badge('bad', 'rebuild failed'), rebuild.error && h('span', { class: 'sub' }, rebuild.error));
  const done = rebuild.events_done ?? 0;
  const total = rebuild.events_total ?? 0;
  const share = total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 0;
  return h(
    'div',
    { class: 'rebuild' },
    badge('warn', `rebuild ${rebuild.status}`),
    h('progress', { max: Math.max(total, 1), value: Math.min(done, Math.max(total, 1)) }),
    h('span', { class: 'sub' }, `${share} % · ${number.format(done)} of ${number.format(total)} events`, rebuild.events_per_s ? ` · ${number.format(Math.round(rebuild.events_per_s))}/s` : ''),
  );
}

function renderProjections(body, projections, meta) {
  meta.textContent = `${projections.length} projections`;
  if (projections.length === 0) return body.replaceChildren(empty('No projection has reported yet.'));
  const rows = projections.map((projection) =>
    h(
      'tr',
      { 'data-projection': projection.name },
      h('td', { title: `checkpoint ${projection.checkpoint ?? 'none'}` }, projection.name),
      h('td', { class: 'num', 'data-col': 'lag_events' }, badge(lagTone(projection), number.format(projection.lag_events ?? 0))),
      h('td', { class: 'num', 'data-col': 'lag_seconds' }, duration(projection.lag_seconds)),
      h('td', {}, projectionState(projection.rebuild)),
    ),
  );
  body.replaceChildren(table('projections-table', [['Projection'], ['Events behind', 'num'], ['Time behind', 'num'], ['State']], rows));
}

// ---- Rejected SMS: teach the parser a wording -------------------------------------------------

const REJECTED_LIMIT = 50;
const MARKS = [
  ['amount', 'Amount'],
  ['reference', 'Reference'],
];
/** Rows by SMS id, kept across refreshes so that an open lesson survives them. */
const rejectedRows = new Map();
const taught = new Set();

const loadRejected = () => api(`/admin/sms?state=rejected&limit=${REJECTED_LIMIT}`);

/** The part of the body selected in its text node, as the mark the API takes. */
function selectedMark(bodyText) {
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  if (range.startContainer !== bodyText || range.endContainer !== bodyText) return null;
  const text = bodyText.data.slice(range.startOffset, range.endOffset);
  const start = range.startOffset + (text.length - text.trimStart().length);
  return text.trim() === '' ? null : { text: text.trim(), at: start };
}

function lessonEditor(sms, notice, done) {
  const bodyText = document.createTextNode(sms.body);
  const marks = {};
  const shown = h('dl', { class: 'marks' });
  const problem = h('p', { class: 'row-error', role: 'alert', hidden: true });
  const result = h('p', { class: 'dry-run', 'data-dry-run': '', hidden: true });
  const noReference = h('input', { type: 'checkbox', 'data-no-reference': '' });
  const learn = h('button', { type: 'button', 'data-learn': '', disabled: true }, 'Learn');
  const showMarks = () => {
    shown.replaceChildren(...MARKS.flatMap(([kind, label]) => (marks[kind] ? [h('dt', {}, label), h('dd', { class: 'mono', [`data-mark-${kind}`]: '' }, marks[kind].text)] : [])));
    learn.disabled = true;
    result.hidden = true;
  };
  const lesson = () => ({ sms_id: sms.sms_id, marks: { amount: marks.amount, reference: noReference.checked ? null : marks.reference } });
  const failed = (error) => {
    if (error.status === 401) return signOut(TOKEN_REFUSED);
    problem.textContent = error.message;
    problem.hidden = false;
  };
  const dryRun = async () => {
    problem.hidden = true;
    try {
      const run = await api('/admin/sms-templates/dry-run', { method: 'POST', body: lesson() });
      result.textContent = `Would read ${number.format(run.would_read.count)} rejected SMS of ${run.template.sender} (${number.format(run.scanned)} looked at).`;
      result.hidden = false;
      learn.disabled = false;
    } catch (error) {
      failed(error);
    }
  };
  learn.addEventListener('click', async () => {
    learn.disabled = true;
    problem.hidden = true;
    try {
      const { template, reparse } = await api('/admin/sms-templates', { method: 'POST', body: lesson() });
      notice.textContent = `Learned ${template.id}: ${number.format(reparse.recognised)} of ${number.format(reparse.examined)} rejected SMS read now.`;
      notice.hidden = false;
      done();
    } catch (error) {
      failed(error);
    }
  });
  noReference.addEventListener('change', showMarks);
  return h(
    'div',
    { class: 'lesson' },
    h('p', { class: 'muted' }, 'Select a value in the text, then say what it is.'),
    h('pre', { class: 'sms-body', 'data-sms-body': '' }, bodyText),
    h(
      'div',
      { class: 'action-line' },
      MARKS.map(([kind, label]) =>
        h('button', { type: 'button', class: 'ghost', 'data-mark': kind, onclick: () => {
          const mark = selectedMark(bodyText);
          if (!mark) return failed({ message: `Select the ${label.toLowerCase()} in the text first.` });
          problem.hidden = true;
          marks[kind] = mark;
          showMarks();
        } }, label),
      ),
      h('label', { class: 'check' }, noReference, 'No reference'),
      h('button', { type: 'button', 'data-dry-run-button': '', onclick: dryRun }, 'Dry run'),
      learn,
    ),
    shown,
    result,
    problem,
  );
}

function rejectedRow(sms, notice) {
  const editor = h('tr', { class: 'lesson-row', hidden: true }, h('td', { colspan: 5 }));
  const row = h(
    'tr',
    { 'data-sms': sms.sms_id },
    h('td', {}, tenantNames.get(sms.tenant_id) ?? sms.tenant_id),
    h('td', { class: 'mono' }, sms.sender),
    h('td', {}, badge('warn', sms.rejection_reason ?? 'rejected')),
    // An SMS whose payer data was erased has no text to show or to teach from.
    h('td', { class: 'sms-text' }, sms.body ?? h('span', { class: 'muted' }, 'erased')),
    h(
      'td',
      { class: 'actions' },
      sms.body !== null && h('button', { type: 'button', class: 'ghost', 'data-teach': '', onclick: () => {
        if (editor.hidden) editor.firstElementChild.replaceChildren(lessonEditor(sms, notice, () => {
          taught.add(sms.sms_id);
          editor.remove();
          row.remove();
          rejectedRows.delete(sms.sms_id);
        }));
        editor.hidden = !editor.hidden;
      } }, 'Teach'),
    ),
  );
  return [row, editor];
}

function renderRejected(body, rejected, meta) {
  const waiting = rejected.filter((sms) => !taught.has(sms.sms_id));
  meta.textContent = rejected.length >= REJECTED_LIMIT ? `${REJECTED_LIMIT}+ rejected` : `${waiting.length} rejected`;
  let rows = body.querySelector('tbody');
  let notice = body.querySelector('.notice');
  if (!rows) {
    rejectedRows.clear();
    notice = h('p', { class: 'notice', role: 'status', hidden: true });
    body.replaceChildren(notice, table('rejected-table', [['Tenant'], ['Sender'], ['Reason'], ['SMS'], ['']], []), empty('No rejected SMS.'));
    rows = body.querySelector('tbody');
  }
  const wanted = new Set(waiting.map((sms) => sms.sms_id));
  for (const [id, pair] of rejectedRows) {
    if (!wanted.has(id)) {
      pair.forEach((element) => element.remove());
      rejectedRows.delete(id);
    }
  }
  for (const sms of waiting) {
    if (rejectedRows.has(sms.sms_id)) continue;
    const pair = rejectedRow(sms, notice);
    rejectedRows.set(sms.sms_id, pair);
    rows.append(...pair);
  }
  body.querySelector('.table-wrap').hidden = waiting.length === 0;
  body.querySelector('.empty').hidden = waiting.length > 0;
}

// ---- SMS read and rejected per hour -----------------------------------------------------------
// A rejected share that jumps for one institution is a wording that changed.

const SMS_HOURS = 48;
const HOUR_MS = 3_600_000;
/** Stacked from the baseline up in this order. */
const BUCKETS = ['template', 'learned', 'extracted', 'rejected'];
const BUCKET_LABELS = { template: 'Built-in template', learned: 'Learned template', extracted: 'Extracted (no template)', rejected: 'Rejected' };
/** The current hour's rejected share that marks an institution, once it has this many SMS. */
const JUMP_SHARE = 0.5;
const JUMP_MIN_SMS = 3;
/** The chart in its own units; CSS scales it to the panel. */
const CHART = { width: 720, height: 220, left: 32, top: 10, bottom: 24 };
/** The institution drawn ('' for all), kept across refreshes, and the answer it is drawn from. */
let chartInstitution = '';
let smsStats = null;

const loadSmsHours = () => api(`/admin/sms/stats?hours=${SMS_HOURS}`);

/** Builds an SVG element: `h` makes HTML elements, which an <svg> does not draw. */
function svg(tag, attributes = {}, ...children) {
  const element = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  element.append(...children);
  return element;
}

const utcHour = (iso) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
// With the weekday: the first and the middle label are the same hour of two days.
const localHour = (iso) => new Date(iso).toLocaleString(undefined, { weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The SMS of each bucket per hour (keyed by its start in ms), of one institution or of all. */
function smsPerHour(counts, institution) {
  const perHour = new Map();
  for (const count of counts) {
    if (institution && count.institution !== institution) continue;
    const hour = Date.parse(count.hour);
    if (!perHour.has(hour)) perHour.set(hour, Object.fromEntries(BUCKETS.map((bucket) => [bucket, 0])));
    perHour.get(hour)[count.bucket] += count.sms;
  }
  return perHour;
}

/** One stacked bar per hour from `since`, an hour without SMS left empty. */
function smsChart({ since, hours, counts }, institution) {
  const { width, height, left, top, bottom } = CHART;
  const baseline = height - bottom;
  const slot = (width - left) / hours;
  const x = (index) => left + index * slot;
  const perHour = smsPerHour(counts, institution);
  const bars = Array.from({ length: hours }, (_, index) => {
    const start = Date.parse(since) + index * HOUR_MS;
    return { index, hour: new Date(start).toISOString(), sms: perHour.get(start) };
  });
  const highest = Math.max(1, ...bars.map(({ sms }) => (sms ? BUCKETS.reduce((total, bucket) => total + sms[bucket], 0) : 0)));
  const scale = (baseline - top) / highest;
  const chart = svg('svg', { class: 'sms-chart', viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': `SMS per hour, at most ${highest} in one hour` });
  for (const { index, hour, sms } of bars) {
    const bar = svg('g', { 'data-hour': hour });
    let y = baseline;
    for (const bucket of BUCKETS.filter((name) => sms?.[name] > 0)) {
      const barHeight = sms[bucket] * scale;
      y -= barHeight;
      const title = svg('title', {}, `${utcHour(hour)} · ${bucket}: ${number.format(sms[bucket])}`);
      bar.append(svg('rect', { class: `bucket-${bucket}`, x: x(index) + 1, y, width: slot - 2, height: barHeight, 'data-hour': hour, 'data-bucket': bucket }, title));
    }
    chart.append(bar);
  }
  const middle = Math.floor(hours / 2);
  chart.append(
    svg('line', { class: 'gridline', x1: left, x2: width, y1: top, y2: top }),
    svg('line', { class: 'baseline', x1: left, x2: width, y1: baseline, y2: baseline }),
    svg('text', { class: 'axis', x: left - 4, y: top + 4, 'text-anchor': 'end' }, number.format(highest)),
    svg('text', { class: 'axis', x: left - 4, y: baseline, 'text-anchor': 'end' }, '0'),
    svg('text', { class: 'axis', x: x(0), y: height - 6, 'text-anchor': 'start' }, localHour(bars[0].hour)),
    svg('text', { class: 'axis', x: x(middle) + slot / 2, y: height - 6, 'text-anchor': 'middle' }, localHour(bars[middle].hour)),
    svg('text', { class: 'axis', x: width, y: height - 6, 'text-anchor': 'end' }, localHour(bars[hours - 1].hour)),
  );
  return chart;
}

function institutionRow({ institution, name, read, rejected, rejected_share, current_hour: now }) {
  const sent = now.read + now.rejected;
  const jumped = sent >= JUMP_MIN_SMS && now.rejected / sent >= JUMP_SHARE;
  return h(
    'tr',
    { 'data-institution': institution, class: jumped && 'rejected-jump', title: jumped && 'Most of this hour’s SMS were rejected: has the wording changed?' },
    h('th', { scope: 'row' }, name, jumped && h('span', { class: 'sub' }, 'wording changed?')),
    h('td', { class: 'num', 'data-col': 'read' }, number.format(read)),
    h('td', { class: 'num', 'data-col': 'rejected' }, number.format(rejected)),
    h('td', { class: 'num', 'data-col': 'rejected_share' }, percent(rejected_share)),
    h('td', { class: 'num', 'data-col': 'current_read' }, number.format(now.read)),
    h('td', { class: 'num', 'data-col': 'current_rejected' }, number.format(now.rejected)),
  );
}

const legend = () => h('ul', { class: 'legend' }, BUCKETS.map((bucket) => h('li', {}, h('span', { class: `swatch bucket-${bucket}` }), BUCKET_LABELS[bucket])));

// The select is kept, and its options replaced only when the institutions change, so a refresh does not close it.
function renderSmsHours(body, stats, meta) {
  smsStats = stats;
  const sum = (pick) => stats.institutions.reduce((total, row) => total + pick(row), 0);
  meta.textContent = `${number.format(sum((row) => row.read))} read · ${number.format(sum((row) => row.rejected))} rejected`;
  let select = body.querySelector('select');
  if (!select) {
    select = h('select', { 'aria-label': 'Institution', onchange: (event) => {
      chartInstitution = event.target.value;
      body.querySelector('.sms-hours-chart').replaceChildren(smsChart(smsStats, chartInstitution));
    } });
    body.replaceChildren(
      h('div', { class: 'sms-hours' }, h('div', {}, h('div', { class: 'chart-tools' }, select, legend()), h('div', { class: 'sms-hours-chart' })), h('div', { class: 'sms-hours-institutions' })),
    );
  }
  const options = [['', 'All institutions'], ...stats.institutions.map((row) => [row.institution, row.name])];
  if (options.map(([value]) => value).join() !== [...select.options].map((option) => option.value).join()) {
    select.replaceChildren(...options.map(([value, name]) => h('option', { value }, name)));
  }
  if (!options.some(([value]) => value === chartInstitution)) chartInstitution = '';
  select.value = chartInstitution;
  body.querySelector('.sms-hours-chart').replaceChildren(smsChart(stats, chartInstitution));
  const headings = [['Institution'], ['Read', 'num'], ['Rejected', 'num'], ['Rejected share', 'num'], ['This hour read', 'num'], ['This hour rejected', 'num']];
  body.querySelector('.sms-hours-institutions').replaceChildren(
    stats.institutions.length > 0 ? table('institutions-table', headings, stats.institutions.map(institutionRow)) : empty('No SMS in these hours.'),
  );
}

// ---- Tenants and their verification policy ---------------------------------------------------

const POLICY_LABELS = {
  standard: 'Standard: a credit read with its reference and exact amount verifies',
  strict: 'Strict: configured accounts stated; a new wording names the merchant, nothing unusual',
};
const tenantRows = new Map();

function tenantRow(tenant, notice) {
  const problem = h('p', { class: 'row-error', role: 'alert', hidden: true });
  const select = h(
    'select',
    { 'aria-label': `Verification policy of ${tenant.name}`, 'data-policy': '' },
    Object.entries(POLICY_LABELS).map(([value, label]) => h('option', { value }, label)),
  );
  const status = h('td', { 'data-col': 'status' });
  const row = h('tr', { 'data-tenant': tenant.id }, h('th', { scope: 'row' }, tenant.name), status, h('td', { class: 'policy' }, select, problem));
  let saved = tenant.verification_policy;
  select.addEventListener('change', async () => {
    const wanted = select.value;
    select.disabled = true;
    problem.hidden = true;
    try {
      saved = (await api(`/admin/tenants/${encodeURIComponent(tenant.id)}`, { method: 'PATCH', body: { verification_policy: wanted } })).verification_policy;
      notice.textContent = `${tenant.name}: verification policy ${saved}.`;
      notice.hidden = false;
    } catch (error) {
      if (error.status === 401) return signOut(TOKEN_REFUSED);
      problem.textContent = error.message;
      problem.hidden = false;
    } finally {
      select.value = saved;
      select.disabled = false;
    }
  });
  // A refresh shows what the service holds, but never while the operator is choosing or a change is on its way.
  row.show = (current) => {
    status.replaceChildren(badge(current.status === 'active' ? 'ok' : 'bad', current.status));
    if (document.activeElement !== select && !select.disabled) select.value = saved = current.verification_policy;
  };
  return row;
}

function renderTenants(body, tenants, meta) {
  meta.textContent = `${number.format(tenants.length)} tenants`;
  const headings = [['Tenant'], ['Status'], ['Verification policy']];
  liveRows(body, tenantRows, { className: 'tenants-table', headings, emptyText: 'No tenant yet.' }, tenants, (tenant) => tenant.id, tenantRow);
}

// ---- Forwarding phones -----------------------------------------------------------------------

const FORWARDER_LIMIT = 200;
const APP_LABELS = { native: 'Own client', sms_gateway_app: 'SMS Gateway for Android', httpsms: 'httpSMS', twilio: 'Twilio', sms_to_url_forwarder: 'SMS to URL Forwarder' };
const HEARTBEAT_TONES = { online: 'ok', offline: 'bad' };

async function loadForwarders() {
  const [forwarders, tenants] = await Promise.all([api(`/admin/forwarders?limit=${FORWARDER_LIMIT}`), loadTenants().catch(() => null)]);
  if (tenants) tenantNames = new Map(tenants.map((tenant) => [tenant.id, tenant.name]));
  return forwarders;
}

/** "Wallet one ****4821 (SIM 1)": an account the phone carries, as its SMS state it. */
function carriedAccount({ gateway, account, sim }) {
  return [GATEWAY_LABELS[gateway] ?? gateway, account ?? 'account not stated', sim ? `(SIM ${sim})` : ''].filter(Boolean).join(' ');
}

function forwarderRow(forwarder) {
  const app = APP_LABELS[forwarder.app] ?? forwarder.app;
  const phone = forwarder.name ?? forwarder.device ?? `Unnamed (${app})`;
  const heartbeat = forwarder.heartbeat;
  return h(
    'tr',
    { 'data-forwarder': forwarder.forwarder_id, class: forwarder.retired_at && 'retired' },
    h(
      'th',
      { scope: 'row' },
      phone,
      forwarder.silent_since && [' ', badge('bad', 'silent')],
      forwarder.name && forwarder.device && h('span', { class: 'sub' }, forwarder.device),
      forwarder.silent_since && h('span', { class: 'sub' }, `quiet for longer than usual since ${dateTime(forwarder.silent_since)}, with payments pending`),
    ),
    h('td', {}, tenantNames.get(forwarder.tenant_id) ?? forwarder.tenant_id),
    h('td', {}, app),
    h('td', { 'data-col': 'accounts' }, forwarder.accounts.length > 0 ? forwarder.accounts.map(carriedAccount).join(', ') : dash),
    h('td', { 'data-col': 'last_sms' }, forwarder.last_sms_at ? ago(forwarder.last_sms_at) : dash),
    h('td', { class: 'num', 'data-col': 'sms_last_24h' }, number.format(forwarder.sms_last_24h)),
    h('td', { 'data-col': 'heartbeat' }, heartbeat ? [badge(HEARTBEAT_TONES[heartbeat.status], heartbeat.status), ' ', ago(heartbeat.at)] : dash),
    h('td', { 'data-col': 'retired' }, forwarder.retired_at ? dateTime(forwarder.retired_at) : dash),
  );
}

function renderForwarders(body, forwarders, meta) {
  const watched = forwarders.filter((forwarder) => !forwarder.retired_at).length;
  const silent = forwarders.filter((forwarder) => forwarder.silent_since).length;
  meta.textContent = `${number.format(watched)} in use · ${number.format(silent)} silent · ${number.format(forwarders.length - watched)} retired`;
  const headings = [['Phone'], ['Tenant'], ['App'], ['Accounts'], ['Last SMS'], ['SMS, 24 h', 'num'], ['Heartbeat'], ['Retired']];
  body.replaceChildren(forwarders.length > 0 ? table('forwarders-table', headings, forwarders.map(forwarderRow)) : empty('No phone has forwarded an SMS yet.'));
}

// ---- Payment links ---------------------------------------------------------------------------

const LINK_LIMIT = 200;

async function loadLinks() {
  const [links, tenants] = await Promise.all([api(`/admin/payment-links?limit=${LINK_LIMIT}`), loadTenants().catch(() => null)]);
  if (tenants) tenantNames = new Map(tenants.map((tenant) => [tenant.id, tenant.name]));
  return { links, tenants: tenants ?? [] };
}

function linkRow(link) {
  return h(
    'tr',
    { 'data-link': link.id },
    h('th', { scope: 'row' }, h('a', { href: link.url, rel: 'noreferrer', target: '_blank' }, link.description ?? link.code), h('span', { class: 'sub' }, link.code)),
    h('td', {}, tenantNames.get(link.tenant_id) ?? link.tenant_id),
    h('td', {}, linkStatus(link)),
    h('td', { class: 'num' }, linkAmount(link)),
    h('td', { class: 'num', 'data-col': 'opened' }, number.format(link.opened)),
    h('td', { class: 'num', 'data-col': 'uses' }, linkUses(link)),
    h('td', { class: 'num', 'data-col': 'verified' }, number.format(link.verified)),
    h('td', { class: 'num', 'data-col': 'conversion' }, linkConversion(link)),
    h('td', {}, link.expires_at ? dateTime(link.expires_at) : dash),
  );
}

/** A link for a tenant, made here under the operator's name: its address is shown to pass on to the merchant. */
function linkForm(tenants) {
  const tenant = h('select', { name: 'tenant_id', required: true, 'aria-label': 'Tenant' }, tenants.map((each) => h('option', { value: each.id }, each.name)));
  const amount = h('input', { name: 'amount', inputmode: 'decimal', placeholder: 'Amount (blank: the payer enters it)', 'aria-label': 'Amount in PKR' });
  const description = h('input', { name: 'description', maxlength: 200, placeholder: 'What it is for', 'aria-label': 'Description' });
  const single = h('input', { type: 'checkbox', name: 'single_use' });
  const button = h('button', { type: 'submit' }, 'Create link');
  const result = h('p', { class: 'row-result', role: 'status', hidden: true });
  const form = h('form', { class: 'action-line link-form' }, tenant, amount, description, h('label', {}, single, ' single use'), button, result);
  onSubmit(form, button, result, async () => {
    const body = { tenant_id: tenant.value, ...linkRequest({ amount: amount.value, description: description.value, singleUse: single.checked }) };
    const link = await api('/admin/payment-links', { method: 'POST', body });
    result.replaceChildren('Created: ', h('a', { href: link.url, rel: 'noreferrer', target: '_blank' }, link.url));
    form.reset();
  });
  return form;
}

/**
 * Sends what a form holds when it is submitted (after `ask`, when given, says yes): its button held while it goes,
 * and the answer or the refusal said in `result`.
 */
function onSubmit(form, button, result, send, ask = () => true) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!ask()) return;
    button.disabled = true;
    try {
      await send();
    } catch (error) {
      if (error.status === 401) return signOut(TOKEN_REFUSED);
      result.textContent = error.message;
    } finally {
      result.hidden = false;
      button.disabled = false;
    }
  });
}

let linkFormShown = null;

function renderLinks(body, { links, tenants }, meta) {
  const open = links.filter((link) => link.status === 'open').length;
  const opened = links.reduce((sum, link) => sum + link.opened, 0);
  const verified = links.reduce((sum, link) => sum + link.verified, 0);
  meta.textContent = `${number.format(open)} open · opened ${number.format(opened)} · verified ${number.format(verified)}`;
  // The form is made once, so what an operator types survives a refresh.
  if (!linkFormShown && tenants.length > 0) linkFormShown = linkForm(tenants);
  const headings = [['Link'], ['Tenant'], ['Status'], ['Amount', 'num'], ['Opened', 'num'], ['Submitted', 'num'], ['Verified', 'num'], ['Verified of opened', 'num'], ['Expires']];
  const list = links.length > 0 ? table('links-table', headings, links.map(linkRow)) : empty('No payment link yet.');
  body.replaceChildren(...[linkFormShown, list].filter(Boolean));
}

// ---- Erasures --------------------------------------------------------------------------------

const ERASE_BY = { payment_id: 'Payment id', sms_id: 'SMS id', mobile: 'Mobile number' };

/**
 * An operator erases a payer's data on request, named by a payment, an SMS or a mobile number (with its tenant), and
 * says why: asked to confirm, since it cannot be undone; the answer says which subjects' keys went.
 */
function erasureForm(tenants) {
  const by = h('select', { name: 'by', 'aria-label': 'Erase by' }, Object.entries(ERASE_BY).map(([value, label]) => h('option', { value }, label)));
  const named = h('input', { name: 'named', required: true, maxlength: 64, placeholder: 'Payment id', 'aria-label': 'Payment id, SMS id or mobile number' });
  const tenant = h('select', { name: 'tenant_id', 'aria-label': 'Tenant of the number', hidden: true }, tenants.map((each) => h('option', { value: each.id }, each.name)));
  const reason = h('input', { name: 'reason', required: true, maxlength: 500, placeholder: 'Why: the request, its reference', 'aria-label': 'Reason' });
  const button = h('button', { type: 'submit', class: 'danger' }, 'Erase');
  const result = h('p', { class: 'row-result', role: 'status', hidden: true });
  by.addEventListener('change', () => {
    named.placeholder = ERASE_BY[by.value];
    tenant.hidden = by.value !== 'mobile';
  });
  const form = h('form', { class: 'action-line erasure-form' }, by, named, tenant, reason, button, result);
  const send = async () => {
    const body = { [by.value]: named.value.trim(), reason: reason.value, ...(by.value === 'mobile' && { tenant_id: tenant.value }) };
    const erasure = await api('/admin/erasures', { method: 'POST', body });
    result.textContent = `Erased ${erasure.subjects.join(', ')}: ${number.format(erasure.keys_destroyed)} ${erasure.keys_destroyed === 1 ? 'key' : 'keys'} destroyed (erasure ${erasure.erasure_id}).`;
    form.reset();
    tenant.hidden = true;
  };
  const ask = () => confirm(`Erase the payer data of ${ERASE_BY[by.value].toLowerCase()} ${named.value.trim()}? Its SMS text, names and numbers become unreadable everywhere, for good.`);
  onSubmit(form, button, result, send, ask);
  return form;
}

let erasureFormShown = null;

function renderErasures(body, tenants, meta) {
  meta.textContent = 'recorded under your name; pending or in-review payments are refused';
  // Made once, so what an operator types survives a refresh.
  erasureFormShown ??= erasureForm(tenants ?? []);
  body.replaceChildren(erasureFormShown);
}

// ---- Alerts ----------------------------------------------------------------------------------

const ALERT_LIMIT = 200;
const ALERT_LABELS = {
  'forwarder.silent': 'Phone silent',
  'sms.gap_suspected': 'SMS missing',
  'payment.stalled': 'Payment stalled',
  'payment.review_required': 'Review needed',
};
const alertRows = new Map();

function alertRow(alert, notice) {
  const note = h('input', { type: 'text', class: 'note', placeholder: 'Note (optional)', maxlength: 1000, 'aria-label': `Note on alert ${alert.alert_id}` });
  const problem = h('p', { class: 'row-error', role: 'alert', hidden: true });
  const button = h('button', { type: 'button', class: 'acknowledge' }, 'Acknowledge');
  const owner = h('td', { 'data-col': 'acknowledged' });
  const row = h(
    'tr',
    { 'data-alert': alert.alert_id },
    h('th', { scope: 'row' }, badge(alert.kind === 'payment.review_required' ? 'warn' : 'bad', ALERT_LABELS[alert.kind] ?? alert.kind)),
    h('td', {}, tenantNames.get(alert.tenant_id) ?? alert.tenant_id),
    h('td', { class: 'why' }, alert.summary),
    h('td', { class: 'when', title: alert.raised_at }, ago(alert.raised_at)),
    owner,
  );
  const acknowledge = async () => {
    button.disabled = true;
    problem.hidden = true;
    try {
      const done = await api(`/admin/alerts/${encodeURIComponent(alert.alert_id)}/acknowledge`, { method: 'POST', body: note.value.trim() ? { note: note.value.trim() } : {} });
      row.show(done);
      notice.textContent = `Acknowledged: ${done.summary}`;
      notice.hidden = false;
    } catch (error) {
      if (error.status === 401) return signOut(TOKEN_REFUSED);
      problem.textContent = error.message;
      problem.hidden = false;
      button.disabled = false;
    }
  };
  button.addEventListener('click', acknowledge);
  // An acknowledged alert shows who owns it; an open one the note and the button, kept while the operator types.
  row.show = (current) => {
    if (current.acknowledged_by) owner.replaceChildren(current.acknowledged_by, current.note && h('span', { class: 'sub' }, current.note));
    else if (!owner.firstChild) owner.replaceChildren(h('div', { class: 'action-line' }, note, button), problem);
  };
  return row;
}

function renderAlerts(body, alerts, meta) {
  const unacknowledged = alerts.filter((alert) => !alert.acknowledged_by).length;
  meta.textContent = `${number.format(alerts.length)} open · ${number.format(unacknowledged)} not acknowledged`;
  const banner = document.getElementById('alert-banner');
  banner.hidden = unacknowledged === 0;
  banner.firstElementChild.textContent = `${number.format(unacknowledged)} alert${unacknowledged === 1 ? '' : 's'} need${unacknowledged === 1 ? 's' : ''} somebody: ${[...new Set(alerts.filter((alert) => !alert.acknowledged_by).map((alert) => ALERT_LABELS[alert.kind] ?? alert.kind))].join(', ')}`;
  const headings = [['Alert'], ['Tenant'], ['What'], ['Raised'], ['Acknowledged by']];
  liveRows(body, alertRows, { className: 'alerts-table', headings, emptyText: 'Nothing needs anybody now.' }, alerts, (alert) => alert.alert_id, alertRow);
}

// ---- Panels, refresh, sign-in -----------------------------------------------------------------

const PANELS = [
  { id: 'alerts', load: () => api(`/admin/alerts?limit=${ALERT_LIMIT}`), render: renderAlerts },
  { id: 'daily', load: () => api('/admin/dashboard/daily'), render: renderDaily },
  { id: 'review', load: loadReview, render: renderReview },
  { id: 'sms-hours', load: loadSmsHours, render: renderSmsHours },
  { id: 'rejected', load: loadRejected, render: renderRejected },
  { id: 'tenants', load: loadTenants, render: renderTenants },
  { id: 'forwarders', load: loadForwarders, render: renderForwarders },
  { id: 'links', load: loadLinks, render: renderLinks },
  { id: 'erasures', load: () => loadTenants().catch(() => []), render: renderErasures },
  { id: 'webhooks', load: loadWebhooks, render: renderWebhooks },
  { id: 'projections', load: () => api('/admin/projections'), render: renderProjections },
];

/** One panel's failure (an error answer, a missing endpoint, a shape it cannot show) stays in that panel. */
async function refreshPanel(panel) {
  const section = document.getElementById(panel.id);
  const body = section.querySelector('.panel-body');
  const meta = section.querySelector('.panel-meta');
  try {
    panel.render(body, await panel.load(), meta);
    section.classList.remove('broken');
    return null;
  } catch (error) {
    if (error.status === 401) return error;
    section.classList.add('broken');
    meta.textContent = '';
    const detail = error instanceof ApiError ? (error.status ? `${error.message} (HTTP ${error.status})` : error.message) : `Cannot show this answer: ${error.message}`;
    body.replaceChildren(h('p', { class: 'error', role: 'alert' }, detail));
    return error;
  }
}

let cycle = 0;
let timer;

async function refresh(current) {
  const errors = await Promise.all(PANELS.map(refreshPanel));
  if (current !== cycle) return;
  if (errors.some((error) => error?.status === 401)) return signOut(TOKEN_REFUSED);
  document.getElementById('refresh-state').textContent = `Updated ${clockTime(new Date())} · every ${REFRESH_MS / 1000} s`;
  timer = setTimeout(() => refresh(current), REFRESH_MS);
}

function showConsole() {
  document.getElementById('sign-in').hidden = true;
  document.getElementById('console').hidden = false;
  document.getElementById('session').hidden = false;
  document.getElementById('operator-name').textContent = session.operator;
  clearTimeout(timer);
  refresh(++cycle);
}

function signOut(message) {
  cycle += 1;
  clearTimeout(timer);
  session.forgetToken();
  showSignIn('token', message);
}

onSignIn('token', {
  check: async (token) => (await api('/admin/operators/me', { token })).name,
  refused: 'That operator token was refused. Check it and try again.',
  signedIn: (token, operator) => {
    session.save(token, operator);
    showConsole();
  },
});
document.getElementById('sign-out').addEventListener('click', () => signOut());
if (session.token && session.operator) showConsole();
else signOut();
