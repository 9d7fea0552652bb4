import { BOOT_PREVIEW_LAYER_ID, BOOT_PREVIEW_RELEASE_EVENT } from './bootPreviewLayer';

/**
 * Tests: a boot preview layer in the document, as startBootPreview makes it; `released()` counts the release events it
 * got; with `removeOnRelease` it leaves the document on the first, as the boot side does.
 */
export function fakeBootPreviewLayer(
  options: { pathname?: string; removeOnRelease?: boolean } = {},
): { element: HTMLDivElement; released: () => number } {
  const element = document.createElement('div');
  element.id = BOOT_PREVIEW_LAYER_ID;
  if (options.pathname !== undefined) element.dataset.pathname = options.pathname;
  let count = 0;
  element.addEventListener(BOOT_PREVIEW_RELEASE_EVENT, () => {
    count += 1;
    if (options.removeOnRelease) element.remove();
  });
  document.body.append(element);
  return { element, released: () => count };
}
