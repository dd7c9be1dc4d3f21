import { Gateway } from '@pvs/contracts';
import { LinkAvailability } from '@pvs/domain';
import { Language, PageTexts, PayProblem, TEXTS } from './texts';

/** Where the page's own script and style are served (no inline script or style: the CSP allows 'self' only). */
export const PAY_ASSETS_PATH = '/pay/assets';
/** The route payers' forms are posted to (form-encoded, as a browser posts). */
export const PAY_FORM_ROUTE = '/pay/:code';

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character]);
/** A template whose every value is escaped unless it is markup built here (`Html`). */
class Html {
  constructor(readonly markup: string) {}
}
function html(strings: TemplateStringsArray, ...values: readonly (string | number | Html | readonly Html[] | null)[]): Html {
  let markup = strings[0];
  values.forEach((value, i) => {
    const part = value === null ? '' : value instanceof Html ? value.markup : Array.isArray(value) ? value.map((item: Html) => item.markup).join('') : escape(String(value));
    markup += part + strings[i + 1];
  });
  return new Html(markup);
}

/** The gateways a link offers, each with the merchant's accounts of it. */
export interface OfferedGateway {
  readonly gateway: Gateway;
  readonly accounts: readonly string[];
}

/** What the payer typed, sent back with a problem so that nothing is typed twice. */
export interface PayerForm {
  readonly gateway: string;
  readonly transactionId: string;
  readonly amount: string;
  readonly name: string;
  readonly phone: string;
}

export const EMPTY_FORM: PayerForm = { gateway: '', transactionId: '', amount: '', name: '', phone: '' };

export interface LinkPageModel {
  readonly language: Language;
  readonly code: string;
  readonly merchantName: string;
  readonly description: string | null;
  /** The link's amount as the payer reads it; null when they enter it. */
  readonly amount: string | null;
  readonly amountRange: { readonly min: string; readonly max: string };
  readonly gateways: readonly OfferedGateway[];
  /** Whether the merchant gave the Raast QR its bank issued: shown with the bank transfer. */
  readonly raastQr: boolean;
  readonly form: PayerForm;
  readonly problem: PayProblem | null;
}

export interface StatusPageModel {
  readonly language: Language;
  readonly code: string;
  readonly merchantName: string;
  readonly paymentId: string;
  readonly status: 'pending' | 'verified' | 'manual_review' | 'failed';
  readonly reference: string;
  readonly amount: string;
  /** The merchant's return URL with the signed result, once the payment is decided. */
  readonly returnUrl: string | null;
}

function page(language: Language, title: string, body: Html, head: Html = html``): string {
  const texts = TEXTS[language];
  return `<!doctype html>${
    html`<html lang="${language}" dir="${texts.direction}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer"><title>${title}</title><link rel="stylesheet" href="${PAY_ASSETS_PATH}/pay.css"><script src="${PAY_ASSETS_PATH}/pay.js" defer></script>${head}</head><body><main>${body}</main></body></html>`.markup
  }`;
}

function languageSwitch(texts: PageTexts, path: string): Html {
  const other = texts.otherLanguage;
  return html`<nav class="language"><a href="${path}?lang=${other.code}" lang="${other.code}" hreflang="${other.code}">${other.name}</a></nav>`;
}

function header(texts: PageTexts, merchantName: string): Html {
  return html`<header><p class="pay-to">${texts.payTo}</p><h1>${merchantName}</h1></header>`;
}

