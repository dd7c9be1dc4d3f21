import { Command } from 'commander';
import type { IssuedOperator, OperatorData } from '../api-types';
import { action } from '../program';

export function operatorsCommand(program: Command): void {
  const operators = program.command('operators').description('named operators: each has a token, and what they decide is recorded under their name');

  operators
    .command('create')
    .description('issue a token to a named operator; prints it once')
    .argument('<name>', "the operator's name, as it will be recorded")
    .action(
      action(async ({ api, out }, name: string) => {
        const operator = await api.post<IssuedOperator>('/admin/operators', { name });
        out.result(operator, () => {
          out.record([
            ['id', operator.id],
            ['name', operator.name],
            ['token', operator.token],
          ]);
          out.note('The token is shown only this once: give it to the operator now.');
        });
      }),
    );

  operators
    .command('list')
    .description('every operator, revoked ones too')
    .action(
      action(async ({ api, out }) => {
        const all = await api.get<OperatorData[]>('/admin/operators');
        out.result(all, () => out.table(['id', 'name', 'issued by', 'issued at', 'revoked at'], all.map((o) => [o.id, o.name, o.issued_by, o.issued_at, o.revoked_at])));
      }),
    );

  operators
    .command('revoke')
    .description("refuse an operator's token from now on, in every process")
    .argument('<id>', 'the operator id, as `operators list` shows it')
    .action(
      action(async ({ api, out }, id: string) => {
        const operator = await api.post<OperatorData>(`/admin/operators/${encodeURIComponent(id)}/revoke`);
        out.result(operator, () => out.line(`${operator.name} (${operator.id}) revoked at ${operator.revoked_at}`));
      }),
    );
}
