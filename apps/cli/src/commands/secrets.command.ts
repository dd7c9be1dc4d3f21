import { Command } from 'commander';
import type { ResealData } from '../api-types';
import { action } from '../program';

export function secretsCommand(program: Command): void {
  const secrets = program.command('secrets').description('the key that seals the webhook signing secrets');

  secrets
    .command('rotate-key')
    .description(
      'seal every webhook secret again under the current SECRETS_KEY: run it once every process has the new key in SECRETS_KEY and the old one in SECRETS_PREVIOUS_KEYS; then drop the old key',
    )
    .action(
      action(async ({ api, out }) => {
        const outcome = await api.post<ResealData>('/admin/secrets/reseal');
        out.result(outcome, () => {
          out.record([
            ['key', outcome.key],
            ['sealed again', outcome.resealed],
            ['already under it', outcome.unchanged],
            ['payer data keys sealed again', outcome.payer_data_keys],
          ]);
          out.note('Every webhook secret is now sealed under this key: the old key can be dropped from SECRETS_PREVIOUS_KEYS.');
        });
      }),
    );
}
