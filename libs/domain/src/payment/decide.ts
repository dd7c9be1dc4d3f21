import {
  BalanceCheck,
  BalanceCheckMode,
  PAYMENT_APPROVED,
  PAYMENT_EXPIRED,
  PAYMENT_FLAGGED_FOR_REVIEW,
  PAYMENT_INTENT_REGISTERED,
  PAYMENT_REJECTED,
  Paisa,
  PaymentEvent,
  PaymentIntentRegisteredData,
  isPaymentEvent,
  paisaToPkr,
} from '@pvs/contracts';
import { Decider, Decision, accept, refuse } from '../decider';
import { Principal } from '../operator/evolve';
import { PaymentState, evolvePayment } from './evolve';
import { Evidence, decideMatch } from './match-rules';

export const PAYMENT_NOT_FOUND = 'Transaction not found';

export type PaymentCommand =
  | { readonly type: 'RegisterIntent'; readonly intent: PaymentIntentRegisteredData }
  | { readonly type: 'DecideOnSms'; readonly evidence: Evidence; readonly balanceMode: BalanceCheckMode; readonly now: Date }
  | {
      readonly type: 'FlagUnreferencedCredit';
      readonly smsId: string;
      readonly amountPaisa: Paisa;
      readonly balanceCheck: BalanceCheck;
      readonly now: Date;
    }
  | { readonly type: 'Expire'; readonly now: Date }
  | { readonly type: 'Review'; readonly verdict: 'approve' | 'reject'; readonly reviewer: Principal; readonly note: string; readonly now: Date };

/**
 * A reference is registered once; registering it again with the same amount changes nothing, with another
 * amount is refused. Only a pending payment is decided on an SMS or expired (deciding a decided one records
 * nothing: its state says what decided it); only a payment in manual review is reviewed.
 */
export function decidePayment(command: PaymentCommand, payment: PaymentState): Decision<PaymentEvent> {
  if (command.type === 'RegisterIntent') return register(command.intent, payment);
  if (!payment) return refuse('not_found', PAYMENT_NOT_FOUND);
  switch (command.type) {
    case 'DecideOnSms':
      return payment.status === 'pending' ? accept(decideMatch(payment, command.evidence, command.balanceMode, command.now)) : accept();
    case 'FlagUnreferencedCredit':
      if (payment.status !== 'pending') return accept();
      return accept({
        type: PAYMENT_FLAGGED_FOR_REVIEW,
        data: {
          paymentId: payment.uuid,
          smsId: command.smsId,
          amountDetectedPaisa: command.amountPaisa,
          reason: 'no_reference_amount_match',
          balanceCheck: command.balanceCheck,
          flaggedAt: command.now.toISOString(),
        },
      });
    case 'Expire':
      if (payment.status !== 'pending' || payment.expiresAt > command.now.toISOString()) return accept();
      return accept({ type: PAYMENT_EXPIRED, data: { paymentId: payment.uuid, expiredAt: payment.expiresAt } });
    case 'Review': {
      if (payment.status !== 'manual_review') return refuse('conflict', `Only a payment in manual_review can be reviewed; this one is ${payment.status}`);
      const { reviewer, note, now } = command;
      const data = { paymentId: payment.uuid, operator: reviewer.name, operatorId: reviewer.id, note, decidedAt: now.toISOString() };
      return accept(command.verdict === 'approve' ? { type: PAYMENT_APPROVED, data } : { type: PAYMENT_REJECTED, data });
    }
  }
}

function register(intent: PaymentIntentRegisteredData, payment: PaymentState): Decision<PaymentEvent> {
  if (!payment) return accept({ type: PAYMENT_INTENT_REGISTERED, data: intent });
  if (payment.amountExpectedPaisa === intent.amountPaisa) return accept();
  return refuse(
    'unprocessable',
    `transaction_reference is already registered for ${payment.gateway} with amount ${paisaToPkr(payment.amountExpectedPaisa)}; a reference can be registered only once`,
  );
}

export const paymentDecider: Decider<PaymentCommand, PaymentState, PaymentEvent> = {
  initialState: null,
  isEvent: isPaymentEvent,
  evolve: evolvePayment,
  decide: decidePayment,
};
