import { describe, expect, it } from 'vitest';
import { ssoOutcome, ssoReturnProblem } from './ssoOutcome';
import { readSsoQuery, withoutSsoParams } from './ssoQuery';

const IDP_URL = 'https://idp.example/sso?SAMLRequest=abc';
const SSO_ERROR = 'An error has occurred. Please double check the subdomain identifier and try again.';

describe('ssoOutcome', () => {
  it('leaves for the identity provider of a 200 answer', () => {
    const answer = { status: 200, sp_saml_idp_auth_request: { saml_request_url: IDP_URL } };
    expect(ssoOutcome(answer)).toEqual({ kind: 'redirect', url: IDP_URL });
  });

  it('shows its own text for an unknown identifier (404), whatever the server wrote', () => {
    expect(ssoOutcome({ status: 404, errors: [SSO_ERROR] })).toEqual({ kind: 'error', problem: { kind: 'failed' } });
    expect(ssoOutcome({ status: 404 })).toEqual({ kind: 'error', problem: { kind: 'failed' } });
  });

  it('shows the server message of the other refusals', () => {
    expect(ssoOutcome({ status: 503, errors: ['Single sign-on is not available.'] })).toEqual({
      kind: 'error',
      problem: { kind: 'message', message: 'Single sign-on is not available.' },
    });
    expect(ssoOutcome({ status: 400, errors: ['Please enter an SSO identifier.'] })).toEqual({
      kind: 'error',
      problem: { kind: 'message', message: 'Please enter an SSO identifier.' },
    });
  });

  it('shows the generic text for an answer without an address or a message', () => {
    const unexpected = { kind: 'error', problem: { kind: 'unexpected' } };
    expect(ssoOutcome({ status: 200 })).toEqual(unexpected);
    expect(ssoOutcome({ status: 200, sp_saml_idp_auth_request: { saml_request_url: null } })).toEqual(unexpected);
    expect(ssoOutcome({ status: 503, errors: [] })).toEqual(unexpected);
    expect(ssoOutcome({ status: 503, errors: [' '] })).toEqual(unexpected);
  });

  it('never leaves for an address that is not an absolute http(s) one', () => {
    const unexpected = { kind: 'error', problem: { kind: 'unexpected' } };
    const answer = (url: string) => ({ status: 200, sp_saml_idp_auth_request: { saml_request_url: url } });
    expect(ssoOutcome(answer('javascript:alert(1)'))).toEqual(unexpected);
    expect(ssoOutcome(answer('/relative/path'))).toEqual(unexpected);
    expect(ssoOutcome(answer('http://idp.test/sso'))).toEqual({ kind: 'redirect', url: 'http://idp.test/sso' });
  });

  it('reads the reasons of ?sso_error=', () => {
    expect(ssoReturnProblem('invalid')).toEqual({ kind: 'invalid' });
    expect(ssoReturnProblem('expired')).toEqual({ kind: 'expired' });
    expect(ssoReturnProblem('not_member')).toEqual({ kind: 'not-member' });
    expect(ssoReturnProblem('unavailable')).toEqual({ kind: 'failed' });
    expect(ssoReturnProblem('')).toEqual({ kind: 'failed' });
  });
});

describe('readSsoQuery', () => {
  it('finds nothing in an address without SSO parameters', () => {
    expect(readSsoQuery('?sessionTimeout=true', '/n/5/exports?range=today')).toEqual({
      open: false,
      identifier: null,
      problem: null,
      found: false,
      search: '?sessionTimeout=true',
    });
  });

  it('starts at once with sso=true or sso=1 and ssoid, trimmed', () => {
    expect(readSsoQuery('?sso=true&ssoid=%20acme%20', '')).toEqual({
      open: true,
      identifier: 'acme',
      problem: null,
      found: true,
      search: '',
    });
    expect(readSsoQuery('?sso=1&ssoid=acme', '').identifier).toBe('acme');
  });

  it('opens the form without starting for sso=true alone, and ignores another value of sso', () => {
    expect(readSsoQuery('?sso=true&ssoid=', '')).toMatchObject({ open: true, identifier: null, found: true });
    expect(readSsoQuery('?sso=false&ssoid=acme', '')).toMatchObject({ open: false, identifier: null, found: true });
  });

  it('reads sso_error, keeping the other parameters', () => {
    expect(readSsoQuery('?sso_error=expired&sessionTimeout=true', '')).toEqual({
      open: true,
      identifier: null,
      problem: { kind: 'expired' },
      found: true,
      search: '?sessionTimeout=true',
    });
  });

  it('reads the parameters of the return path when the sign-in address has none', () => {
    expect(readSsoQuery('', '/n/5/exports?sso=true&ssoid=acme&range=today')).toEqual({
      open: true,
      identifier: 'acme',
      problem: null,
      found: true,
      search: '',
    });
  });
});

describe('withoutSsoParams', () => {
  it('drops sso, ssoid and sso_error from a path, keeping the rest', () => {
    expect(withoutSsoParams('/n/5/exports?sso=true&ssoid=acme&range=today')).toBe('/n/5/exports?range=today');
    expect(withoutSsoParams('/n?sso=1&ssoid=acme')).toBe('/n');
    expect(withoutSsoParams('/n/5/exports?range=a%20b')).toBe('/n/5/exports?range=a%20b');
  });
});
