import { describe, expect, it } from 'vitest';
import {
  formErrors,
  formFromPolicy,
  isChanged,
  placeOfMessage,
  policyInput,
  removesSso,
  saveError,
  ssoSignInLink,
} from './signInPolicyModel';
import { acmeSso, makePolicy } from './test/signInPolicyTestKit';

describe('sign-in policy model', () => {
  it('starts from the stored policy, with 90 days ready for expiry and no new metadata', () => {
    expect(formFromPolicy(makePolicy())).toEqual({
      expires: false,
      days: 90,
      twoFactor: false,
      sso: false,
      identifier: '',
      metadata: '',
    });
    expect(formFromPolicy(makePolicy({ password_expiry_days: 30, sso: acmeSso }))).toMatchObject({
      expires: true,
      days: 30,
      sso: true,
      identifier: 'acme',
    });
  });

  it('sends the whole policy; metadata only when some was given, trimmed', () => {
    const form = formFromPolicy(makePolicy({ sso: acmeSso }));
    expect(policyInput(form)).toEqual({
      password_expiry_days: null,
      require_two_factor: false,
      sso: { identifier: 'acme' },
    });
    expect(policyInput({ ...form, metadata: '  <x/>\n' }).sso).toEqual({ identifier: 'acme', idp_metadata: '<x/>' });
    expect(policyInput({ ...form, expires: true, days: 7, sso: false })).toEqual({
      password_expiry_days: 7,
      require_two_factor: false,
      sso: null,
    });
  });

  it('counts as changed only what Save would send differently', () => {
    const policy = makePolicy({ sso: acmeSso });
    const form = formFromPolicy(policy);
    expect(isChanged(form, policy)).toBe(false);
    // Days of a switched-off expiry, or blank metadata, are not sent.
    expect(isChanged({ ...form, days: 12, metadata: '   ' }, policy)).toBe(false);
    expect(isChanged({ ...form, metadata: '<x/>' }, policy)).toBe(true);
    expect(isChanged({ ...form, twoFactor: true }, policy)).toBe(true);
    expect(removesSso({ ...form, sso: false }, policy)).toBe(true);
    expect(removesSso({ ...form, sso: false }, makePolicy())).toBe(false);
  });

  it('checks days, identifier and (for a new single sign-on) the metadata', () => {
    const none = makePolicy();
    const form = { ...formFromPolicy(none), expires: true, sso: true, identifier: 'acme', metadata: '<x/>' };
    expect(formErrors(form, none)).toEqual({});
    for (const days of [0, 3651, 1.5, ''] as const) {
      expect(formErrors({ ...form, days }, none)).toEqual({ days: 'expiry-days-error' });
    }
    expect(formErrors({ ...form, days: 1 }, none)).toEqual({});
    expect(formErrors({ ...form, days: 3650 }, none)).toEqual({});
    for (const identifier of ['a', '-acme', 'acme-', 'ac me', 'Acme', 'x'.repeat(64)]) {
      expect(formErrors({ ...form, identifier }, none)).toEqual({ identifier: 'sso-identifier-error' });
    }
    expect(formErrors({ ...form, identifier: `a-${'0'.repeat(61)}`.slice(0, 63) }, none)).toEqual({});
    expect(formErrors({ ...form, metadata: ' ' }, none)).toEqual({ metadata: 'idp-metadata-required' });
    expect(formErrors({ ...form, metadata: '' }, makePolicy({ sso: acmeSso }))).toEqual({});
    // Hidden fields are not checked.
    expect(formErrors({ ...form, expires: false, days: 0, sso: false, identifier: '' }, none)).toEqual({});
  });

  it("places the server's messages beside what they concern", () => {
    expect(placeOfMessage('password_expiry_days must be a whole number of days from 1 to 3650, or null.')).toBe(
      'passwords',
    );
    expect(placeOfMessage('The SSO identifier must be 2 to 63 lower-case letters, digits or dashes.')).toBe('sso');
    expect(placeOfMessage("Another organization has the SSO identifier 'acme'.")).toBe('sso');
    expect(
      placeOfMessage("The identity provider's metadata has no SingleSignOnService with the HTTP-Redirect binding."),
    ).toBe('sso');
    expect(placeOfMessage('require_two_factor must be true or false.')).toBe('two-factor');
    expect(placeOfMessage('Organization not found.')).toBe('form');
  });

  it('turns failures into what the form shows', () => {
    const error = (status: number, messages: string[]) => ({
      status,
      messages,
      loginRequired: false,
      passwordExpired: false,
    });
    expect(saveError(error(409, ["Another organization has the SSO identifier 'acme'."]))).toEqual({
      message: "Another organization has the SSO identifier 'acme'.",
      forbidden: false,
      place: 'sso',
    });
    expect(saveError(error(403, ['Forbidden']))).toEqual({ message: null, forbidden: true, place: 'form' });
    expect(saveError(error(500, ['HTTP 500']))).toEqual({ message: null, forbidden: false, place: 'form' });
  });

  it('builds the sign-in link', () => {
    expect(ssoSignInLink('https://argus.test', 'acme-west')).toBe('https://argus.test/login?sso=1&ssoid=acme-west');
  });
});
