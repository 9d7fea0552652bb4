/** Loads `url` in this tab (its own module so tests can replace it: jsdom's location cannot be spied on). */
export function assignLocation(url: string): void {
  window.location.assign(url);
}
