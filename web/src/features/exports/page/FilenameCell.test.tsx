import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/server';
import { type ExportWrite, exportWriteHandlers, jobDataHandler, makeJob } from '../test/exportFixtures';
import { freezeDate, renderExportsPage } from '../test/renderExportsPage';

const RULE = 'Filename may only contain letters, numbers, spaces and the - _ . special characters.';

function serve(fail: Record<string, string> = {}) {
  const seen: ExportWrite[] = [];
  server.use(jobDataHandler(() => [makeJob(1, { filename: 'Front door.mp4' }), makeJob(2)]), ...exportWriteHandlers(seen, fail));
  return seen;
}

async function startEditing() {
  const rendered = renderExportsPage();
  await rendered.user.click(await screen.findByRole('button', { name: 'Edit filename Front door.mp4' }));
  return { ...rendered, field: screen.getByRole('textbox', { name: 'Filename' }) };
}

beforeEach(() => freezeDate());
afterEach(() => {
  vi.useRealTimers();
  notifications.clean();
});

describe('filename edit (spec 03 §4 "Filename edit")', () => {
  it("edits the name without '.mp4'; leaving with a changed valid name asks, then renames", async () => {
    const seen = serve();
    const { user, field } = await startEditing();
    expect(field).toHaveValue('Front door');
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, 'Front door night');
    await user.tab();
    const dialog = await screen.findByRole('dialog', { name: 'Rename export' });
    expect(within(dialog).getByText("Rename 'Front door.mp4' to 'Front door night.mp4'?")).toBeInTheDocument();
    expect(seen).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Export renamed')).toBeInTheDocument();
    expect(seen).toEqual([{ method: 'POST', path: '/n/5/manage/dashboard/rename_job', body: { job_id: 1, filename: 'Front door night' } }]);
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Filename' })).not.toBeInTheDocument());
  });

  it('shows the rule for a name outside it and does not save it', async () => {
    const seen = serve();
    const { user, field } = await startEditing();
    await user.type(field, '?');
    expect(screen.getByText(RULE)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.tab();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Filename' })).not.toBeInTheDocument();
    expect(seen).toEqual([]);
  });

  it('an empty or unchanged name ends editing without saving; Escape drops the edit', async () => {
    const seen = serve();
    const { user, field } = await startEditing();
    await user.clear(field);
    await user.tab();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit filename Front door.mp4' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit filename Front door.mp4' }));
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit filename Front door.mp4' }));
    await user.type(screen.getByRole('textbox', { name: 'Filename' }), ' changed{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit filename Front door.mp4' })).toBeInTheDocument();
    expect(seen).toEqual([]);
  });

  it("the rename button edits in place; declining keeps the name; a refusal shows 'Failed to rename export'", async () => {
    const seen = serve({ '/rename_job': 'Filename must be 1 to 196 characters and may not start with a dot' });
    const { user } = renderExportsPage();
    await screen.findByTestId('export-row-1');
    await user.click(within(screen.getByTestId('export-row-1')).getByRole('button', { name: 'Rename' }));
    const field = screen.getByRole('textbox', { name: 'Filename' });
    await user.type(field, ' 2{Enter}');
    await user.click(within(await screen.findByRole('dialog', { name: 'Rename export' })).getByRole('button', { name: 'Cancel' }));
    expect(seen).toEqual([]);
    expect(screen.getByRole('button', { name: 'Edit filename Front door.mp4' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit filename Front door.mp4' }));
    await user.type(screen.getByRole('textbox', { name: 'Filename' }), ' 2{Enter}');
    await user.click(within(await screen.findByRole('dialog', { name: 'Rename export' })).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Failed to rename export')).toBeInTheDocument();
    expect(screen.getByText('Filename must be 1 to 196 characters and may not start with a dot')).toBeInTheDocument();
    expect(seen).toHaveLength(1);
  });
});