/** The link's page: how to pay each way it offers, then the form that registers the payment. */
export function linkPage(model: LinkPageModel): string {
  const texts = TEXTS[model.language];
  const path = `/pay/${model.code}`;
  const { form } = model;
  const problem = model.problem && html`<p class="problem" id="problem" role="alert">${texts.problems[model.problem]}</p>`;
  const described = model.problem ? html` aria-describedby="problem"` : null;
  const amount =
    model.amount !== null
      ? html`<p class="amount"><span>${texts.amount}</span> <strong>Rs ${model.amount}</strong></p>`
      : html`<p class="field"><label for="amount">${texts.enterAmount(model.amountRange.min, model.amountRange.max)}</label><input id="amount" name="amount" inputmode="decimal" autocomplete="off" required maxlength="16" value="${form.amount}"${described}></p>`;
  const ways = model.gateways.map(({ gateway, accounts }) => {
    const accountList = accounts.length
      ? html`<p>${texts.sendTo[gateway]}</p><ul class="accounts">${accounts.map(
          (account) => html`<li><span class="account" dir="ltr">${account}</span> <button type="button" class="copy" data-copy="${account}" data-copied="${texts.copied}" hidden>${texts.copy}</button></li>`,
        )}</ul>`
      : html`<p>${texts.noAccount}</p>`;
    const qr =
      gateway === 'bank' && model.raastQr
        ? html`<p>${texts.raastQr}</p><img class="raast-qr" src="${path}/raast-qr.svg" width="200" height="200" alt="${texts.raastQrAlt(model.merchantName)}">`
        : null;
    return html`<section class="way"><h3>${texts.gatewayNames[gateway]}</h3>${accountList}${qr}</section>`;
  });
  const choices = model.gateways.map(
    ({ gateway }) =>
      html`<label class="choice"><input type="radio" name="gateway" value="${gateway}" required${form.gateway === gateway || model.gateways.length === 1 ? html` checked` : null}> ${texts.gatewayNames[gateway]}</label>`,
  );
  const help = model.gateways.map(({ gateway }) => html`<li>${texts.gatewayNames[gateway]}: ${texts.transactionIdHelp[gateway]}</li>`);
  const body = html`${languageSwitch(texts, path)}${header(texts, model.merchantName)}${model.description === null ? null : html`<p class="description">${model.description}</p>`}
<form method="post" action="${path}?lang=${model.language}" novalidate>
${amount}
<h2>${texts.howToPay}</h2>${ways}
<h2>${texts.afterPaying}</h2>${problem}
<fieldset><legend>${texts.paidWith}</legend>${choices}</fieldset>
<p class="field"><label for="transaction_id">${texts.transactionId}</label><input id="transaction_id" name="transaction_id" autocomplete="off" autocapitalize="characters" spellcheck="false" required maxlength="64" dir="ltr" value="${form.transactionId}" aria-describedby="transaction_id_help${model.problem ? ' problem' : ''}"></p>
<ul class="help" id="transaction_id_help">${help}</ul>
<p class="field"><label for="name">${texts.payerName} <span class="optional">${texts.optional}</span></label><input id="name" name="name" autocomplete="name" maxlength="100" value="${form.name}"></p>
<p class="field"><label for="phone">${texts.payerPhone} <span class="optional">${texts.optional}</span></label><input id="phone" name="phone" type="tel" autocomplete="tel" inputmode="tel" maxlength="16" dir="ltr" value="${form.phone}"></p>
<p class="note">${texts.payerDataNote}</p>
<button type="submit">${texts.submit}</button>
</form>`;
  return page(model.language, model.merchantName, body);
}

/** Why a page shows no form: its link takes no payment, there is none, or the payer asked too often. */
export type Unavailable = Exclude<LinkAvailability, 'open'> | 'not_found' | 'too_many';

/** A page without its form: why, and what to do. */
export function unavailablePage(language: Language, code: string, reason: Unavailable, merchantName: string | null): string {
  const texts = TEXTS[language];
  const said = reason === 'too_many' ? texts.problems.too_many : texts.unavailable[reason];
  const body = html`${languageSwitch(texts, `/pay/${code}`)}${merchantName === null ? null : header(texts, merchantName)}<p class="problem" role="alert">${said}</p>`;
  return page(language, merchantName ?? said, body);
}

/** A payment registered through a link: its state and what comes next; pending, it refreshes (by script, or without one). */
export function statusPage(model: StatusPageModel): string {
  const texts = TEXTS[model.language];
  const path = `/pay/${model.code}/payments/${model.paymentId}`;
  const said = texts.status[model.status];
  const pending = model.status === 'pending';
  const back = model.returnUrl === null ? null : html`<p><a class="button" id="return" href="${model.returnUrl}">${texts.backToShop}</a></p>`;
  const body = html`${languageSwitch(texts, path)}${header(texts, model.merchantName)}
<section class="status status-${model.status}" id="status" data-status="${model.status}" data-poll="${pending ? `${path}/status` : ''}" data-return="${model.returnUrl ?? ''}" aria-live="polite">
<h2>${said.title}</h2><p>${said.next}</p>
<dl><dt>${texts.reference}</dt><dd><span dir="ltr">${model.reference}</span></dd><dt>${texts.amount}</dt><dd>Rs ${model.amount}</dd></dl>
${pending ? html`<p class="note">${texts.refreshing}</p>` : null}${back}</section>`;
  // Without a script, the page refreshes itself while pending.
  const head = pending ? html`<noscript><meta http-equiv="refresh" content="5"></noscript>` : html``;
  return page(model.language, said.title, body, head);
}
