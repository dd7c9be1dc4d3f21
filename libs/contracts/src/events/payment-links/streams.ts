export const PAYMENT_LINK_CATEGORY = 'paylink';

/** A link's stream is named by its id, which its public code names (`paymentLinkIdFor`): a page leads to its stream without an index. */
export function paymentLinkStream(linkId: string): string {
  return `${PAYMENT_LINK_CATEGORY}-${linkId}`;
}
