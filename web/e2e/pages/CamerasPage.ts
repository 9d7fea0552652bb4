import type { Locator, Page } from 'playwright-core';
import { eventually, expectVisible } from '../support/wait';

/** /n/{id}/cameras[/{cameraId}]: side panel (mini map, search, virtual list) and the camera page (features/cameras). */
export class CamerasPage {
  readonly sidePanel: Locator;
  readonly search: Locator;
  readonly listItems: Locator;
  /** The list's 'Walls' group (flag has_camera_tetris and walls): one link per wall. */
  readonly wallItems: Locator;
  readonly floorPlanPanel: Locator;
  readonly miniMap: Locator;
  readonly expandMap: Locator;
  readonly mapModal: Locator;
  readonly cameraPage: Locator;

  constructor(readonly page: Page) {
    this.sidePanel = page.getByRole('complementary', { name: 'Camera list' });
    this.search = this.sidePanel.getByRole('searchbox', { name: 'Camera search' });
    this.listItems = this.sidePanel.locator('[data-testid^="camera-list-item-"]');
    this.wallItems = this.sidePanel.locator('[data-testid^="wall-list-item-"]');
    this.floorPlanPanel = this.sidePanel.getByTestId('floor-plan-panel');
    this.miniMap = this.floorPlanPanel.getByTestId('floor-plan-map');
    this.expandMap = this.floorPlanPanel.getByRole('button', { name: 'Expand Map' });
    this.mapModal = page.getByRole('dialog', { name: 'Map view' });
    this.cameraPage = page.getByTestId('camera-page');
  }

  async waitForList(): Promise<void> {
    await expectVisible(this.listItems, 'camera list items', 20_000);
  }

  /** Names in list order (the list is virtual; the demo networks are shorter than its overscan, so all rows render). */
  async listedNames(): Promise<string[]> {
    const labels = await this.listItems.evaluateAll((elements) =>
      elements.map((element) => element.getAttribute('aria-label') ?? element.textContent ?? ''),
    );
    return labels.map((label) => label.trim());
  }

  /** Waits until the list shows exactly `expected` (in order) and returns it. */
  async expectListedNames(expected: string[], what = 'camera list'): Promise<string[]> {
    return eventually(
      () => this.listedNames(),
      (names) => JSON.stringify(names) === JSON.stringify(expected),
      `${what} (expected ${JSON.stringify(expected)})`,
    );
  }

  async searchFor(text: string): Promise<void> {
    await this.search.fill(text);
  }

  listItem(name: string): Locator {
    return this.sidePanel.getByRole('link', { name, exact: true });
  }

  noCamerasFound(): Locator {
    return this.sidePanel.getByText('No cameras found', { exact: true });
  }

  /** Name shown as the camera page heading. */
  async currentCameraTitle(): Promise<string> {
    await expectVisible(this.cameraPage, 'the camera page');
    return (await this.cameraPage.getByRole('heading', { level: 2 }).innerText()).trim();
  }

  /** Waits until the camera page heading shows `name`. */
  async expectCameraTitle(name: string): Promise<void> {
    await eventually(
      () => this.currentCameraTitle(),
      (title) => title === name,
      `camera page heading (expected ${JSON.stringify(name)})`,
    );
  }

  cameraNotFound(): Locator {
    return this.page.getByRole('heading', { name: 'Camera not found' });
  }

  async openLargeMap(): Promise<Locator> {
    await this.expandMap.click();
    await expectVisible(this.mapModal, "the large map modal ('Map view')");
    return this.mapModal;
  }

  /** Camera dots of the large map. */
  largeMapDots(): Locator {
    return this.mapModal.locator('[data-testid^="map-camera-"]');
  }

  miniMapDots(): Locator {
    return this.miniMap.locator('[data-testid^="map-camera-"]');
  }

  async dotCameraIds(dots: Locator): Promise<number[]> {
    const ids = await dots.evaluateAll((elements) =>
      elements.map((element) => Number(element.getAttribute('data-testid')?.replace('map-camera-', ''))),
    );
    return ids.sort((a, b) => a - b);
  }
}
