export const OPERATOR_CATEGORY = 'operator';

/** An operator's stream is named by the key id of its token, so a token leads to its stream without an index. */
export function operatorStream(operatorId: string): string {
  return `${OPERATOR_CATEGORY}-${operatorId}`;
}
