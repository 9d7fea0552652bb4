import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiErrors } from '../../test/server';
import { LOBBY_RESULTS, NOTHING, renderSearchDialog, serveSearch } from './test/globalSearchTestKit';

const input = () => screen.getByRole('combobox', { name: 'Search cameras, video walls and exports' });
const options = () => screen.queryAllByRole('option');
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });

/** Lets fake timers run `ms` milliseconds, with React's updates. */
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('GlobalSearchDialog', () => {
  it('searches only after 300 ms of idle typing, once, for the trimmed text', async () => {
    const { queries } = serveSearch(() => LOBBY_RESULTS);
    renderSearchDialog();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    type('lo');
    wait(200);
    type(' lob ');
    wait(299);
    expect(screen.getByTestId('global-search-loading')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Searching...');
    await act(async () => {
      await Promise.resolve();
    });
    expect(queries).toEqual([]);
    wait(1);
    vi.useRealTimers();
    await waitFor(() => expect(queries).toEqual([{ q: 'lob', limit: '5' }]));
    expect(await screen.findByRole('option', { name: /Lobby incident/ })).toBeInTheDocument();
    expect(screen.queryByTestId('global-search-loading')).not.toBeInTheDocument();
  });

  it('does not search fewer than 2 characters and says how many are needed', async () => {
    const { queries } = serveSearch(() => LOBBY_RESULTS);
    renderSearchDialog();
    expect(screen.getByRole('status')).toHaveTextContent('Type at least 2 characters to search.');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    type('l');
    wait(1000);
    type(' l  ');
    wait(1000);
    vi.useRealTimers();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(queries).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent('Type at least 2 characters to search.');
    expect(screen.queryByText('No results')).not.toBeInTheDocument();
    expect(screen.queryByTestId('global-search-loading')).not.toBeInTheDocument();
  });

  it("shows 'No results' for 2 or more characters that match nothing", async () => {
    serveSearch(() => NOTHING);
    renderSearchDialog();
    type('zz');
    expect(await screen.findByText('No results')).toBeInTheDocument();
    expect(screen.queryByRole('listbox', { name: 'Search results' })).toBeEmptyDOMElement();
    expect(input()).toHaveAttribute('aria-expanded', 'false');
  });

  it('groups the results by category, with each one’s details', async () => {
    serveSearch(() => LOBBY_RESULTS);
    renderSearchDialog();
    type('lobby');
    const list = await screen.findByRole('listbox', { name: 'Search results' });
    await within(list).findAllByRole('option');
    const groups = within(list).getAllByRole('group');
    expect(groups).toEqual(['Cameras', 'Video walls', 'Exports'].map((name) => screen.getByRole('group', { name })));
    const cameras = within(screen.getByRole('group', { name: 'Cameras' })).getAllByRole('option');
    expect(cameras.map((option) => option.textContent)).toEqual([
      'LobbyWarehouse · MV22 · entrance, indoor',
      'Lobby back doorHead Office · MV72',
    ]);
    const walls = within(screen.getByRole('group', { name: 'Video walls' })).getAllByRole('option');
    expect(walls.map((option) => option.textContent)).toEqual(['Lobby wallHead Office']);
    const exports = within(screen.getByRole('group', { name: 'Exports' })).getAllByRole('option');
    expect(exports).toHaveLength(1);
    expect(exports[0]).toHaveTextContent(/^Lobby incidentLobby, May 1, 2024/);
    expect(input()).toHaveAttribute('aria-expanded', 'true');
    expect(input()).toHaveAttribute('aria-controls', list.id);
  });

  it('moves through the results with the arrow keys (wrapping) and opens the highlighted one with Enter', async () => {
    serveSearch(() => LOBBY_RESULTS);
    const { onClose } = renderSearchDialog();
    type('lobby');
    await screen.findAllByRole('option');
    const all = options();
    const selected = () => options().filter((option) => option.getAttribute('aria-selected') === 'true');
    expect(selected()).toEqual([all[0]]);
    expect(input()).toHaveAttribute('aria-activedescendant', all[0].id);

    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(selected()).toEqual([all[2]]);
    expect(input()).toHaveAttribute('aria-activedescendant', all[2].id);
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    expect(selected()).toEqual([all[3]]);
    expect(all[3]).toHaveTextContent('Lobby incident');

    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(screen.getByTestId('location')).toHaveTextContent('/n/5/exports/77');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['camera', 'Lobby back door', '/n/6/cameras/12'],
    ['wall', 'Lobby wall', '/n/6/video-walls/3'],
  ])('opens a %s on click', async (_kind, name, path) => {
    serveSearch(() => LOBBY_RESULTS);
    const { user, onClose } = renderSearchDialog();
    type('lobby');
    await user.click(await screen.findByRole('option', { name: new RegExp(`^${name}`) }));
    expect(screen.getByTestId('location')).toHaveTextContent(path);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows a short error line when the search fails, and goes on searching as the text changes', async () => {
    serveSearch((q) => (q === 'lob' ? apiErrors(['Search is not available'], 500) : LOBBY_RESULTS));
    const { onClose } = renderSearchDialog();
    type('lob');
    expect(await screen.findByRole('alert')).toHaveTextContent('Search failed. Please try again.');
    expect(options()).toEqual([]);
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(onClose).not.toHaveBeenCalled();

    type('lobby');
    expect(await screen.findByRole('option', { name: /Lobby incident/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(screen.getByTestId('location')).toHaveTextContent('/n/6/cameras/12');
  });

  it('closes on Escape', async () => {
    serveSearch();
    const { user, onClose } = renderSearchDialog();
    await waitFor(() => expect(input()).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
