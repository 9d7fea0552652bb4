import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/renderWithProviders';
import { lazyPage, pageChunk } from './lazyPage';

const pages = { Outer: () => <p>outer page</p>, Inner: () => <p>inner page</p> };

describe('lazyPage', () => {
  it('shows the loader while its chunk downloads, then the page', async () => {
    const chunk = pageChunk(() => Promise.resolve(pages));
    const Outer = lazyPage(chunk, 'Outer');
    renderWithProviders(<Outer />);
    expect(screen.getByLabelText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('outer page')).toBeInTheDocument();
  });

  it('renders a page of a chunk already in at once, without suspending', async () => {
    const chunk = pageChunk(() => Promise.resolve(pages));
    await chunk.load();
    const Inner = lazyPage(chunk, 'Inner');
    renderWithProviders(<Inner />);
    expect(screen.getByText('inner page')).toBeInTheDocument(); // in the first commit, no loader
    expect(screen.queryByLabelText('Loading...')).not.toBeInTheDocument();
  });

  it('downloads a chunk once, and again after a failure', async () => {
    const download = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(pages);
    const chunk = pageChunk(download);
    await expect(chunk.load()).rejects.toThrow('offline');
    expect(chunk.loaded()).toBeUndefined();
    await Promise.all([chunk.load(), chunk.load()]);
    expect(download).toHaveBeenCalledTimes(2);
    expect(chunk.loaded()).toBe(pages);
  });
});
