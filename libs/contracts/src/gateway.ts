/** The payment channels of the API: two mobile wallets and bank transfers. */
export const GATEWAYS = ['wallet_one', 'wallet_two', 'bank'] as const;
export type Gateway = (typeof GATEWAYS)[number];

export function isGateway(value: unknown): value is Gateway {
  return typeof value === 'string' && (GATEWAYS as readonly string[]).includes(value);
}
