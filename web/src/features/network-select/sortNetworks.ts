import type { Network } from '../../api/types';

/** Networks sorted by name, filtered by a case-insensitive substring of the name. */
export function filterNetworks(networks: Network[], search: string): Network[] {
  const needle = search.trim().toLowerCase();
  return networks
    .filter((network) => network.name.toLowerCase().includes(needle))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}
