import { Button, Center, Drawer, type DrawerProps, Loader, Tooltip } from '@mantine/core';
import { type ReactNode, Suspense, useState } from 'react';

/** What the button gives the drawer it mounts. */
export interface LazyDrawerControl {
  opened: boolean;
  onClose: () => void;
}

export interface LazyDrawerButtonProps {
  /** The button's text; also the loading drawer's title unless `drawerTitle` is given. */
  label: string;
  icon: ReactNode;
  /** Fetches the drawer's chunk (the `import()` of its `lazy` component) on pointer-enter and focus, unless blocked. */
  prefetch: () => unknown;
  /** The drawer (a `lazy` component), rendered from the first opening on and kept mounted while not blocked. */
  renderDrawer: (control: LazyDrawerControl) => ReactNode;
  /** Why the action is not available (the tooltip of the disabled button); null or absent: available. */
  blocker?: string | null;
  /** Called on each opening, before the drawer renders (e.g. to read the time the player is at). */
  onOpen?: () => void;
  /** The loading drawer while the chunk arrives: its title (default `label`), size, loader's label (default: title). */
  drawerTitle?: string;
  drawerSize?: DrawerProps['size'];
  loadingLabel?: string;
  /** Props the loading drawer shares with the real one (e.g. a drawer without overlay). */
  drawerProps?: Partial<DrawerProps>;
}

/**
 * A header action that opens a drawer whose code is a chunk of its own (the pages' JavaScript budgets have no room for
 * it): the chunk is fetched when the pointer or focus reaches the button, or at the latest on the click; meanwhile a
 * drawer with a loader shows. The drawer mounts on the first opening and stays mounted (its state and running work
 * stay while it is closed). With a `blocker` the button is drawn disabled, yet hoverable and focusable, with the
 * blocker as its tooltip, and opens nothing.
 */
export function LazyDrawerButton(props: LazyDrawerButtonProps) {
  const { label, icon, prefetch, renderDrawer, blocker = null, onOpen, drawerSize = 'lg', drawerProps } = props;
  const [opened, setOpened] = useState(false);
  const [mounted, setMounted] = useState(false);
  const blocked = blocker !== null;
  const warmUp = () => {
    if (!blocked) void prefetch();
  };
  const close = () => setOpened(false);
  const button = (
    <Button
      variant="default"
      size="compact-sm"
      leftSection={icon}
      data-disabled={blocked || undefined}
      aria-disabled={blocked}
      onPointerEnter={warmUp}
      onFocus={warmUp}
      onClick={(event) => {
        if (blocked) {
          event.preventDefault();
          return;
        }
        onOpen?.();
        setMounted(true);
        setOpened(true);
      }}
    >
      {label}
    </Button>
  );
  const loading = (
    <Drawer
      {...drawerProps}
      opened={opened}
      onClose={close}
      position="right"
      size={drawerSize}
      title={props.drawerTitle ?? label}
    >
      <Center py="xl">
        <Loader size="sm" aria-label={props.loadingLabel ?? props.drawerTitle ?? label} />
      </Center>
    </Drawer>
  );
  return (
    <>
      {blocked ? <Tooltip label={blocker}>{button}</Tooltip> : button}
      {!blocked && mounted && <Suspense fallback={loading}>{renderDrawer({ opened, onClose: close })}</Suspense>}
    </>
  );
}
