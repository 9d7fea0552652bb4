import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  respectReducedMotion: true,
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontWeight: '600' },
});
