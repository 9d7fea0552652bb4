import type { BrowserContext, Page } from 'playwright-core';
import { NetworkChooserPage } from '../pages/NetworkChooserPage';
import { ShellPage } from '../pages/ShellPage';
import { SignInPage } from '../pages/SignInPage';
import { type ApiNetwork, apiGet } from './api';
import type { Argusd } from './argusd';
import { ADMIN, ADMIN_ORGANIZATION, NETWORK } from './cameraVideo';

/**
 * Signs in through the sign-in page (a 1400x900 window) and enters a network through the network chooser, as a user
 * does; answers the network's id.
 */
export async function signInAndEnterNetwork(
  page: Page,
  context: BrowserContext,
  server: Argusd,
  { email = ADMIN, network = NETWORK }: { email?: string; network?: string } = {},
): Promise<number> {
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.goto('/login');
  const signIn = new SignInPage(page);
  if (email === ADMIN) await signIn.signInTo(email, server.credential(email).password, ADMIN_ORGANIZATION);
  else await signIn.signIn(email, server.credential(email).password);
  await new ShellPage(page).waitUntilSignedIn();
  const chooser = new NetworkChooserPage(page);
  await chooser.waitUntilShown();
  await chooser.choose(network);
  const networks = await apiGet<ApiNetwork[]>(context, server.baseUrl, '/vision/networks');
  return networks.find((entry) => entry.name === network)!.id;
}
