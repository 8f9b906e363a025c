// The one policy page picks its content by path (spec section 2).

export const POLICY_KINDS = ['privacy', 'terms', 'return', 'shipping'] as const;
export type PolicyKind = (typeof POLICY_KINDS)[number];

export function policyKindForPath(path: string): PolicyKind {
  if (path.includes('return')) return 'return';
  if (path.includes('shipping')) return 'shipping';
  if (path.includes('terms')) return 'terms';
  return 'privacy';
}

export const POLICY_PATHS: Record<PolicyKind, string> = {
  privacy: '/privacy-policy',
  terms: '/terms-and-conditions',
  return: '/return-policy',
  shipping: '/shipping-policy',
};
