import { expect } from 'vitest';
import { CamerasPage } from './pages/CamerasPage';
import { ShellPage } from './pages/ShellPage';
import { SignInPage } from './pages/SignInPage';
import { type ApiCamera, type ApiNetwork, apiSession, apiSessionGet } from './support/api';
import { setupE2E } from './support/e2e';
import { expectHidden, expectPath, expectVisible } from './support/wait';
import { ADMIN, ADMIN_ORGANIZATION } from './support/cameraVideo';


const { env, test } = setupE2E();

async function warehouse(): Promise<{ network: ApiNetwork; cameras: ApiCamera[] }> {
  const api = await apiSession(env.server.baseUrl, ADMIN, env.server.credential(ADMIN).password);
  try {
    const networks = await apiSessionGet<ApiNetwork[]>(api, '/vision/networks');
    const network = networks.find((candidate) => candidate.name === 'Warehouse HQ')!;
    const cameras = await apiSessionGet<ApiCamera[]>(api, `/n/${network.id}/manage/vision/cameras`);
    return { network, cameras };
  } finally {
    await api.dispose();
  }
}

test("wrong password shows the server's error text and stays on /login", async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  const answer = page.waitForResponse((response) => response.url().endsWith('/login/login'));
  await signIn.signIn(ADMIN, 'definitely-not-the-password');
  const response = await answer;
  expect(response.status()).toBe(401);
  const body = (await response.json()) as { success: boolean; error?: string | null; errors?: string[] };
  expect(body.success).toBe(false);
  const serverText = body.error || body.errors?.join(' ') || '';
  expect(serverText, 'the server explains the failure').not.toBe('');
  await expectVisible(signIn.error, 'the sign-in error alert');
  expect((await signIn.error.innerText()).trim()).toBe(serverText);
  await expectPath(page, /^\/login$/);
  await expectHidden(new ShellPage(page).userMenuButton, 'the signed-in shell');
  // The form is still usable: the e-mail is kept and a correct password signs in.
  expect(await signIn.email.inputValue()).toBe(ADMIN);
});

test('empty e-mail and password are refused in the browser', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  let loginCalls = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/login/login')) loginCalls += 1;
  });
  await signIn.submit.click();
  await expectVisible(page.getByText('E-mail is required'), "'E-mail is required'");
  await expectVisible(page.getByText('Password is required'), "'Password is required'");
  expect(loginCalls).toBe(0);
});

test('signed out, /n/{id}/cameras goes to /login and sign-in returns there', async ({ server, page }) => {
  const { network } = await warehouse();
  const signIn = new SignInPage(page);
  await page.goto(`/n/${network.id}/cameras`);
  await expectPath(page, /^\/login$/);
  await signIn.signInTo(ADMIN, server.credential(ADMIN).password, ADMIN_ORGANIZATION);
  // Back in the camera area of that network (whose index then opens a camera), not the /n chooser.
  await expectPath(page, new RegExp(`^/n/${network.id}/cameras(/\\d+)?$`), 20_000);
  await new CamerasPage(page).waitForList();
  await expectPath(page, new RegExp(`^/n/${network.id}/cameras/\\d+$`));
});

test('return-to-origin keeps the path and the query', async ({ server, page }) => {
  const { network, cameras } = await warehouse();
  const camera = cameras[cameras.length - 1];
  const origin = `/n/${network.id}/cameras/${camera.id}?from=dashboard`;
  const signIn = new SignInPage(page);
  await page.goto(origin);
  await expectPath(page, /^\/login$/);
  await signIn.signInTo(ADMIN, server.credential(ADMIN).password, ADMIN_ORGANIZATION);
  const landed = await expectPath(page, new RegExp(`^/n/${network.id}/cameras/${camera.id}`), 20_000);
  expect(landed).toBe(origin);
  await new CamerasPage(page).expectCameraTitle(camera.name);
});

test("unknown paths show 'Page not found' with a way home", async ({ server, page }) => {
  const signIn = new SignInPage(page);
  const shell = new ShellPage(page);
  await signIn.goto();
  await signIn.signInTo(ADMIN, server.credential(ADMIN).password, ADMIN_ORGANIZATION);
  await shell.waitUntilSignedIn();
  const { network } = await warehouse();

  await page.goto('/this/path/does-not-exist');
  await expectVisible(shell.pageNotFound(), "'Page not found'", 20_000);
  await expectPath(page, /^\/this\/path\/does-not-exist$/);

  await page.goto(`/n/${network.id}/no-such-area`);
  await expectVisible(shell.pageNotFound(), "'Page not found' inside a network", 20_000);

  // The go-to-homepage button leads to the network chooser.
  await page.getByRole('link', { name: 'Go to homepage' }).click();
  await expectPath(page, /^\/n$/);

});

test('a network id that is not digits, or not a known network, falls back to the chooser /n', async ({
  server,
  page,
}) => {
  const signIn = new SignInPage(page);
  const shell = new ShellPage(page);
  await signIn.goto();
  await signIn.signInTo(ADMIN, server.credential(ADMIN).password, ADMIN_ORGANIZATION);
  await shell.waitUntilSignedIn();

  await page.goto('/n/abc/cameras');
  await expectPath(page, /^\/n$/);
  await expectVisible(page.getByRole('heading', { name: 'Select a network' }), "'Select a network'");

  // A stale bookmark to a network that does not exist (or belongs to another organization).
  await page.goto('/n/999999/cameras');
  await expectPath(page, /^\/n$/);
  await expectVisible(page.getByRole('heading', { name: 'Select a network' }), "'Select a network'");
});

test('signed out, an unknown path also goes to /login', async ({ page }) => {
  await page.goto('/this/path/does-not-exist');
  await expectPath(page, /^\/login$/);
  await new SignInPage(page).waitUntilShown();
});
