import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiErrors } from '../../../test/server';
import { makeFeedback, renderFeedbackPage, serveFeedback } from './test/feedbackAdminTestKit';

const rows = () => screen.queryAllByTestId('feedback-row');

describe('FeedbackPage', () => {
  it('lists the feedback newest first: time, sender, network, text with its line breaks, browser', async () => {
    const requests = serveFeedback(() => ({
      items: [
        makeFeedback(9, { wish: 'Line one\nLine two', user_name: 'Carl Cole', user_email: 'carl@acme.test' }),
        makeFeedback(8, { network_id: null, network_name: '', user_agent: '' }),
      ],
      has_more: false,
    }));
    renderFeedbackPage();
    expect(screen.getByRole('heading', { name: 'Feedback' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Loading feedback' })).toHaveAttribute('aria-busy', 'true');
    const table = await screen.findByRole('table', { name: 'Feedback from members' });
    expect(requests).toEqual([{ path: '/n1/api/v1/organizations/10/feedback', query: { limit: '50' } }]);

    const heads = within(table).getAllByRole('columnheader').map((head) => head.textContent);
    expect(heads).toEqual(['Sent', 'From', 'Network', 'Feedback', 'Browser']);
    const [first, second] = rows();
    const cells = within(first).getAllByRole('cell');
    const time = within(cells[0]).getByText((_, element) => element?.tagName === 'TIME');
    expect(time).toHaveAttribute('dateTime', makeFeedback(9).created_at);
    expect(time.textContent).toMatch(/May 1, 2024/);
    expect(cells[1]).toHaveTextContent('Carl Colecarl@acme.test');
    expect(cells[2]).toHaveTextContent('Warehouse');
    const text = within(cells[3]).getByText(/Line one/);
    expect(text.textContent).toBe('Line one\nLine two');
    expect(text).toHaveStyle({ whiteSpace: 'pre-wrap' });
    expect(cells[4]).toHaveTextContent('Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0');

    const secondCells = within(second).getAllByRole('cell');
    expect(secondCells[2]).toHaveTextContent('—');
    expect(secondCells[4]).toHaveTextContent('—');
    expect(screen.getByText('All feedback is shown.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("loads older feedback with 'Load more' (before the last id shown) until there is no more", async () => {
    const requests = serveFeedback((query) =>
      query.before_id === undefined
        ? { items: [makeFeedback(12), makeFeedback(11)], has_more: true }
        : { items: [makeFeedback(10), makeFeedback(7)], has_more: false },
    );
    const { user } = renderFeedbackPage();
    await screen.findByRole('table', { name: 'Feedback from members' });
    expect(rows()).toHaveLength(2);
    expect(screen.queryByText('All feedback is shown.')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(rows().map((row) => within(row).getByText(/^Feedback number/).textContent)).toEqual([
      'Feedback number 12',
      'Feedback number 11',
      'Feedback number 10',
      'Feedback number 7',
    ]);
    expect(requests.map((request) => request.query)).toEqual([{ limit: '50' }, { limit: '50', before_id: '11' }]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText('All feedback is shown.')).toBeInTheDocument();
  });

  it('keeps what it has when a further page fails, and tries again on Load more', async () => {
    let fail = true;
    serveFeedback((query) => {
      if (query.before_id === undefined) return { items: [makeFeedback(12), makeFeedback(11)], has_more: true };
      return fail ? apiErrors(['Database is busy'], 500) : { items: [makeFeedback(10)], has_more: false };
    });
    const { user } = renderFeedbackPage();
    await screen.findByRole('table', { name: 'Feedback from members' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('More feedback could not be loaded');
    expect(rows()).toHaveLength(2);

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says 'No feedback yet' when there is none", async () => {
    serveFeedback(() => ({ items: [], has_more: false }));
    renderFeedbackPage();
    expect(await screen.findByText('No feedback yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    let fail = true;
    serveFeedback(() => (fail ? apiErrors(['down'], 500) : { items: [makeFeedback(1)], has_more: false }));
    const { user } = renderFeedbackPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Feedback could not be loaded');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('tells members without the organization write right that they need it (a 403)', async () => {
    serveFeedback(() => apiErrors(['Forbidden'], 403));
    renderFeedbackPage();
    expect(await screen.findByText('You need the organization write right to manage users.')).toBeInTheDocument();
  });
});
