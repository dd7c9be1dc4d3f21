import { Command } from 'commander';
import type { ErasureData, OldPayerDataSealedData } from '../api-types';
import { action } from '../program';

export function eraseCommand(program: Command): void {
  program
    .command('erase')
    .description("erase a payer's data, named by a payment, an SMS or a mobile number: texts, names and numbers read as erased everywhere; amounts, references and decisions stay")
    .option('--payment <uuid>', 'the payment (with the SMS that decided it)')
    .option('--sms <id>', 'the SMS (with the payment it was matched with)')
    .option('--mobile <number>', "a payer's mobile number: every SMS and payment of the tenant whose payer data holds it (with --tenant)")
    .option('--tenant <id>', 'the tenant whose payer the mobile number is')
    .requiredOption('--reason <text>', 'why: the payer asked, a request number; recorded under your name')
    .action(
      action(async ({ api, out }, options: { payment?: string; sms?: string; mobile?: string; tenant?: string; reason: string }) => {
        const erasure = await api.post<ErasureData>('/admin/erasures', { payment_id: options.payment, sms_id: options.sms, mobile: options.mobile, tenant_id: options.tenant, reason: options.reason });
        out.result(erasure, () =>
          out.line(`erased ${erasure.target_id === null ? 'the mobile number' : `${erasure.target} ${erasure.target_id}`} (${erasure.subjects.join(', ')}): ${erasure.keys_destroyed} key(s) destroyed, by ${erasure.erased_by} at ${erasure.erased_at}`),
        );
      }),
    );
  program
    .command('seal-old-payer-data')
    .description('once after upgrading from a version that kept payer data in the clear: seal it in place under each subject\'s key, then rebuild the projections that copied it')
    .action(
      action(async ({ api, out }) => {
        const sealed = await api.post<OldPayerDataSealedData>('/admin/payer-data/seal-old');
        out.result(sealed, () => out.line(`${sealed.events_sealed} event(s) sealed; rebuilding: ${sealed.rebuilds_requested.join(', ') || 'nothing'}`));
      }),
    );
}
