import { ValidateBy, ValidationArguments, ValidationOptions } from 'class-validator';
import { readReceivingAccount } from '@pvs/domain';

/** Why an item is no receiving account, or null when it is one. */
const problemOf = (item: unknown): string | null => {
  if (typeof item !== 'string') return 'must be a string';
  const reading = readReceivingAccount(item);
  return reading.accepted ? null : reading.reason;
};

/** The first item that is no receiving account, as `bank[1] "abc" is not a receiving account: why`. */
function firstRefused({ property, value }: ValidationArguments): string {
  const items: readonly unknown[] = Array.isArray(value) ? value : [value];
  const index = items.findIndex((item) => problemOf(item) !== null);
  return `${property}[${index}] ${JSON.stringify(items[index])} is not a receiving account: ${problemOf(items[index])}`;
}

/** A receiving account the matcher can recognise in a credit SMS: a wallet number, IBAN, account number or masked number. */
export const ReceivingAccount = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'receivingAccount',
      validator: {
        validate: (item: unknown) => problemOf(item) === null,
        defaultMessage: (args?: ValidationArguments) => (args ? firstRefused(args) : 'not a receiving account'),
      },
    },
    options,
  );
