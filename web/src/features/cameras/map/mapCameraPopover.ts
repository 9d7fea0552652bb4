/** Gap (px) between a dot and its popover. */
const POPOVER_OFFSET_PX = 8;

/**
 * The hover/focus popover of the map's camera dots, drawn in `document.body` (fixed position) so that neither the
 * map nor the side panel clips it (issue 17 item 10). Above the dot, below it when there is no room above; closes when
 * the pointer or focus leaves the dot, on Escape and on a click elsewhere.
 */
export class MapCameraPopover {
  private readonly element: HTMLDivElement;

  constructor() {
    this.element = document.createElement('div');
    this.element.className = 'argus-map-camera-popover';
    this.element.dataset.testid = 'map-camera-popover';
    this.element.setAttribute('role', 'tooltip');
    this.element.hidden = true;
    document.body.append(this.element);
    window.addEventListener('keydown', this.onKeyDown, true);
    document.addEventListener('pointerdown', this.onPointerDown, true);
  }

  show(anchor: Element, content: HTMLElement): void {
    this.element.replaceChildren(content);
    this.element.hidden = false;
    const dot = anchor.getBoundingClientRect();
    const popover = this.element.getBoundingClientRect();
    const centerX = dot.left + dot.width / 2;
    const left = Math.min(Math.max(centerX - popover.width / 2, 0), window.innerWidth - popover.width);
    const above = dot.top - POPOVER_OFFSET_PX - popover.height;
    const top = above >= 0 ? above : dot.bottom + POPOVER_OFFSET_PX;
    this.element.style.left = `${left}px`;
    this.element.style.top = `${top}px`;
  }

  hide(): void {
    this.element.hidden = true;
    this.element.replaceChildren();
  }

  destroy(): void {
    window.removeEventListener('keydown', this.onKeyDown, true);
    document.removeEventListener('pointerdown', this.onPointerDown, true);
    this.element.remove();
  }

  private readonly onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !this.element.hidden) this.hide();
  };

  private readonly onPointerDown = (event: PointerEvent) => {
    if (!this.element.hidden && !this.element.contains(event.target as Node)) this.hide();
  };
}
