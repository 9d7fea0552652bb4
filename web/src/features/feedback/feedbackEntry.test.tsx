import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../app/routes';
import { viewerUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedInState } from '../../test/state';
import { serveWish } from './test/feedbackTestKit';

describe('Send feedback in the shell', () => {
  it("opens from the user menu (its own chunk), sends from the page's network and thanks", async () => {
    const seen = serveWish();
    const { user } = renderWithProviders(<AppRoutes />, {
      route: '/n/7/video-walls',
      preloadedState: signedInState(viewerUser),
    });
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Send feedback' }));
    const textarea = await screen.findByRole('textbox', { name: /Your feedback/ });
    expect(screen.getByRole('dialog', { name: 'Send feedback' })).toBeInTheDocument();
    await user.type(textarea, 'Works well');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Thank you for your feedback')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send feedback' })).not.toBeInTheDocument());
    expect(seen.map((request) => [request.path, request.body.wish])).toEqual([
      ['/n1/n/7/manage/support/wish', 'Works well'],
    ]);
  });
});
