/**
 * The headers of every page the gateway serves (the operators' and the payers'): their own script and style only,
 * no framing, no referrer, never cached (what they show changes). `formAction`: where their forms may post.
 */
export function pageHeaders(formAction: "'none'" | "'self'") {
  return {
    'content-security-policy': [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self'",
      "connect-src 'self'",
      "base-uri 'none'",
      `form-action ${formAction}`,
      "frame-ancestors 'none'",
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  } as const;
}
