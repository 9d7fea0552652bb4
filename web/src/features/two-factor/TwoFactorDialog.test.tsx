import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../app/routes';
import { renderWithProviders } from '../../test/renderWithProviders';
import { apiErrors, apiPath, json, server } from '../../test/server';
import { signedInState } from '../../test/state';
import { RECOVERY_CODES_FILE_NAME } from './RecoveryCodesPanel';
import { TwoFactorDialog } from './TwoFactorDialog';
import type { TwoFactorState } from './types';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const QR_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M0 0h7v7H0z"/></svg>';
const RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-fghi${i}`);
const INCORRECT = 'Incorrect code. Please try again.';

/** The server's side of the dialog: its state, and the codes each call was sent. */
function fakeServer(initial: TwoFactorState) {
  const sent = { confirm: [] as string[], disable: [] as string[], enrolments: 0 };
  server.use(
    http.get(apiPath('/vision/user/two_factor'), () => json(initial)),
    http.post(apiPath('/vision/user/two_factor/enrol'), () => {
      sent.enrolments += 1;
      return json({ secret: SECRET, otpauth_uri: `otpauth://totp/Argus:ada@acme.test?secret=${SECRET}`, qr_svg: QR_SVG });
    }),
    http.post(apiPath('/vision/user/two_factor/confirm'), async ({ request }) => {
      const { code } = (await request.json()) as { code: string };
      sent.confirm.push(code);
      return code === '654321' ? json({ enabled: true, recovery_codes: RECOVERY_CODES }) : apiErrors([INCORRECT]);
    }),
    http.post(apiPath('/vision/user/two_factor/disable'), async ({ request }) => {
      const { code } = (await request.json()) as { code: string };
      sent.disable.push(code);
      return code === 'abcde-fghij' ? json({ enabled: false, recovery_codes_left: 0 }) : apiErrors([INCORRECT]);
    }),
  );
  return sent;
}

function renderDialog() {
  const onClose = vi.fn();
  const rendered = renderWithProviders(<TwoFactorDialog opened onClose={onClose} />, { preloadedState: signedInState() });
  return { ...rendered, onClose };
}

async function startEnrolment() {
  const rendered = renderDialog();
  await rendered.user.click(await screen.findByRole('button', { name: 'Turn on' }));
  await screen.findByRole('form', { name: 'Add an authenticator' });
  return rendered;
}

describe('TwoFactorDialog', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('opens from the user menu', async () => {
    fakeServer({ enabled: true, recovery_codes_left: 7 });
    const { user } = renderWithProviders(<AppRoutes />, { route: '/n', preloadedState: signedInState() });
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Two-factor authentication' }));
    // A modal with a loader stands in while the dialog's chunk arrives.
    expect(await screen.findByText('7 recovery codes left')).toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Two-factor authentication' });
    expect(within(dialog).getByText('On')).toBeInTheDocument();
  });

  it('shows a failed load with Try again', async () => {
    server.use(http.get(apiPath('/vision/user/two_factor'), () => apiErrors(['down'], 500)));
    const { user } = renderDialog();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your two-factor authentication settings.');
    fakeServer({ enabled: false, recovery_codes_left: 0 });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Off')).toBeInTheDocument();
  });

  it('turning on shows the QR code as an image and the setup key in blocks of 4, with a copy button', async () => {
    const sent = fakeServer({ enabled: false, recovery_codes_left: 0 });
    const { user } = await startEnrolment();
    expect(sent.enrolments).toBe(1);
    expect(screen.getByLabelText(/Authenticator code/)).toHaveFocus();
    const qr = screen.getByRole('img', { name: 'QR code that adds Argus to an authenticator app' });
    const src = qr.getAttribute('src') ?? '';
    expect(src.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(decodeURIComponent(src.slice(src.indexOf(',') + 1))).toBe(QR_SVG);
    expect(document.querySelector('svg[viewBox="0 0 29 29"]')).toBeNull();
    expect(screen.getByTestId('setup-key')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await user.click(screen.getByRole('button', { name: 'Copy setup key' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
  });

  it('refuses a 5-digit code without a call and shows the server message for a wrong code', async () => {
    const sent = fakeServer({ enabled: false, recovery_codes_left: 0 });
    const { user } = await startEnrolment();
    expect(screen.queryByRole('button', { name: 'Use a recovery code instead' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/Authenticator code/), '12345{Enter}');
    expect(screen.getByText('The authenticator code has 6 digits')).toBeInTheDocument();
    expect(sent.confirm).toHaveLength(0);
    await user.type(screen.getByLabelText(/Authenticator code/), '6');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INCORRECT);
    expect(sent.confirm).toEqual(['123456']);
    expect(screen.getByRole('form', { name: 'Add an authenticator' })).toBeInTheDocument();
  });

  it('a correct code shows the 10 recovery codes once, to copy or download, then the state is on', async () => {
    const sent = fakeServer({ enabled: false, recovery_codes_left: 0 });
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:codes');
    // jsdom has neither
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: createObjectURL });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = await startEnrolment();
    await user.type(screen.getByLabelText(/Authenticator code/), '654321{Enter}');

    expect(await screen.findByRole('heading', { name: 'Save these codes' })).toHaveFocus();
    expect(sent.confirm).toEqual(['654321']);
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(RECOVERY_CODES);

    await user.click(screen.getByRole('button', { name: 'Copy codes' }));
    expect(await navigator.clipboard.readText()).toBe(RECOVERY_CODES.join('\n'));

    await user.click(screen.getByRole('button', { name: 'Download (.txt)' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(RECOVERY_CODES_FILE_NAME);
    const text = await createObjectURL.mock.calls[0][0].text();
    expect(text).toContain('Argus recovery codes for ada@acme.test');
    for (const code of RECOVERY_CODES) expect(text).toContain(code);

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Two-factor authentication is on.');
    expect(screen.getByText('On')).toBeInTheDocument();
    expect(screen.getByText('10 recovery codes left')).toBeInTheDocument();
    expect(screen.queryByText(RECOVERY_CODES[0])).not.toBeInTheDocument();
  });

  it('turning on when the server refuses shows its message', async () => {
    fakeServer({ enabled: false, recovery_codes_left: 0 });
    server.use(
      http.post(apiPath('/vision/user/two_factor/enrol'), () => apiErrors(['Two-factor authentication is already on.'], 409)),
    );
    const { user } = renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Two-factor authentication is already on.');
  });

  it('turns off with a recovery code after a wrong authenticator code', async () => {
    const sent = fakeServer({ enabled: true, recovery_codes_left: 0 });
    const { user } = renderDialog();
    expect(await screen.findByText('You have no recovery codes left. Turn two-factor authentication off and on again to get new ones.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const form = await screen.findByRole('form', { name: 'Turn off two-factor authentication' });
    await user.type(within(form).getByLabelText(/Authenticator code/), '111111{Enter}');
    expect(await within(form).findByRole('alert')).toHaveTextContent(INCORRECT);

    await user.click(within(form).getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(within(form).getByLabelText(/Recovery code/), 'ABCDE FGHIJ');
    await user.click(within(form).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Two-factor authentication is off.');
    expect(sent.disable).toEqual(['111111', 'abcde-fghij']);
    expect(screen.getByText('Off')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn on' })).toBeInTheDocument();
  });
});
