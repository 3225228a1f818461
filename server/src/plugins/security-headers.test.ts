import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security';

describe('securityHeaders', () => {
  it("gives helmet's headers for the options, worked out once", () => {
    const headers = securityHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } },
      hsts: false,
    });
    expect(headers['content-security-policy']).toBe("default-src 'self';frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers).not.toHaveProperty('strict-transport-security');
    expect(securityHeaders({ hsts: { maxAge: 15552000 } })['strict-transport-security']).toBe(
      'max-age=15552000; includeSubDomains',
    );
  });
});
