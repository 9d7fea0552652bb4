import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '../../../app/routes';
import { adminUser, permissionsFor, viewerUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { server } from '../../../test/server';
import { signedInState } from '../../../test/state';
import { contextWithRights } from '../test/adminTestKit';
import { makeFeedback, serveFeedback } from './test/feedbackAdminTestKit';

const readOnlyAdmin = { ...adminUser, is_org_write_admin: false };

function renderRoute(route: string, state = signedInState(adminUser)) {
  return renderWithProviders(<AppRoutes />, { route, preloadedState: state });
}

describe('feedback page access', () => {
  it("org-write administrators get 'Feedback' in the user menu and the page (its own chunk)", async () => {
    server.use(contextWithRights({ write: true }));
    serveFeedback(() => ({ items: [makeFeedback(1)], has_more: false }));
    const { user } = renderRoute('/n/6/video-walls');
    await user.click(await screen.findByRole('button', { name: 'User menu' }));
    const item = await screen.findByRole('menuitem', { name: 'Feedback' });
    expect(item).toHaveAttribute('href', '/n/6/admin/feedback');
    await user.click(item);
    expect(await screen.findByRole('heading', { name: 'Feedback' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Feedback from members' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/n/6/admin/feedback');
  });

  it.each([
    ['administrators without the organization write right', readOnlyAdmin],
    ['viewers', viewerUser],
  ])('%s get the organization-write message, no request and no menu entry', async (_who, who) => {
    server.use(contextWithRights({ write: true }));
    const requests = serveFeedback(() => ({ items: [], has_more: false }));
    const { user } = renderRoute('/n/6/admin/feedback', signedInState(who, { '6': permissionsFor(6) }));
    expect(await screen.findByRole('heading', { name: 'Insufficient permissions' })).toBeInTheDocument();
    expect(screen.getByText('You need the organization write right to manage users.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'User menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Send feedback' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Feedback' })).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});
