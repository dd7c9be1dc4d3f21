import { Body, Controller, Get, Headers, HttpStatus, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { toString as qrSvg } from 'qrcode';
import { FastifyReply, FastifyRequest } from 'fastify';
import { PaymentLink, Tenant, linkAvailability, paymentBlock } from '@pvs/domain';
import { CLOCK, Clock } from '@pvs/runtime';
import { TENANT_DIRECTORY, TenantDirectory } from '@pvs/tenants';
import { GATEWAY_CONFIG, GatewayConfig } from '../../gateway-config';
import { isUuid } from '../../http/query-params';
import { GetPaymentStatusHandler } from '../../payments/get-payment-status/get-payment-status.handler';
import { PayThroughLinkHandler } from '../pay-through-link/pay-through-link.handler';
import { PaymentLinkReader } from '../payment-link-reader';
import { PublicOrigin } from '../public-origin';
import { PageLimits } from './page-limits';
import { PageViews } from './page-views';
import { METRICS, Metrics } from '@pvs/observability';
import { EMPTY_FORM, PayerForm, linkPage, statusPage, unavailablePage } from './pay-page.view';
import { readPayerForm } from './payer-form';
import { signedReturnUrl } from './return-url';
import { Language, PayProblem, languageOf } from './texts';
import { PAGE_HEADERS, rupees } from './page-http';

/**
 * The payer's pages of a payment link (outside the API prefix, not in the API document): the link's page, its form,
 * and each payment's status. Server-rendered HTML that works without a script; the script only copies and polls.
 */
@ApiExcludeController()
@Controller('pay')
export class PayPageHttpController {
  constructor(
    private readonly links: PaymentLinkReader,
    private readonly payments: PayThroughLinkHandler,
    private readonly statuses: GetPaymentStatusHandler,
    private readonly limits: PageLimits,
    private readonly origin: PublicOrigin,
    private readonly views: PageViews,
    @Inject(METRICS) private readonly metrics: Metrics,
    @Inject(TENANT_DIRECTORY) private readonly tenants: TenantDirectory,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get(':code')
  async show(@Param('code') code: string, @Query('lang') lang: unknown, @Headers('accept-language') accept: string | undefined, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const language = languageOf(lang, accept);
    if (!(await this.limits.view(request.ip))) {
      this.metrics.payPageViews.inc({ shown: 'too_many' });
      return this.send(reply, HttpStatus.TOO_MANY_REQUESTS, unavailablePage(language, code, 'too_many', null));
    }
    const found = await this.open(code);
    this.metrics.payPageViews.inc({ shown: found.ok ? 'open' : found.reason });
    if (!found.ok) return this.send(reply, found.status, unavailablePage(language, code, found.reason, found.merchantName));
    await this.views.opened(found.link.id, request.ip);
    return this.send(reply, HttpStatus.OK, this.linkPage(language, found.link, found.tenant, EMPTY_FORM, null));
  }

  @Post(':code')
  async submit(
    @Param('code') code: string,
    @Query('lang') lang: unknown,
    @Headers('accept-language') accept: string | undefined,
    @Body() body: Record<string, unknown> | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const language = languageOf(lang, accept);
    const count = (outcome: PayProblem | 'registered' | 'not_found') => this.metrics.payPageSubmissions.inc({ outcome });
    // A link that takes no more payments still shows a payer the payment they made through it: the link decides.
    const found = await this.linkOf(code);
    if (!found) {
      count('not_found');
      return this.send(reply, HttpStatus.NOT_FOUND, unavailablePage(language, code, 'not_found', null));
    }
    const { link, tenant } = found;
    const closed = () => {
      count('link_closed');
      const availability = this.availability(link, tenant);
      return this.send(reply, HttpStatus.GONE, unavailablePage(language, code, availability === 'open' ? 'disabled' : availability, tenant.name));
    };
    if (paymentBlock(tenant) !== null) return closed();
    const read = readPayerForm(body ?? {}, link);
    if ('problem' in read) {
      count(read.problem);
      return this.send(reply, HttpStatus.UNPROCESSABLE_ENTITY, this.linkPage(language, link, tenant, read.form, read.problem));
    }
    const form: PayerForm = { gateway: read.submission.gateway, transactionId: read.submission.transactionReference, amount: typeof body?.amount === 'string' ? body.amount : '', name: read.submission.payerName ?? '', phone: read.submission.payerPhone ?? '' };
    if (!(await this.limits.submit(request.ip, link.id, tenant.id))) {
      count('too_many');
      return this.send(reply, HttpStatus.TOO_MANY_REQUESTS, this.linkPage(language, link, tenant, form, 'too_many'));
    }
    const paid = await this.payments.pay(tenant, link, read.submission, request.id);
    if (!paid.ok && paid.problem === 'link_closed') return closed();
    if (!paid.ok) {
      count(paid.problem);
      return this.send(reply, paid.problem === 'try_again' ? HttpStatus.CONFLICT : HttpStatus.UNPROCESSABLE_ENTITY, this.linkPage(language, link, tenant, form, paid.problem));
    }
    count('registered');
    // Post, then redirect, then get: a refresh of the status page posts nothing again.
    return reply.code(HttpStatus.SEE_OTHER).headers(PAGE_HEADERS).redirect(`/pay/${code}/payments/${paid.registration.payment.uuid}?lang=${language}`, HttpStatus.SEE_OTHER);
  }

  @Get(':code/payments/:paymentId')
  async status(
    @Param('code') code: string,
    @Param('paymentId') paymentId: string,
    @Query('lang') lang: unknown,
    @Headers('accept-language') accept: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const language = languageOf(lang, accept);
    if (!(await this.limits.view(request.ip))) return this.send(reply, HttpStatus.TOO_MANY_REQUESTS, unavailablePage(language, code, 'too_many', null));
    const found = await this.paymentOf(code, paymentId);
    if (!found) return this.send(reply, HttpStatus.NOT_FOUND, unavailablePage(language, code, 'not_found', null));
    return this.send(reply, HttpStatus.OK, statusPage({ language, code, merchantName: found.tenant.name, ...found.shown }));
  }

  /** The link's address as a QR code (SVG), to print or show at a till; there for any link, open or not. */
  @Get(':code/qr.svg')
  async qr(@Param('code') code: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    if (!(await this.limits.view(request.ip))) return reply.code(HttpStatus.TOO_MANY_REQUESTS).headers(PAGE_HEADERS).send();
    const link = await this.links.byCode(code);
    if (!link) return reply.code(HttpStatus.NOT_FOUND).headers(PAGE_HEADERS).send();
    const svg = await qrSvg(`${this.origin.of(request)}/pay/${link.code}`, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return reply.code(HttpStatus.OK).headers({ ...PAGE_HEADERS, 'cache-control': 'public, max-age=86400' }).type('image/svg+xml').send(svg);
  }

  /** The Raast QR the merchant's bank issued, as an image for the payer's banking app to scan (its links' pages only). */
  @Get(':code/raast-qr.svg')
  async raastQr(@Param('code') code: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    if (!(await this.limits.view(request.ip))) return reply.code(HttpStatus.TOO_MANY_REQUESTS).headers(PAGE_HEADERS).send();
    const found = await this.linkOf(code);
    const payload = found?.tenant.raastQr;
    if (!payload) return reply.code(HttpStatus.NOT_FOUND).headers(PAGE_HEADERS).send();
    const svg = await qrSvg(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return reply.code(HttpStatus.OK).headers(PAGE_HEADERS).type('image/svg+xml').send(svg);
  }

  /** For the page's script: the payment's status now, to reload the page when it changes. */
  @Get(':code/payments/:paymentId/status')
  async poll(@Param('code') code: string, @Param('paymentId') paymentId: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    if (!(await this.limits.view(request.ip))) return reply.code(HttpStatus.TOO_MANY_REQUESTS).headers(PAGE_HEADERS).send({ status: null });
    const found = await this.paymentOf(code, paymentId);
    if (!found) return reply.code(HttpStatus.NOT_FOUND).headers(PAGE_HEADERS).send({ status: null });
    return reply.code(HttpStatus.OK).headers(PAGE_HEADERS).send({ status: found.shown.status });
  }

  /** The link a code names, with its tenant; null for none. */
  private async linkOf(code: string): Promise<{ link: PaymentLink; tenant: Tenant } | null> {
    const link = await this.links.byCode(code);
    const tenant = link && (await this.tenants.find(link.tenantId));
    return link && tenant ? { link, tenant } : null;
  }

  /** Whether the link takes payments now: a tenant that may not register payments (402 on the API) takes none through it. */
  private availability(link: PaymentLink, tenant: Tenant) {
    return paymentBlock(tenant) === null ? linkAvailability(link, link.paymentIds.length, this.clock.now()) : 'disabled';
  }

  /** The link and its tenant, while the link takes payments; else why not, as the page says it. */
  private async open(code: string) {
    const found = await this.linkOf(code);
    if (!found) return { ok: false, status: HttpStatus.NOT_FOUND, reason: 'not_found', merchantName: null } as const;
    const availability = this.availability(found.link, found.tenant);
    if (availability !== 'open') return { ok: false, status: HttpStatus.GONE, reason: availability, merchantName: found.tenant.name } as const;
    return { ok: true, ...found } as const;
  }

  /** A payment made through the link, as its page shows it; null for any other. */
  private async paymentOf(code: string, paymentId: string) {
    if (!isUuid(paymentId)) return null;
    const link = await this.links.byCode(code);
    if (!link?.paymentIds.includes(paymentId.toLowerCase())) return null;
    const tenant = await this.tenants.find(link.tenantId);
    const payment = tenant && (await this.statuses.status(tenant.id, paymentId.toLowerCase()));
    if (!tenant || !payment?.ok) return null;
    const { uuid, status, transactionReference, amountExpectedPaisa } = payment.value;
    const decided = status !== 'pending';
    const returnUrl =
      decided && link.returnUrl !== null
        ? signedReturnUrl(link.returnUrl, { paymentId: uuid, status, amount: rupees(amountExpectedPaisa, false), linkId: link.id }, this.config.secretBox.open(tenant.webhookSecret, tenant.id), this.clock.now())
        : null;
    return { tenant, shown: { paymentId: uuid, status, reference: transactionReference, amount: rupees(amountExpectedPaisa), returnUrl } };
  }

  private linkPage(language: Language, link: PaymentLink, tenant: Tenant, form: PayerForm, problem: PayProblem | null): string {
    const { amountPaisa, minAmountPaisa, maxAmountPaisa } = link.amount;
    return linkPage({
      language,
      code: link.code,
      merchantName: tenant.name,
      description: link.description,
      amount: amountPaisa === null ? null : rupees(amountPaisa),
      amountRange: { min: rupees(minAmountPaisa), max: rupees(maxAmountPaisa) },
      gateways: link.gateways.map((gateway) => ({ gateway, accounts: tenant.receivingAccounts?.[gateway] ?? [] })),
      raastQr: tenant.raastQr !== null,
      form,
      problem,
    });
  }

  private send(reply: FastifyReply, status: number, html: string) {
    return reply.code(status).headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(html);
  }
}

