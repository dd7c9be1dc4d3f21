const MESSAGES: Record<string, string> = {
  unrecognized_template: 'Unrecognized SMS format: it matches no template of a supported wallet or bank',
  untrusted_sender: "Untrusted sender: it is not in this tenant's allowed senders for any gateway",
  not_a_credit: 'The SMS is not an incoming payment (money sent, a debit or a bill payment)',
  failed_transaction: 'The SMS reports a failed transaction',
  otp_or_promo: 'The SMS is a one-time password or a promotion, not a payment',
  ambiguous: 'The SMS can be read in more than one way; it is kept for an operator',
  malformed: 'The SMS is incomplete or malformed (truncated, or one part of a split message)',
};

/** Why an SMS was not read as a payment; it is recorded all the same. */
export function rejectionMessage(reason: string): string {
  return `${MESSAGES[reason] ?? `The SMS was not recognised as a payment (${reason})`}; it was recorded`;
}
