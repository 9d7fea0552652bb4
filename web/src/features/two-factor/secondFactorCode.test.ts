import { describe, expect, it } from 'vitest';
import { checkSecondFactorCode, cleanAuthenticatorInput, groupSecret, svgImageUrl } from './secondFactorCode';

describe('second factor codes', () => {
  it('takes exactly 6 digits from the authenticator', () => {
    expect(checkSecondFactorCode('authenticator', '123456')).toEqual({ ok: true, code: '123456' });
    expect(checkSecondFactorCode('authenticator', ' 123 456 ')).toEqual({ ok: true, code: '123456' });
    expect(checkSecondFactorCode('authenticator', '')).toEqual({ ok: false, problem: 'required' });
    expect(checkSecondFactorCode('authenticator', '   ')).toEqual({ ok: false, problem: 'required' });
    for (const wrong of ['12345', '1234567', '12345a', 'abcde-fghij']) {
      expect(checkSecondFactorCode('authenticator', wrong)).toEqual({ ok: false, problem: 'authenticator-format' });
    }
  });

  it('sends a recovery code as abcde-fghij, whatever its case, dashes and spaces', () => {
    expect(checkSecondFactorCode('recovery', 'abcde-fghij')).toEqual({ ok: true, code: 'abcde-fghij' });
    expect(checkSecondFactorCode('recovery', ' ABCDE FGH2J ')).toEqual({ ok: true, code: 'abcde-fgh2j' });
    expect(checkSecondFactorCode('recovery', 'abcdefghij')).toEqual({ ok: true, code: 'abcde-fghij' });
    expect(checkSecondFactorCode('recovery', '')).toEqual({ ok: false, problem: 'required' });
    for (const wrong of ['abcd-fghij', 'abcde-fghijk', 'abcde_fghij', 'äbcde-fghij']) {
      expect(checkSecondFactorCode('recovery', wrong)).toEqual({ ok: false, problem: 'recovery-format' });
    }
  });

  it('keeps a pasted authenticator code without its spaces and dashes', () => {
    expect(cleanAuthenticatorInput('123 456')).toBe('123456');
    expect(cleanAuthenticatorInput('123-456\n')).toBe('123456');
  });

  it('groups the setup key in blocks of 4', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('ABCDEF')).toBe('ABCD EF');
    expect(groupSecret('')).toBe('');
  });

  it('turns the QR code SVG into an image address', () => {
    const url = svgImageUrl('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>');
    expect(url.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(url).not.toContain('<');
    expect(decodeURIComponent(url.slice(url.indexOf(',') + 1))).toContain('<rect width="1" height="1"/>');
  });
});
