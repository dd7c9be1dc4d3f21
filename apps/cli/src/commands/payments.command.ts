import { Command } from 'commander';
import type { PaymentData } from '../api-types';
import { action } from '../program';
import { eventsTable } from './event-output';

export function paymentsCommand(program: Command): void {
  const payments = program.command('payments').description('payments of every merchant');

  payments
    .command('show')
    .description('a payment with its full event history')
    .argument('<uuid>', 'the payment uuid')
    .action(
      action(async ({ api, out }, uuid: string) => {
        const payment = await api.get<PaymentData>(`/admin/payments/${uuid}`);
        out.result(payment, () => {
          out.record([
            ['uuid', payment.uuid],
            ['tenant_id', payment.tenant_id],
            ['status', payment.status],
            ['gateway', payment.gateway],
            ['transaction_reference', payment.transaction_reference],
            ['amount_expected', payment.amount_expected],
            ['amount_detected', payment.amount_detected],
            ['created_at', payment.created_at],
            ['expires_at', payment.expires_at],
            ['verified_at', payment.verified_at],
            ['sms_id', payment.sms_id],
          ]);
          eventsTable(out, payment.events);
        });
      }),
    );
}
